// The demo catalogue for `npm run seed:demo`: listings of the demo owner and of a second demo
// owner (a company), with amenities, pricing rules, room types, rate plans and a few calendar
// overrides, written straight through the schema. Runs once: when the demo owner already has
// listings, nothing is inserted and the table of what exists is returned.
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../src/kernel/deps.ts';
import type { Executor } from '../src/db/connection.ts';
import {
  commodities,
  currencies,
  neighborhoods,
  offers,
  packages,
  promoCodes,
  properties,
  propertyCommodities,
  propertyNights,
  propertyTypes,
  ratePlans,
  roomTypes,
  seasons,
  services,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { formatMinor, toMinor } from '../src/kernel/money.ts';
import { DEMO_LISTINGS, type DemoListing, type DemoRatePlan } from './demo-catalog-data.ts';

export const DEMO_OWNER_EMAIL = 'owner@demo.stays.test';
export const SECOND_OWNER = {
  username: 'demo_owner2',
  email: 'owner2@demo.stays.test',
  password: 'demo-owner2-pass',
  first: 'Omar',
  last: 'Host',
  company: 'Atlas Stays SARL',
};

export interface DemoCatalogResult {
  /** False when the catalogue was already there. */
  created: boolean;
  /** role, login, password, login type: the second owner's credentials. */
  accounts: string[][];
  /** One row per listing of the demo owners. */
  listings: string[][];
}

export async function seedDemoCatalog(deps: Deps): Promise<DemoCatalogResult> {
  const users = usersRepository(deps.db);
  const now = deps.clock.now();
  const first = await users.findByEmail(DEMO_OWNER_EMAIL);
  if (!first) throw new Error(`${DEMO_OWNER_EMAIL} is missing: seed the demo accounts first`);
  const passwordHash = await hashPassword(SECOND_OWNER.password);
  const existing = await users.findByEmail(SECOND_OWNER.email);
  const second = existing
    ? (await users.update(existing.id, { passwordHash, role: 'owner', isActive: true }, now))!
    : await users.insert({
        username: SECOND_OWNER.username,
        email: SECOND_OWNER.email,
        passwordHash,
        role: 'owner',
        firstName: SECOND_OWNER.first,
        lastName: SECOND_OWNER.last,
        userType: 'company',
        companyName: SECOND_OWNER.company,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
  const [{ n }] = (await deps.db.select({ n: count() }).from(properties).where(eq(properties.ownerId, first.id))) as [
    { n: number },
  ];
  const created = Number(n) === 0;
  if (created) await deps.db.transaction((tx) => insertCatalog(tx, { 1: first.id, 2: second.id }, now));
  return {
    created,
    accounts: [['owner', SECOND_OWNER.email, SECOND_OWNER.password, 'client']],
    listings: await summary(deps.db, [first.id, second.id], {
      [first.id]: first.username,
      [second.id]: second.username,
    }),
  };
}

const seven = <T>(v: T): T[] => Array.from({ length: 7 }, () => v);

async function lookups(db: Executor) {
  const lower = (s: string) => s.toLowerCase();
  const types = new Map((await db.select().from(propertyTypes)).map((r) => [lower(r.name), r.id]));
  const amenities = new Map((await db.select().from(commodities)).map((r) => [lower(r.name), r.id]));
  const hoods = new Map(
    (await db.select().from(neighborhoods)).map((r) => [lower(`${r.countryCode}|${r.city}|${r.name}`), r.id]),
  );
  const decimals = new Map((await db.select().from(currencies)).map((r) => [r.code, r.decimals]));
  return {
    // An admin may have renamed or deleted a seeded type; the demo then brings its own.
    async typeId(name: string): Promise<number> {
      const found = types.get(lower(name));
      if (found) return found;
      const [row] = await db.insert(propertyTypes).values({ name }).returning({ id: propertyTypes.id });
      types.set(lower(name), row!.id);
      return row!.id;
    },
    commodityIds: (names: string[]) =>
      names.map((x) => amenities.get(lower(x))).filter((id): id is number => id !== undefined),
    neighborhoodId: (l: DemoListing) =>
      l.neighborhood ? (hoods.get(lower(`${l.country}|${l.city}|${l.neighborhood}`)) ?? null) : null,
    decimals(code: string): number {
      const d = decimals.get(code);
      if (d === undefined) throw new Error(`currency ${code} is not in the catalogue`);
      return d;
    },
  };
}

async function insertCatalog(tx: Executor, owners: Record<1 | 2, number>, now: Date): Promise<void> {
  const look = await lookups(tx);
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [i, l] of DEMO_LISTINGS.entries()) {
    const dec = look.decimals(l.currency);
    const minor = (v: number) => {
      const m = toMinor(v, dec);
      if (m === null) throw new Error(`${l.publicName}: ${v} ${l.currency} has too many decimals`);
      return m;
    };
    const opt = (v: number | undefined) => (v === undefined ? null : minor(v));
    const draft = l.status === 'draft';
    const [p] = await tx
      .insert(properties)
      .values({
        ownerId: owners[l.owner],
        status: l.status,
        visibility: true,
        recommended: l.recommended ?? false,
        whoAreYou: l.owner === 2 ? 'company' : 'individual',
        nameOfStructure: l.owner === 2 ? SECOND_OWNER.company : null,
        internalName: l.internalName,
        publicName: l.publicName,
        typeId: await look.typeId(l.type),
        description: l.description,
        countryCode: l.country,
        address: l.address,
        latitude: l.lat,
        longitude: l.lng,
        neighborhoodId: look.neighborhoodId(l),
        timezone: l.timezone,
        currencyCode: l.currency,
        basePrice: opt(l.price),
        pricePerNight: opt(l.price),
        pricing: l.price === undefined ? null : String(l.price),
        cleaningFee: opt(l.cleaning),
        taxRate: l.tax ?? null,
        securityDeposit: opt(l.deposit),
        weeklyDiscountPercent: l.weekly ?? '0',
        monthlyDiscountPercent: l.monthly ?? '0',
        capacity: l.capacity ?? null,
        squareFootage: l.sqft ?? null,
        checkInTime: draft ? null : '15:00:00',
        checkInTimeEnd: draft ? null : '21:00:00',
        checkOutTime: draft ? null : '11:00:00',
        breakfastIncluded: l.breakfast ?? false,
        petsAllowed: l.pets ?? false,
        rules: l.rules ?? [],
        cancellationPolicy: l.policy ?? [],
        specifications: draft ? [] : ['Non-smoking listing'],
        someInformations: draft
          ? []
          : [{ key: 'Keys', value: 'Self check-in with a key box; the code is sent on the day of arrival.' }],
        wifiInformations: draft
          ? null
          : { network: `${l.internalName.toLowerCase()}-guest`, password: `stay-${1000 + i * 37}`, speed: '200 Mbps' },
        completedSteps: draft ? [1, 2, 3] : [1, 2, 3, 4, 5, 6, 7, 8],
        // Staggered so "newest" ordering shows the catalogue in its written order.
        createdAt: new Date(now.getTime() - (DEMO_LISTINGS.length - i) * 60_000),
        updatedAt: now,
      })
      .returning({ id: properties.id });
    const propertyId = p!.id;
    const amenityIds = look.commodityIds(l.commodities);
    if (amenityIds.length)
      await tx.insert(propertyCommodities).values(amenityIds.map((commodityId) => ({ propertyId, commodityId })));
    if (l.seasons?.length) {
      await tx.insert(seasons).values(
        l.seasons.map((s) => ({
          propertyId,
          name: s.name,
          startDate: day(s.from),
          endDate: day(s.to),
          reductionPercent: s.reduction,
          minStay: s.minStay ?? null,
          maxStay: s.maxStay ?? null,
        })),
      );
    }
    // A fixed discount is kept in minor units, a percent as is (see rule-views.ts).
    const discount = (type: 'percent' | 'fixed', value: number) =>
      type === 'fixed' ? String(minor(value)) : String(value);
    if (l.offers?.length) {
      await tx.insert(offers).values(
        l.offers.map((o) => ({
          propertyId,
          name: o.name,
          discountType: o.type,
          discountValue: discount(o.type, o.value),
          startDate: day(o.from),
          endDate: day(o.to),
          minNights: o.minNights ?? 1,
        })),
      );
    }
    if (l.packages?.length)
      await tx
        .insert(packages)
        .values(
          l.packages.map((x) => ({ propertyId, name: x.name, price: minor(x.price), isGlobal: x.global ?? false })),
        );
    if (l.services?.length)
      await tx
        .insert(services)
        .values(l.services.map((x) => ({ propertyId, name: x.name, price: minor(x.price), type: x.type })));
    if (l.promos?.length) {
      await tx.insert(promoCodes).values(
        l.promos.map((c) => ({
          propertyId,
          code: c.code,
          discountType: c.type,
          discountValue: discount(c.type, c.value),
          validFrom: day(c.from),
          validTo: day(c.to),
          maxUses: c.maxUses ?? null,
          minNights: c.minNights ?? 1,
        })),
      );
    }
    const roomTypeIds: number[] = [];
    for (const rt of l.roomTypes ?? []) {
      const [row] = await tx
        .insert(roomTypes)
        .values({
          propertyId,
          title: rt.title,
          countOfRooms: rt.count,
          occAdults: rt.adults,
          occChildren: rt.children,
          capacity: rt.capacity,
        })
        .returning({ id: roomTypes.id });
      roomTypeIds.push(row!.id);
      await tx.insert(ratePlans).values(
        rt.plans.map((plan: DemoRatePlan) => ({
          roomTypeId: row!.id,
          title: plan.title,
          currency: l.currency,
          price: minor(plan.price),
          maxStay: seven(0),
          minStayArrival: plan.minStayArrival ?? seven(1),
          closedToArrival: plan.closedToArrival ?? seven(false),
          closedToDeparture: seven(false),
          stopSell: plan.stopSell ?? seven(false),
        })),
      );
    }
    if (l.nights?.length) {
      await tx.insert(propertyNights).values(
        l.nights.map((x) => ({
          propertyId,
          roomTypeId: x.roomType === undefined ? 0 : roomTypeIds[x.roomType]!,
          night: day(x.day),
          price: opt(x.price),
          availableRooms: x.availableRooms ?? null,
          stopSell: x.stopSell ?? false,
        })),
      );
    }
  }
}

async function summary(db: Executor, ownerIds: number[], usernames: Record<number, string>): Promise<string[][]> {
  const rows = await db
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      name: properties.publicName,
      status: properties.status,
      country: properties.countryCode,
      city: neighborhoods.city,
      type: propertyTypes.name,
      currency: properties.currencyCode,
      price: properties.pricePerNight,
      decimals: currencies.decimals,
      rooms: sql<number>`(SELECT count(*)::int FROM room_types rt WHERE rt.property_id = ${properties.id})`,
    })
    .from(properties)
    .leftJoin(neighborhoods, eq(neighborhoods.id, properties.neighborhoodId))
    .leftJoin(propertyTypes, eq(propertyTypes.id, properties.typeId))
    .leftJoin(currencies, eq(currencies.code, properties.currencyCode))
    .where(inArray(properties.ownerId, ownerIds))
    .orderBy(asc(properties.id));
  return rows.map((r) => [
    String(r.id),
    usernames[r.ownerId] ?? String(r.ownerId),
    r.name ?? '',
    `${r.city ?? '?'} (${r.country ?? '?'})`,
    r.type ?? '',
    r.price === null ? '—' : `${formatMinor(r.price, r.decimals ?? 2)} ${r.currency}`,
    r.status,
    String(r.rooms),
  ]);
}
