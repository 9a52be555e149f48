// Our property types in Channex's words. Channex takes only the `property_type` values its
// Properties page lists (https://docs.channex.io/api-v.1-documentation/hotels-collection, "Fields");
// anything else refuses the whole listing (422). Our reference types map by this explicit table;
// a type an admin added later maps to itself when Channex lists it under that name, else to
// holiday_home, the value for a home let to travellers.

/** The values Channex's Properties page allows. */
export const CHANNEX_PROPERTY_TYPES = [
  'apart_hotel',
  'apartment',
  'boat',
  'camping',
  'capsule_hotel',
  'chalet',
  'country_house',
  'farm_stay',
  'guest_house',
  'holiday_home',
  'holiday_park',
  'homestay',
  'hostel',
  'hotel',
  'inn',
  'lodge',
  'motel',
  'resort',
  'riad',
  'ryokan',
  'tent',
  'villa',
] as const;
export type ChannexPropertyType = (typeof CHANNEX_PROPERTY_TYPES)[number];

export const FALLBACK_PROPERTY_TYPE: ChannexPropertyType = 'holiday_home';

/** Our seeded types (src/modules/catalog/reference-data.ts), lower-cased, → Channex's. */
export const PROPERTY_TYPE_MAP: Readonly<Record<string, ChannexPropertyType>> = {
  apartment: 'apartment',
  house: 'holiday_home',
  villa: 'villa',
  studio: 'apartment',
  loft: 'apartment',
  'guest house': 'guest_house',
  // Channex has no bed-and-breakfast type; a B&B is rooms in the hosts' house.
  'bed and breakfast': 'guest_house',
  'hotel room': 'hotel',
  // Channex's own examples group lodges, cabins and chalets.
  cabin: 'lodge',
  chalet: 'chalet',
  cottage: 'country_house',
  townhouse: 'holiday_home',
  riad: 'riad',
};

export function channexPropertyType(ours: string | null): ChannexPropertyType {
  const name = (ours ?? '').trim().toLowerCase();
  const mapped = PROPERTY_TYPE_MAP[name];
  if (mapped) return mapped;
  const asIs = name.replace(/[\s-]+/g, '_');
  return (CHANNEX_PROPERTY_TYPES as readonly string[]).includes(asIs)
    ? (asIs as ChannexPropertyType)
    : FALLBACK_PROPERTY_TYPE;
}
