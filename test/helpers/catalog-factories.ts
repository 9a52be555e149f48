// Reference data and listings built straight through the database, for tests of features that
// need a listing without going through the creation wizard.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../src/kernel/deps.ts';
import { countries, currencies, properties, propertyTypes, roomTypes, ratePlans } from '../../src/db/schema/index.ts';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

export async function ensureCountry(deps: Deps, code = 'FR', name = 'France'): Promise<string> {
  await deps.db.insert(countries).values({ code, name }).onConflictDoNothing();
  return code;
}

export async function ensureCurrency(deps: Deps, code = 'EUR', decimals = 2): Promise<string> {
  await deps.db
    .insert(currencies)
    .values({ code, name: code, symbol: code, decimals, exchangeRate: '1', isDefault: false })
    .onConflictDoNothing();
  return code;
}

export async function createPropertyType(deps: Deps, name = `Type ${next()}`): Promise<number> {
  const [row] = await deps.db.insert(propertyTypes).values({ name }).returning({ id: propertyTypes.id });
  return row!.id;
}

export type PropertyOverrides = Partial<typeof properties.$inferInsert>;

/** A complete, active, visible listing (a flat in Paris, 120.00 EUR a night, 4 guests) unless overridden. */
export async function createProperty(deps: Deps, ownerId: number, over: PropertyOverrides = {}) {
  const country = await ensureCountry(deps);
  const currency = await ensureCurrency(deps, over.currencyCode ?? 'EUR');
  const typeId = over.typeId ?? (await createPropertyType(deps));
  const tag = next();
  const [row] = await deps.db
    .insert(properties)
    .values({
      ownerId,
      status: 'active',
      visibility: true,
      whoAreYou: 'individual',
      internalName: `Flat ${tag}`,
      publicName: `Bright flat ${tag}`,
      typeId,
      description: 'A bright two-room flat near the river, quiet street.',
      countryCode: country,
      address: '1 Rue de Rivoli, Paris',
      latitude: 48.8566,
      longitude: 2.3522,
      timezone: 'Europe/Paris',
      currencyCode: currency,
      basePrice: 12000,
      pricePerNight: 12000,
      cleaningFee: 3000,
      taxRate: '10',
      securityDeposit: 20000,
      capacity: 4,
      checkInTime: '15:00:00',
      checkInTimeEnd: '20:00:00',
      checkOutTime: '11:00:00',
      rules: ['No smoking'],
      cancellationPolicy: ['flexible'],
      completedSteps: [1, 2, 3, 4, 5, 6, 7, 8],
      wifiInformations: { network: 'flat-wifi', password: 'secret-wifi-pass', speed: '100 Mbps' },
      ...over,
    })
    .returning();
  return row!;
}

/** A room type with one rate plan (no restrictions) on a listing. */
export async function createRoomType(
  deps: Deps,
  propertyId: number,
  over: { countOfRooms?: number; capacity?: number; price?: number; currency?: string } = {},
) {
  const [rt] = await deps.db
    .insert(roomTypes)
    .values({
      propertyId,
      title: `Double ${next()}`,
      countOfRooms: over.countOfRooms ?? 2,
      occAdults: 2,
      occChildren: 1,
      capacity: over.capacity ?? 3,
    })
    .returning();
  const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);
  const [rp] = await deps.db
    .insert(ratePlans)
    .values({
      roomTypeId: rt!.id,
      title: 'Standard',
      currency: over.currency ?? 'EUR',
      price: over.price ?? 9000,
      maxStay: seven(0),
      minStayArrival: seven(1),
      closedToArrival: seven(false),
      closedToDeparture: seven(false),
      stopSell: seven(false),
    })
    .returning();
  return { roomType: rt!, ratePlan: rp! };
}

/** Row count of a table, for "nothing was written" assertions. */
export async function countRows(deps: Deps, table: string): Promise<number> {
  const res = (await deps.db.execute(sql.raw(`SELECT count(*)::text AS n FROM ${table}`))) as unknown as {
    rows: Array<{ n: string }>;
  };
  return Number(res.rows[0]!.n);
}
