// Valid creation-form payloads (the spec's 8 steps), with the reference data they name created
// on the fly. `fullPropertyPayload` is one request that creates an active listing;
// `propertySteps` is the same content split the way the wizard sends it.
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../src/kernel/deps.ts';
import { commodities, neighborhoods } from '../../src/db/schema/index.ts';
import { createPropertyType, ensureCountry, ensureCurrency } from './catalog-factories.ts';

let seq = 0;

export interface PayloadRefs {
  typeId: number;
  country: string;
  currency: string;
  neighborhoodId: number;
  commodityIds: number[];
}

async function ensureCommodity(deps: Deps, name: string, type: string): Promise<number> {
  await deps.db.insert(commodities).values({ name, type }).onConflictDoNothing();
  const [row] = await deps.db
    .select({ id: commodities.id })
    .from(commodities)
    .where(sql`lower(${commodities.name}) = lower(${name})`)
    .limit(1);
  return row!.id;
}

async function ensureNeighborhood(deps: Deps, country: string, city: string, name: string): Promise<number> {
  await deps.db.insert(neighborhoods).values({ countryCode: country, city, name }).onConflictDoNothing();
  const [row] = await deps.db
    .select({ id: neighborhoods.id })
    .from(neighborhoods)
    .where(
      and(
        eq(neighborhoods.countryCode, country),
        sql`lower(${neighborhoods.city}) = lower(${city})`,
        sql`lower(${neighborhoods.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row!.id;
}

/** The reference data a payload names: a fresh property type, France, EUR, Le Marais, two amenities. */
export async function payloadRefs(deps: Deps): Promise<PayloadRefs> {
  const country = await ensureCountry(deps, 'FR', 'France');
  const currency = await ensureCurrency(deps, 'EUR', 2);
  return {
    typeId: await createPropertyType(deps),
    country,
    currency,
    neighborhoodId: await ensureNeighborhood(deps, country, 'Paris', 'Le Marais'),
    commodityIds: [await ensureCommodity(deps, 'Wi-Fi', 'internet'), await ensureCommodity(deps, 'Kitchen', 'kitchen')],
  };
}

/** The eight steps as separate request bodies, in order (index 0 = step 1). */
export function propertySteps(refs: PayloadRefs, userId?: number): Array<Record<string, unknown>> {
  seq += 1;
  return [
    {
      who_are_you: 'individual',
      ...(userId !== undefined ? { user_id: userId } : {}),
      name_of_structure: 'Maison Lumière',
    },
    {
      internal_name: `Marais flat ${process.pid}-${seq}`,
      public_name: 'Bright flat in the Marais',
      type: { id: String(refs.typeId), name: 'Apartment' },
      description: 'A bright two-room flat in the heart of the Marais, on a quiet street.',
    },
    {
      country: { id: refs.country, name: 'France' },
      address: '12 Rue des Archives, 75004 Paris',
      location: '48.8575,2.3546',
      neighborhood_id: refs.neighborhoodId,
      timezone: 'Europe/Paris',
    },
    {
      currency: refs.currency,
      base_price: 110,
      price_per_night: 120.5,
      pricing: 1,
      cleaning_fee: 30,
      tax: 10,
      security_deposit: 200,
      weekly_discount_percent: 5,
      monthly_discount_percent: 15,
    },
    {
      capacity: 4,
      square_footage: 55,
      check_in_time: '15:00:00',
      check_in_time_end: '20:00:00',
      check_out_time: '11:00:00',
      breakfast_included: true,
      pets_allowed: 0,
    },
    {
      rules: ['No smoking', 'No parties'],
      cancellation_policy: ['flexible'],
      specifications: ['Elevator'],
      features: ['Balcony', 'City view'],
      commodities: refs.commodityIds,
    },
    { channel_sync_now: false },
    {
      some_informations: [{ key: 'Parking', value: 'Public garage 200 m away' }],
      wifi_informations: { network: 'marais-flat', password: 'wifi-secret-42', speed: '300 Mbps' },
    },
  ];
}

/** One body with every step: creating with it gives an active listing. */
export async function fullPropertyPayload(
  deps: Deps,
  over: Record<string, unknown> = {},
  userId?: number,
): Promise<Record<string, unknown>> {
  const refs = await payloadRefs(deps);
  return Object.assign({}, ...propertySteps(refs, userId), over);
}
