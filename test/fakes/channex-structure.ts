// Properties, room types and rate plans of the local Channex server: each create (POST, 201) or
// update (PUT, 200; "the same fields as Create") is validated field by field as its page
// documents, and refused with 422 `validation_error` and per-field details otherwise.
import { randomUUID } from 'node:crypto';
import {
  DOC,
  Problems,
  blank,
  coordinate,
  decimalsOf,
  int,
  isTimezone,
  isUuid,
  money,
  oneOf,
  text,
} from './channex-docs.ts';
import { resource, type Attrs, type ChannexState } from './channex-state.ts';

export type Answer = { status: number; body: unknown };

/** DOC.properties, "property_type": "One of possible values". */
export const PROPERTY_TYPES = [
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

/** DOC.properties: "optional at initial setup step, but required when you try connect first 3rd party service". */
export const CONNECTION_FIELDS = [
  'email',
  'phone',
  'zip_code',
  'country',
  'state',
  'city',
  'address',
  'longitude',
  'latitude',
] as const;

/** DOC.ratePlans, "meal_type". */
const MEAL_TYPES = [
  'none',
  'all_inclusive',
  'breakfast',
  'lunch',
  'dinner',
  'american',
  'bed_and_breakfast',
  'buffet_breakfast',
  'carribean_breakfast',
  'continental_breakfast',
  'english_breakfast',
  'european_plan',
  'family_plan',
  'full_board',
  'full_breakfast',
  'half_board',
  'room_only',
  'self_catering',
  'bermuda',
  'dinner_bed_and_breakfast_plan',
  'family_american',
  'breakfast_and_lunch',
  'lunch_and_dinner',
];
const WEEKDAY_ARRAYS = [
  'max_stay',
  'min_stay_arrival',
  'min_stay_through',
  'closed_to_arrival',
  'closed_to_departure',
  'stop_sell',
] as const;

function validateProperty(a: Attrs, p: Problems): void {
  // DOC.properties, "Fields".
  text(p, 'title', a.title, 255, true);
  if (blank(a.currency)) p.add('currency', "can't be blank");
  else if (!(typeof a.currency === 'string' && /^[A-Z]{3}$/.test(a.currency))) p.add('currency', 'is invalid');
  if (!blank(a.email) && !(typeof a.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a.email)))
    p.add('email', 'has invalid format');
  text(p, 'phone', a.phone, 32, false);
  if (typeof a.phone === 'string' && /[A-Za-z]/.test(a.phone)) p.add('phone', 'is invalid');
  text(p, 'zip_code', a.zip_code, 32, false);
  if (!blank(a.country) && !(typeof a.country === 'string' && /^[A-Z]{2}$/.test(a.country)))
    p.add('country', 'is invalid');
  for (const f of ['state', 'city', 'address']) text(p, f, a[f], 255, false);
  coordinate(p, 'longitude', a.longitude, 10, 180);
  coordinate(p, 'latitude', a.latitude, 9, 90);
  if (!blank(a.timezone) && !(typeof a.timezone === 'string' && isTimezone(a.timezone)))
    p.add('timezone', 'is invalid');
  oneOf(p, 'property_type', a.property_type, PROPERTY_TYPES);
  if (!blank(a.group_id) && !isUuid(a.group_id)) p.add('group_id', 'is invalid');
}

function validateRoomType(s: ChannexState, a: Attrs, p: Problems): void {
  // DOC.roomTypes, "Fields": counts are required; children and infants may be 0 ("If no Child only beds then set this to 0").
  if (!isUuid(a.property_id) || !s.properties.has(a.property_id))
    p.add('property_id', blank(a.property_id) ? "can't be blank" : 'is invalid');
  text(p, 'title', a.title, 255, true);
  int(p, 'count_of_rooms', a.count_of_rooms, 1, true);
  int(p, 'occ_adults', a.occ_adults, 1, true);
  int(p, 'occ_children', a.occ_children, 0, true);
  int(p, 'occ_infants', a.occ_infants, 0, true);
  int(p, 'default_occupancy', a.default_occupancy, 1, true);
  if (
    typeof a.default_occupancy === 'number' &&
    typeof a.occ_adults === 'number' &&
    a.default_occupancy > a.occ_adults
  ) {
    p.add('default_occupancy', 'must be less than or equal to occ_adults');
  }
  oneOf(p, 'room_kind', a.room_kind, ['room', 'dorm']);
}

function validateOptions(a: Attrs, roomType: Attrs | undefined, p: Problems): void {
  // DOC.ratePlans, "Occupancy Options".
  if (!Array.isArray(a.options) || !a.options.length) {
    p.add('options', "can't be blank");
    return;
  }
  const derived = a.rate_mode === 'derived' || a.rate_mode === 'cascade';
  const seen = new Set<number>();
  let primaries = 0;
  a.options.forEach((o: Attrs, i: number) => {
    const at = `options[${i}]`;
    int(p, `${at}.occupancy`, o?.occupancy, 1, true);
    if (typeof o?.is_primary !== 'boolean') p.add(`${at}.is_primary`, "can't be blank");
    if (o?.is_primary === true) primaries += 1;
    if (typeof o?.occupancy === 'number') {
      if (seen.has(o.occupancy)) p.add(`${at}.occupancy`, 'has already been taken');
      seen.add(o.occupancy);
      if (roomType && o.occupancy > roomType.occ_adults)
        p.add(`${at}.occupancy`, 'must be less than or equal to occ_adults of the room type');
    }
    // "required if [rate mode] equal to manual or if current Option is_primary ... and you create non-derived Rate Plan".
    if (blank(o?.rate)) {
      if ((a.rate_mode ?? 'manual') === 'manual' || (o?.is_primary && !derived)) p.add(`${at}.rate`, "can't be blank");
    } else if (money(o.rate, decimalsOf(a.currency)) === null) p.add(`${at}.rate`, 'is invalid');
  });
  if (primaries !== 1) p.add('options', 'should have exactly one primary option');
  if (!roomType || typeof roomType.occ_adults !== 'number') return;
  // "If you create Per Room Rate Plan you should pass Occupancy Option for maximum occupancy. For Per
  // Person Rate Plan you should pass Occupancy Option for each possible count of adult guests."
  if ((a.sell_mode ?? 'per_room') === 'per_person') {
    const missing = Array.from({ length: roomType.occ_adults }, (_, i) => i + 1).filter((n) => !seen.has(n));
    if (missing.length)
      p.add(
        'options',
        `a per_person rate plan needs an option for each count of adults; missing occupancy ${missing.join(', ')}`,
      );
  } else if (!seen.has(roomType.occ_adults))
    p.add('options', `a per_room rate plan needs an option for the maximum occupancy (${roomType.occ_adults})`);
}

function validateRatePlan(s: ChannexState, id: string | undefined, a: Attrs, p: Problems): void {
  // DOC.ratePlans, "Fields".
  text(p, 'title', a.title, 255, true);
  if (!isUuid(a.property_id) || !s.properties.has(a.property_id))
    p.add('property_id', blank(a.property_id) ? "can't be blank" : 'is invalid');
  const roomType = isUuid(a.room_type_id) ? s.roomTypes.get(a.room_type_id) : undefined;
  if (!roomType) p.add('room_type_id', blank(a.room_type_id) ? "can't be blank" : 'is invalid');
  else if (roomType.property_id !== a.property_id) p.add('room_type_id', 'belongs to another property');
  // "Should be unique per Property."
  if (typeof a.title === 'string') {
    const taken = [...s.ratePlans].some(
      ([other, rp]) =>
        other !== id && rp.property_id === a.property_id && String(rp.title).toLowerCase() === a.title.toLowerCase(),
    );
    if (taken) p.add('title', 'has already been taken');
  }
  if (!blank(a.currency) && !(typeof a.currency === 'string' && /^[A-Z]{3}$/.test(a.currency)))
    p.add('currency', 'is invalid');
  oneOf(p, 'sell_mode', a.sell_mode, ['per_room', 'per_person']);
  oneOf(p, 'rate_mode', a.rate_mode, ['manual', 'derived', 'auto', 'cascade']);
  oneOf(p, 'meal_type', a.meal_type, MEAL_TYPES);
  // "[auto_rate_settings] optional generally, but required if rate_mode equal to auto."
  if (a.rate_mode === 'auto' && (a.auto_rate_settings === null || typeof a.auto_rate_settings !== 'object'))
    p.add('auto_rate_settings', "can't be blank when rate_mode is auto");
  // "Derived/Cascade - price derived from parent_rate_plan": there must be one.
  if ((a.rate_mode === 'derived' || a.rate_mode === 'cascade') && blank(a.parent_rate_plan_id))
    p.add('parent_rate_plan_id', `can't be blank when rate_mode is ${a.rate_mode}`);
  if (!blank(a.parent_rate_plan_id) && !(isUuid(a.parent_rate_plan_id) && s.ratePlans.has(a.parent_rate_plan_id)))
    p.add('parent_rate_plan_id', 'is invalid');
  for (const f of ['children_fee', 'infant_fee'])
    if (!blank(a[f]) && money(a[f], decimalsOf(a.currency)) === null) p.add(f, 'is invalid');
  // DOC.ratePlans: the rate plan object carries its weekday restrictions as 7-entry arrays (the "Rate Plans List" example).
  for (const f of WEEKDAY_ARRAYS) {
    const v = a[f];
    if (v === undefined) continue;
    const bool = f.startsWith('closed') || f === 'stop_sell';
    const ok =
      Array.isArray(v) &&
      v.length === 7 &&
      v.every((x) => (bool ? typeof x === 'boolean' : Number.isInteger(x) && x >= (f.startsWith('min') ? 1 : 0)));
    if (!ok) p.add(f, 'should be a list of 7 valid values, one per day of the week');
  }
  validateOptions(a, roomType, p);
}

const KINDS = {
  property: { store: (s: ChannexState) => s.properties, doc: DOC.properties },
  room_type: { store: (s: ChannexState) => s.roomTypes, doc: DOC.roomTypes },
  rate_plan: { store: (s: ChannexState) => s.ratePlans, doc: DOC.ratePlans },
} as const;
export type StructureType = keyof typeof KINDS;

function relationships(type: StructureType, a: Attrs) {
  if (type === 'property') return undefined;
  const rel: Record<string, { data: { type: string; id: string } }> = {
    property: { data: { type: 'property', id: a.property_id } },
  };
  if (type === 'rate_plan') rel.room_type = { data: { type: 'room_type', id: a.room_type_id } };
  return rel;
}

/** POST /{collection} (id undefined) or PUT /{collection}/:id with a body wrapped in its type key (DOC.reference). */
export function upsertStructure(s: ChannexState, type: StructureType, id: string | undefined, body: unknown): Answer {
  const store = KINDS[type].store(s);
  const wrapped = (body as Attrs | null)?.[type];
  if (!wrapped || typeof wrapped !== 'object' || Array.isArray(wrapped)) {
    return {
      status: 422,
      body: {
        errors: {
          code: 'validation_error',
          title: 'Validation Error',
          details: { [type]: ['is required: the body is the object wrapped in its type key'] },
        },
      },
    };
  }
  // DOC.reference: "404 Not Found: The requested resource doesn't exist" (with the `not_found` body of DOC.bookings).
  if (id !== undefined && !store.has(id))
    return { status: 404, body: { errors: { code: 'not_found', title: 'Resouce Not Found' } } };
  const merged: Attrs = { ...(id ? store.get(id) : {}), ...wrapped };
  if (
    id &&
    type !== 'property' &&
    wrapped.property_id !== undefined &&
    wrapped.property_id !== store.get(id)!.property_id
  ) {
    return {
      status: 422,
      body: {
        errors: {
          code: 'validation_error',
          title: 'Validation Error',
          details: { property_id: ['can not be changed'] },
        },
      },
    };
  }
  const p = new Problems();
  if (type === 'property') validateProperty(merged, p);
  else if (type === 'room_type') validateRoomType(s, merged, p);
  else
    validateRatePlan(
      s,
      id,
      { ...merged, sell_mode: merged.sell_mode ?? 'per_room', rate_mode: merged.rate_mode ?? 'manual' },
      p,
    );
  if (p.any)
    return {
      status: 422,
      body: { errors: { code: 'validation_error', title: 'Validation Error', details: p.details } },
    };
  if (type === 'rate_plan') {
    merged.sell_mode ??= 'per_room';
    merged.rate_mode ??= 'manual';
    merged.currency ??= s.properties.get(merged.property_id)?.currency;
  }
  const key = id ?? randomUUID();
  store.set(key, merged);
  return { status: id ? 200 : 201, body: { data: resource(type, key, merged, relationships(type, merged)) } };
}

/** The documented fields still empty that Channex requires before a property's first channel connection. */
export function missingForConnection(s: ChannexState, propertyId: string): string[] {
  const p = s.properties.get(propertyId);
  return p ? CONNECTION_FIELDS.filter((f) => blank(p[f])) : [...CONNECTION_FIELDS];
}
