// The read form's sections that other modules own: a listing's media (property-media), its
// seasons, offers and packages (property-rules), its room types with their rate plans
// (room-types). Those modules depend on this one (the ownership checks, the listing row), so
// this one cannot import them back. It defines the sections' shapes, which the read form's
// schema needs and the owning modules' views follow, and each owning module fills its section
// from its plugin (contributeToReadForm). A section nobody filled reads as empty.
import { Type, type Static } from 'typebox';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../kernel/deps.ts';

const S = Type.String();

/** The read form's `medias` entry: {id, media_type, url, thumbnail_url}. */
export const MediaView = Type.Object({
  id: Type.Integer(),
  media_type: S,
  url: S,
  thumbnail_url: Type.Union([S, Type.Null()]),
});

export const SeasonView = Type.Object({
  id: Type.Integer(),
  name: S,
  start_date: S,
  end_date: S,
  reduction_percent: Type.Number(),
  min_stay: Type.Union([Type.Integer(), Type.Null()]),
  max_stay: Type.Union([Type.Integer(), Type.Null()]),
});
export const OfferView = Type.Object({
  id: Type.Integer(),
  name: S,
  discount_type: S,
  discount_value: Type.Number(),
  start_date: S,
  end_date: S,
  min_nights: Type.Integer(),
});
export const PackageView = Type.Object({
  id: Type.Integer(),
  name: S,
  price: Type.Number(),
  is_global: Type.Boolean(),
});

/** The spec's channel room type and rate plan, plus `price` (the plan's default nightly rate). */
export const RatePlanView = Type.Object({
  id: Type.Integer(),
  title: S,
  currency: S,
  price: Type.Number(),
  max_stay: Type.Array(Type.Integer()),
  min_stay_arrival: Type.Array(Type.Integer()),
  closed_to_arrival: Type.Array(Type.Boolean()),
  closed_to_departure: Type.Array(Type.Boolean()),
  stop_sell: Type.Array(Type.Boolean()),
  sell_mode: S,
  rate_mode: S,
});
export const RoomTypeView = Type.Object({
  id: Type.Integer(),
  title: S,
  count_of_rooms: Type.Integer(),
  occ_adults: Type.Integer(),
  occ_children: Type.Integer(),
  capacity: Type.Integer(),
  rate_plans: Type.Array(RatePlanView),
});

/** Each section and the read form members it fills. */
export interface ReadFormSections {
  media: { medias: Array<Static<typeof MediaView>> };
  rules: {
    seasons: Array<Static<typeof SeasonView>>;
    offers: Array<Static<typeof OfferView>>;
    packages: Array<Static<typeof PackageView>>;
  };
  roomTypes: { channel_room_types: Array<Static<typeof RoomTypeView>> };
}
export type ReadFormSectionName = keyof ReadFormSections;
export type SectionMembers = ReadFormSections['media'] & ReadFormSections['rules'] & ReadFormSections['roomTypes'];

/**
 * Loads a section for a batch of listings with a fixed number of statements, whatever the batch
 * size (the read form is the busiest read). It resolves to one listing's members, amounts in the
 * decimals of the listing's currency.
 */
export type ReadFormSectionLoader<K extends ReadFormSectionName> = (
  db: Executor,
  propertyIds: number[],
) => Promise<(propertyId: number, decimals: number) => ReadFormSections[K]>;

type Loaders = { [K in ReadFormSectionName]?: ReadFormSectionLoader<K> };

// The order the sections load in (and their statements start), whatever order the modules
// registered in: the order the read form's queries always ran in.
const ORDER: ReadFormSectionName[] = ['media', 'rules', 'roomTypes'];

const SECTIONS = Symbol('properties.read-form-sections');
const loaders = (deps: Pick<Deps, 'services'>) => deps.services.get<Loaders>(SECTIONS, () => ({}));

/** Fills a section of every read form of the running app (a module calls it from its plugin). */
export function contributeToReadForm<K extends ReadFormSectionName>(
  deps: Pick<Deps, 'services'>,
  name: K,
  load: ReadFormSectionLoader<K>,
): void {
  (loaders(deps) as Record<K, ReadFormSectionLoader<K>>)[name] = load;
}

/** Every section of these listings, loaded together; then one listing's members. */
export async function loadSections(
  deps: Pick<Deps, 'services'>,
  db: Executor,
  propertyIds: number[],
): Promise<(propertyId: number, decimals: number) => SectionMembers> {
  const registered = loaders(deps);
  const loaded = await Promise.all(ORDER.map((name) => registered[name]?.(db, propertyIds)));
  return (propertyId, decimals) =>
    Object.assign(
      { medias: [], seasons: [], offers: [], packages: [], channel_room_types: [] } satisfies SectionMembers,
      ...loaded.map((members) => members?.(propertyId, decimals)),
    );
}

/** Rows grouped by a numeric key (the listing, the room type they belong to), in the order read. */
export function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
