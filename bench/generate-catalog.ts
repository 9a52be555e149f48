// `npm run bench:data -- --count 10000|100000`: a synthetic catalogue for the search and detail
// benchmarks, written where the benchmark server will read it:
//   - without DATABASE_URL: a PGlite data directory, data/bench/catalog-<count>/pgdata;
//   - with DATABASE_URL: the database stays_bench_catalog_<count> on that server (recreated).
// `npm run bench` copies it for every run (a file copy, or CREATE DATABASE … TEMPLATE), so runs
// never see each other's writes. A manifest beside it tells the scenarios what to ask for.
//
// The catalogue models a platform that grows by destinations: listings sit around synthetic
// cities (`--per-city`, default 200, gaussian spread σ≈3 km), so 10× the listings means 10× the
// cities at the same local density. Cities are drawn from a fixed seed, so city 0 (the one the
// search scenario asks about) is the same place in every dataset.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations, type Db } from '../src/db/connection.ts';
import { seedReferenceData } from '../src/modules/catalog/seed-reference-data.ts';
import {
  commodities,
  countries,
  currencies,
  offers,
  packages,
  properties,
  propertyCommodities,
  propertyMedias,
  propertyNights,
  propertyTypes,
  ratePlans,
  roomTypes,
  seasons,
  services,
  users,
} from '../src/db/schema/index.ts';
import { Progress } from './progress.ts';
import { datasetName, manifestPath, pgliteDatasetDir, withDatabase, type Manifest } from './datasets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function args() {
  const out = { count: 10_000, perCity: 200, batch: 1000, seed: 42 };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2);
    const value = inline ?? argv[++i];
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer (got "${value}")`);
    if (flag === '--count') out.count = n;
    else if (flag === '--per-city') out.perCity = n;
    else if (flag === '--batch') out.batch = Math.min(n, 2000);
    else if (flag === '--seed') out.seed = n;
    else throw new Error(`unknown option ${flag} (known: --count, --per-city, --batch, --seed)`);
  }
  return out;
}

/** mulberry32: small, fast, and the same sequence on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, int, pick, gauss, chance: (p: number) => next() < p };
}

function cityCenter(i: number): { lat: number; lng: number } {
  const r = rng(1_000_003 + i * 7919);
  return { lat: -45 + r.next() * 105, lng: -170 + r.next() * 340 };
}

const KM_PER_DEG = 111.195;
const DAY_MS = 86_400_000;
const WINDOW_DAYS = 120;
const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);
const dayOf = (base: number, n: number) => new Date(base + n * DAY_MS).toISOString().slice(0, 10);

async function openTarget(count: number) {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const name = datasetName(count);
  if (serverUrl) {
    const dbName = `stays_bench_${name.replace('-', '_')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = withDatabase(serverUrl, dbName);
    const database = await openDatabase({ url, poolSize: 2 });
    await runMigrations(database, url);
    return { database, kind: 'postgres' as const, location: dbName };
  }
  const dir = pgliteDatasetDir(root, count);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const database = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
  await runMigrations(database);
  return { database, kind: 'pglite' as const, location: path.relative(root, dir) };
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function main() {
  const opt = args();
  const started = Date.now();
  const { database, kind, location } = await openTarget(opt.count);
  const db: Db = database.db;
  await seedReferenceData(db);
  const typeIds = (await db.select({ id: propertyTypes.id }).from(propertyTypes)).map((r) => r.id);
  const commodityIds = (await db.select({ id: commodities.id }).from(commodities)).map((r) => r.id);
  const countryCodes = (await db.select({ code: countries.code }).from(countries)).map((r) => r.code);
  const currencyCodes = (await db.select({ code: currencies.code }).from(currencies)).map((r) => r.code);
  if (!typeIds.length || !commodityIds.length || !countryCodes.length)
    throw new Error('reference data missing after seeding');
  // Two-decimal currencies only, so one price range reads the same in all of them.
  const priced = ['EUR', 'USD', 'GBP', 'CHF'].filter((c) => currencyCodes.includes(c));
  if (!priced.length) throw new Error('none of EUR, USD, GBP, CHF is among the currencies');

  const r = rng(opt.seed);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const cities = Math.max(1, Math.ceil(opt.count / opt.perCity));
  const ownersCount = Math.max(1, Math.ceil(opt.count / 25));
  // In batches: one statement of 40,000 owners (the 1,000,000 catalogue) overflows drizzle's query builder.
  const ownerIds: number[] = [];
  for (let from = 0; from < ownersCount; from += opt.batch) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(opt.batch, ownersCount - from) }, (_, k) => {
          const i = from + k;
          return {
            username: `bench_owner_${i}`,
            email: `bench-owner-${i}@example.com`,
            firstName: 'Bench',
            lastName: `Owner ${i}`,
            role: 'owner',
          };
        }),
      )
      .returning({ id: users.id });
    ownerIds.push(...rows.map((o) => o.id));
  }

  const progress = new Progress(opt.count, 'properties');
  let detailId = 0;
  let nightsTotal = 0;
  for (let done = 0; done < opt.count; done += opt.batch) {
    const n = Math.min(opt.batch, opt.count - done);
    await db.transaction(async (tx) => {
      const drafts = Array.from({ length: n }, (_, k) => {
        const i = done + k;
        const city = i % cities;
        const c = cityCenter(city);
        const spread = 3 / KM_PER_DEG;
        const lat = Math.max(-89.9, Math.min(89.9, c.lat + r.gauss() * spread));
        const lng = c.lng + (r.gauss() * spread) / Math.cos((c.lat * Math.PI) / 180);
        const roll = r.next();
        // The very first listing is the detail benchmark's: public and complete.
        const status =
          i === 0 ? 'active' : roll < 0.85 ? 'active' : roll < 0.9 ? 'inactive' : roll < 0.97 ? 'draft' : 'archived';
        const price = r.int(40, 400) * 100;
        const currency = r.chance(0.8) ? priced[0]! : r.pick(priced);
        return {
          ownerId: r.pick(ownerIds),
          status,
          visibility: i === 0 || r.chance(0.95),
          recommended: r.chance(0.03),
          whoAreYou: 'individual',
          internalName: `Listing ${i}`,
          publicName: `Stay ${i} in city ${city}`,
          typeId: r.pick(typeIds),
          description: `A comfortable place to stay in city ${city}, listing number ${i}, close to everything.`,
          countryCode: r.pick(countryCodes),
          address: `${r.int(1, 300)} Bench Street, City ${city}`,
          latitude: Math.round(lat * 1e6) / 1e6,
          longitude: Math.round((((lng + 540) % 360) - 180) * 1e6) / 1e6,
          timezone: 'UTC',
          currencyCode: currency,
          basePrice: price,
          pricePerNight: price,
          cleaningFee: r.int(0, 8) * 500,
          taxRate: String(r.int(0, 20)),
          securityDeposit: r.int(0, 5) * 10000,
          capacity: r.int(1, 10),
          checkInTime: '15:00:00',
          checkInTimeEnd: '21:00:00',
          checkOutTime: '11:00:00',
          breakfastIncluded: r.chance(0.2),
          petsAllowed: r.chance(0.3),
          rules: ['No smoking'],
          cancellationPolicy: [r.pick(['flexible', 'moderate', 'strict'])],
          completedSteps: [1, 2, 3, 4, 5, 6, 7, 8],
          likeCount: Math.floor(r.next() ** 3 * 200),
          ratingCount: r.int(0, 40),
          ratingSum: 0,
          wifiInformations: { network: `net-${i}`, password: `pass-${i}`, speed: '100 Mbps' },
          createdAt: new Date(today - r.int(0, 730) * DAY_MS - r.int(0, DAY_MS - 1)),
        };
      });
      for (const d of drafts) d.ratingSum = d.ratingCount * r.int(3, 5);
      const ids = (await tx.insert(properties).values(drafts).returning({ id: properties.id })).map((p) => p.id);
      if (done === 0) detailId = ids[0]!;

      const links: Array<typeof propertyCommodities.$inferInsert> = [];
      const medias: Array<typeof propertyMedias.$inferInsert> = [];
      const nights = new Map<string, typeof propertyNights.$inferInsert>();
      const rtDrafts: Array<{ propertyId: number; row: typeof roomTypes.$inferInsert }> = [];
      const night = (
        propertyId: number,
        roomTypeId: number,
        day: number,
        v: Partial<typeof propertyNights.$inferInsert>,
      ) => {
        if (day < 0 || day >= WINDOW_DAYS) return;
        const key = `${propertyId}:${roomTypeId}:${day}`;
        nights.set(key, { propertyId, roomTypeId, night: dayOf(today, day), ...nights.get(key), ...v });
      };
      ids.forEach((id, k) => {
        const full = done + k === 0;
        const picked = new Set<number>();
        for (let j = full ? 8 : r.int(2, 6); j > 0; j--) picked.add(r.pick(commodityIds));
        for (const commodityId of picked) links.push({ propertyId: id, commodityId });
        const mediaCount = full ? 5 : r.chance(0.6) ? r.int(1, 3) : 0;
        for (let m = 0; m < mediaCount; m++) {
          medias.push({
            propertyId: id,
            mediaType: 'image',
            storageKey: `bench/${id}-${m}.jpg`,
            mime: 'image/jpeg',
            thumbnailKey: `bench/${id}-${m}-thumb.jpg`,
            position: m,
          });
        }
        if (full || r.chance(0.2)) {
          for (let t = full ? 3 : r.int(1, 3); t > 0; t--) {
            rtDrafts.push({
              propertyId: id,
              row: {
                propertyId: id,
                title: `Room ${t}`,
                countOfRooms: r.int(1, 8),
                occAdults: 2,
                occChildren: r.int(0, 2),
                capacity: r.int(2, 5),
              },
            });
          }
          return;
        }
        if (r.chance(0.35)) {
          for (let s = r.int(1, 4); s > 0; s--) {
            const start = r.int(0, WINDOW_DAYS - 1);
            for (let d = start, end = start + r.int(1, 7); d < end; d++) night(id, 0, d, { booked: 1 });
          }
        }
        if (r.chance(0.05)) {
          const start = r.int(0, WINDOW_DAYS - 1);
          for (let d = start, end = start + r.int(3, 10); d < end; d++) night(id, 0, d, { stopSell: true });
        }
      });
      if (rtDrafts.length) {
        const rts = await tx
          .insert(roomTypes)
          .values(rtDrafts.map((x) => x.row))
          .returning({ id: roomTypes.id, propertyId: roomTypes.propertyId, count: roomTypes.countOfRooms });
        await tx.insert(ratePlans).values(
          rts.map((rt) => ({
            roomTypeId: rt.id,
            title: 'Standard',
            currency: 'EUR',
            price: r.int(50, 300) * 100,
            maxStay: seven(0),
            minStayArrival: seven(1),
            closedToArrival: seven(false),
            closedToDeparture: seven(false),
            stopSell: seven(false),
          })),
        );
        for (const rt of rts) {
          for (let s = r.int(0, 6); s > 0; s--) {
            const start = r.int(0, WINDOW_DAYS - 1);
            const booked = r.int(1, rt.count);
            for (let d = start, end = start + r.int(1, 7); d < end; d++) night(rt.propertyId, rt.id, d, { booked });
          }
          if (r.chance(0.05)) night(rt.propertyId, rt.id, r.int(0, WINDOW_DAYS - 1), { stopSell: true });
        }
      }
      if (done === 0) {
        await tx.insert(seasons).values({
          propertyId: detailId,
          name: 'Summer',
          startDate: dayOf(today, 60),
          endDate: dayOf(today, 120),
          reductionPercent: '10',
          minStay: 2,
          maxStay: 21,
        });
        await tx.insert(offers).values({
          propertyId: detailId,
          name: 'Early bird',
          discountType: 'percent',
          discountValue: '15',
          startDate: dayOf(today, 0),
          endDate: dayOf(today, 90),
          minNights: 3,
        });
        await tx.insert(packages).values({ propertyId: detailId, name: 'Romance', price: 5000, isGlobal: false });
        await tx
          .insert(services)
          .values({ propertyId: detailId, name: 'Airport pick-up', price: 4000, type: 'per_stay' });
      }
      await insertChunked(links, 5000, (c) => tx.insert(propertyCommodities).values(c).onConflictDoNothing());
      await insertChunked(medias, 3000, (c) => tx.insert(propertyMedias).values(c));
      await insertChunked([...nights.values()], 5000, (c) => tx.insert(propertyNights).values(c));
      nightsTotal += nights.size;
    });
    progress.update(done + n);
  }
  progress.done();
  process.stderr.write('[bench:data] VACUUM ANALYZE …\n');
  await db.execute(sql`VACUUM ANALYZE`);
  await database.close();

  const manifest: Manifest = {
    dataset: datasetName(opt.count),
    database: kind,
    location,
    count: opt.count,
    cities,
    generatedAt: new Date().toISOString(),
    detailId,
    search: {
      near: `${cityCenter(0).lat.toFixed(6)},${cityCenter(0).lng.toFixed(6)}`,
      radius_km: 5,
      checkin_date: dayOf(today, 30),
      checkout_date: dayOf(today, 33),
      guests: 2,
    },
  };
  await mkdir(path.dirname(manifestPath(root, opt.count, kind)), { recursive: true });
  await writeFile(manifestPath(root, opt.count, kind), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stderr.write(
    `[bench:data] ${opt.count} properties in ${cities} cities, ${nightsTotal} calendar rows → ${kind} ${location} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s); manifest ${path.relative(root, manifestPath(root, opt.count, kind))}\n`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`\n[bench:data] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
