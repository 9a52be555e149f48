// Availability and rates/restrictions of the local Channex server (DOC.ari): POST /availability
// and POST /restrictions take `{values: [...]}`, each value one date or an inclusive range. A wrong
// value is left out and echoed back under `meta.warnings` with `warning: {field: [reasons]}`, and
// the answer is still 200 ("one message can be rejected, but another will be successfully
// produced"); the rest is applied in order ("Last Win logic"). Calls are limited per property and
// endpoint (DOC.rateLimits), and the certification rules are checked (DOC.certification).
import { randomUUID } from 'node:crypto';
import {
  DOC,
  Problems,
  blank,
  daysOf,
  decimalText,
  decimalsOf,
  errorBody,
  isDay,
  isInt,
  isUuid,
  money,
  todayIn,
} from './channex-docs.ts';
import type { Answer } from './channex-structure.ts';
import type { Attrs, ChannexState } from './channex-state.ts';

export type AriKind = 'availability' | 'restrictions';
const DAY_KEYS = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];
const BOOLEANS = ['closed_to_arrival', 'closed_to_departure', 'stop_sell'] as const;
const RESTRICTIONS = [
  'rate',
  'rates',
  'min_stay_arrival',
  'min_stay_through',
  'min_stay',
  'max_stay',
  ...BOOLEANS,
  'max_sell',
  'max_availability',
  'availability_offset',
];
/** A new rate plan's nights: "Rate = 0, Stop sell = Off, Min Stay = 1" (DOC.ratePlans, "Create Rate Plan"). */
const NIGHT_DEFAULTS: Attrs = {
  rate: '0.00',
  stop_sell: false,
  min_stay_arrival: 1,
  min_stay_through: 1,
  max_stay: 0,
  closed_to_arrival: false,
  closed_to_departure: false,
};
const LIMIT_PER_MINUTE = 10;
const FULL_SYNC_DAYS = 500;
const DAY_MS = 86_400_000;

/** Checks one value against DOC.ari's "Fields"; the reasons become its warning. Returns the nights it would set, or null. */
function check(s: ChannexState, kind: AriKind, v: Attrs, p: Problems): string[] | null {
  const target = kind === 'availability' ? 'room_type_id' : 'rate_plan_id';
  if (!isUuid(v.property_id) || !s.properties.has(v.property_id)) p.add('property_id', 'is invalid');
  const object = isUuid(v[target]) ? (kind === 'availability' ? s.roomTypes : s.ratePlans).get(v[target]) : undefined;
  if (!object || object.property_id !== v.property_id) p.add(target, 'is invalid');
  const from = v.date ?? v.date_from;
  const to = v.date ?? v.date_to;
  if (!isDay(from)) p.add(v.date === undefined ? 'date_from' : 'date', "can't be blank or is not a YYYY-MM-DD date");
  if (!isDay(to)) p.add(v.date === undefined ? 'date_to' : 'date', "can't be blank or is not a YYYY-MM-DD date");
  // DOC.ari: date, or date_from and date_to, "in ISO 8601 format by mask YYYY-MM-DD"; `days` "in 2 symbol format" (mo..su).
  if (isDay(from) && isDay(to) && from > to) p.add('date_to', 'must be on or after date_from');
  // Restrictions: "Past dates are not allowed" (on date, date_from and date_to), in the property's time zone.
  const today = todayIn(s.properties.get(v.property_id)?.timezone ?? 'UTC', s.now());
  if (kind === 'restrictions' && isDay(from) && from < today)
    p.add(v.date === undefined ? 'date_from' : 'date', `can't be in the past (today is ${today})`);
  if (v.days !== undefined && !(Array.isArray(v.days) && v.days.every((d: unknown) => DAY_KEYS.includes(d as string))))
    p.add('days', 'is invalid');
  if (kind === 'availability') {
    // DOC.ari, "Update Availability": "availability [required] Non-negative Integer value."
    if (!isInt(v.availability) || v.availability < 0)
      p.add('availability', blank(v.availability) ? "can't be blank" : 'must be greater than or equal to 0');
  } else {
    checkRestrictionFields(v, object, p);
  }
  return p.any
    ? null
    : [...daysOf(from, to)].filter((d) => !v.days || v.days.includes(DAY_KEYS[new Date(`${d}T00:00:00Z`).getUTCDay()]));
}

/** DOC.ari, "Update Rate & Restrictions": "Fields" and "Notes". */
function checkRestrictionFields(v: Attrs, plan: Attrs | undefined, p: Problems): void {
  // "At least one restriction should be present on the request."
  if (!RESTRICTIONS.some((k) => v[k] !== undefined)) p.add('values', 'at least one restriction should be present');
  const decimals = decimalsOf(plan?.currency);
  // "rate: String or Positive Integer value. The value should be greater than 0."
  if (v.rate !== undefined) {
    const minor = money(v.rate, decimals);
    if (minor === null) p.add('rate', 'is invalid');
    else if (minor <= 0) p.add('rate', 'must be greater than 0');
  }
  // "Multi Occupancy Rate Plan update": one rate per occupancy option of the plan.
  if (v.rates !== undefined) {
    const occupancies = new Set((plan?.options ?? []).map((o: Attrs) => o.occupancy));
    if (!Array.isArray(v.rates) || !v.rates.length) p.add('rates', 'is invalid');
    else
      for (const r of v.rates) {
        if (!occupancies.has(r?.occupancy))
          p.add('rates', `occupancy ${String(r?.occupancy)} is not an option of the rate plan`);
        const minor = money(r?.rate, decimals);
        if (minor === null || minor <= 0) p.add('rates', 'rate must be greater than 0');
      }
  }
  for (const f of ['min_stay_arrival', 'min_stay_through', 'min_stay'])
    if (v[f] !== undefined && !(isInt(v[f]) && v[f] >= 1)) p.add(f, 'must be greater than or equal to 1');
  for (const f of ['max_stay', 'availability_offset'])
    if (v[f] !== undefined && !(isInt(v[f]) && v[f] >= 0)) p.add(f, 'must be greater than or equal to 0');
  for (const f of ['max_sell', 'max_availability'])
    if (v[f] !== undefined && v[f] !== null && !(isInt(v[f]) && v[f] >= 0))
      p.add(f, 'must be greater than or equal to 0');
  // "Boolean value. Also, our API allow pass 0 or 1 as Boolean representation."
  for (const f of BOOLEANS) if (v[f] !== undefined && ![true, false, 0, 1].includes(v[f])) p.add(f, 'is invalid');
}

/** Sets one night; true when something there changed. */
function applyNight(s: ChannexState, kind: AriKind, v: Attrs, day: string): boolean {
  if (kind === 'availability') {
    const key = `${v.room_type_id}|${day}`;
    const before = s.availability.get(key) ?? 0;
    s.availability.set(key, v.availability);
    return before !== v.availability;
  }
  const plan = s.ratePlans.get(v.rate_plan_id)!;
  const decimals = decimalsOf(plan.currency);
  const key = `${v.rate_plan_id}|${day}`;
  const before: Attrs = { ...NIGHT_DEFAULTS, rates: {}, ...s.restrictions.get(key) };
  const next: Attrs = { ...before, rates: { ...before.rates } };
  const primary = (plan.options ?? []).find((o: Attrs) => o.is_primary)?.occupancy;
  if (v.rate !== undefined) {
    next.rate = decimalText(money(v.rate, decimals)!, decimals);
    if (primary !== undefined) next.rates[primary] = next.rate;
  }
  for (const r of v.rates ?? []) {
    next.rates[r.occupancy] = decimalText(money(r.rate, decimals)!, decimals);
    if (r.occupancy === primary) next.rate = next.rates[r.occupancy];
  }
  for (const f of RESTRICTIONS) {
    if (f === 'rate' || f === 'rates' || v[f] === undefined) continue;
    next[f] = (BOOLEANS as readonly string[]).includes(f) ? Boolean(v[f]) : v[f];
  }
  s.restrictions.set(key, next);
  return JSON.stringify(before) !== JSON.stringify(next);
}

/** DOC.rateLimits: "10 Restrictions & Price Requests per minute per property", likewise for availability. */
function overLimit(s: ChannexState, kind: AriKind, propertyIds: string[]): boolean {
  const now = s.now().getTime();
  const windows = propertyIds.map((id) => {
    const key = `${id}|${kind}`;
    const recent = (s.ariCalls.get(key) ?? []).filter((t) => t > now - 60_000);
    s.ariCalls.set(key, recent);
    return recent;
  });
  if (windows.some((w) => w.length >= LIMIT_PER_MINUTE)) return true;
  for (const w of windows) w.push(now);
  return false;
}

/**
 * DOC.certification: "Full sync means you should send 500 days", "Full sync is allowed once every
 * 24h", "We require partners to only send changes". A call that covers every room type (or rate
 * plan) of a property for a year or more is a full sync; nights re-sent unchanged outside the
 * day's one full sync are recorded as violations.
 */
function certify(
  s: ChannexState,
  kind: AriKind,
  propertyId: string,
  nights: Map<string, Set<string>>,
  unchanged: number,
): void {
  const objects = [...(kind === 'availability' ? s.roomTypes : s.ratePlans)]
    .filter(([, o]) => o.property_id === propertyId)
    .map(([id]) => id);
  const span = Math.min(...objects.map((id) => nights.get(id)?.size ?? 0));
  const key = `${propertyId}|${kind}`;
  const last = s.fullSyncs.get(key);
  const now = s.now().getTime();
  if (objects.length && span >= 365) {
    if (span < FULL_SYNC_DAYS)
      s.violations.push(
        `${kind} full sync of property ${propertyId} covers ${span} days; a full sync is 500 days (${DOC.certification})`,
      );
    if (unchanged > 0 && last !== undefined && now - last < DAY_MS) {
      s.violations.push(
        `${kind} full sync of property ${propertyId} repeated ${Math.round((now - last) / 1000)} s after the last one; at most one a day (${DOC.certification})`,
      );
    }
    s.fullSyncs.set(key, now);
    return;
  }
  if (unchanged > 0)
    s.violations.push(
      `${unchanged} ${kind} night(s) of property ${propertyId} re-sent unchanged; only changes may be sent (${DOC.certification})`,
    );
}

/** POST /availability or /restrictions. */
export function pushAri(s: ChannexState, kind: AriKind, body: unknown, forced?: Attrs[]): Answer {
  const values = (body as Attrs | null)?.values;
  if (!Array.isArray(values) || !values.length)
    return { status: 422, body: errorBody('validation_error', 'Validation Error', { values: ["can't be blank"] }) };
  const propertyIds = [...new Set(values.map((v: Attrs) => v?.property_id).filter((id): id is string => isUuid(id)))];
  if (overLimit(s, kind, propertyIds))
    return { status: 429, body: errorBody('http_too_many_requests', 'Too Many Requests') };
  const task = [{ id: randomUUID(), type: 'task' }];
  if (forced) return { status: 200, body: { data: task, meta: { message: 'Success', warnings: forced } } };
  const warnings: Attrs[] = [];
  const touched = new Map<string, { nights: Map<string, Set<string>>; unchanged: number }>();
  for (const v of values as Attrs[]) {
    const p = new Problems();
    if (!v || typeof v !== 'object') p.add('values', 'is invalid');
    const days = v && typeof v === 'object' ? check(s, kind, v, p) : null;
    if (!days) {
      const echo =
        kind === 'restrictions'
          ? Object.fromEntries(RESTRICTIONS.filter((k) => k !== 'rates').map((k) => [k, null]))
          : {};
      warnings.push({ ...echo, date: null, date_from: null, date_to: null, ...v, warning: p.details });
      continue;
    }
    const t = touched.get(v.property_id) ?? { nights: new Map(), unchanged: 0 };
    touched.set(v.property_id, t);
    const target = kind === 'availability' ? v.room_type_id : v.rate_plan_id;
    const seen = t.nights.get(target) ?? new Set<string>();
    t.nights.set(target, seen);
    for (const day of days) {
      seen.add(day);
      if (!applyNight(s, kind, v, day)) t.unchanged += 1;
    }
  }
  for (const [propertyId, t] of touched) certify(s, kind, propertyId, t.nights, t.unchanged);
  return { status: 200, body: { data: task, meta: { message: 'Success', warnings } } };
}

/** GET /availability: "Query requires ... date", per room type and night (DOC.ari, "Get Availability Per Room Type"); 400 `bad_request` without it. */
export function readAvailability(s: ChannexState, query: Record<string, string>): Answer {
  const from = query['filter[date][gte]'] ?? query['filter[date]'];
  const to = query['filter[date][lte]'] ?? query['filter[date]'];
  if (!isDay(from) || !isDay(to))
    return { status: 400, body: errorBody('bad_request', 'Bad Request', ['date is required']) };
  const propertyId = query['filter[property_id]'];
  const data: Record<string, Record<string, number>> = {};
  for (const [id, rt] of s.roomTypes) {
    if (propertyId && rt.property_id !== propertyId) continue;
    data[id] = Object.fromEntries([...daysOf(from, to)].map((d) => [d, s.availability.get(`${id}|${d}`) ?? 0]));
  }
  return { status: 200, body: { data } };
}
