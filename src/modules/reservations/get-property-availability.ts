// The traveller's calendar (contract §11): night by night, whether it sells, its price after the
// season and the stay rules of arriving or leaving that day. It is built from the preview's own
// parts, so it cannot say other than the preview: the cached listing rules and calendar
// (pricing-input-cache.ts, invalidated with the listing's other caches), the same unit lines
// (listingLine/roomLines: calendar override, else plan price, else the listing's; units left),
// the engine's season price of a night (nightAfterSeason) and its stay rules (dayRules).
// Statements: none when the listing's rules and calendar are cached; else one for the nights
// of the range, plus one for the rules on a cold listing (the preview's). The answer's JSON
// bytes are kept too (availability-cache.ts), dropped with the listing's other caches.
import type { Deps } from '../../kernel/deps.ts';
import { addDays, daysBetween, stayNights, todayIn } from '../../kernel/calendar-dates.ts';
import { minorToNumber } from '../../kernel/money.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { dayRules, nightAfterSeason, type UnitLine } from '../pricing/index.ts';
import { isPublic } from '../properties/index.ts';
import { MAX_CALENDAR_NIGHTS, type Availability, type AvailabilityNight } from './availability.schemas.ts';
import { calendarOf, LISTING_UNIT, listingLine, roomLines } from './unit-lines.ts';
import { availabilityCache } from './availability-cache.ts';
import { pricingInputCache } from './pricing-input-cache.ts';
import { readDeps } from '../../platform/read-routing.ts';

type RoomTypeNight = NonNullable<AvailabilityNight['room_types']>[number];

/** The answer's JSON (envelope included) as UTF-8 bytes, from the answer cache or built now and kept. */
export async function propertyAvailabilityJson(
  deps: Deps,
  propertyId: number,
  from: string,
  to: string,
): Promise<Buffer> {
  checkRange(from, to);
  deps = readDeps(deps, { listingId: propertyId });
  const cache = availabilityCache(deps);
  const range = `${from}|${to}`;
  const now = deps.clock.now();
  const hit = cache.get(propertyId, range, now);
  if (hit !== undefined) return hit;
  const stamp = deps.readAt ?? cache.stamp();
  const { view, timezone, today } = await buildAvailability(deps, propertyId, from, to, now);
  const json = Buffer.from(JSON.stringify(ok(view, 'Availability')));
  cache.set(propertyId, range, stamp, { json, timezone, today });
  return json;
}

/** The calendar, built afresh from the price loader's cache (no answer cache). */
export async function getPropertyAvailability(
  deps: Deps,
  propertyId: number,
  from: string,
  to: string,
): Promise<Availability> {
  checkRange(from, to);
  return (await buildAvailability(deps, propertyId, from, to, deps.clock.now())).view;
}

function checkRange(from: string, to: string): void {
  const nightsAsked = daysBetween(from, to);
  if (nightsAsked < 1) throw new AppError('VALIDATION_FAILED', 'to must be after from', { to: ['must be after from'] });
  if (nightsAsked > MAX_CALENDAR_NIGHTS) {
    throw new AppError('VALIDATION_FAILED', `at most ${MAX_CALENDAR_NIGHTS} nights per call`, {
      to: [`at most ${MAX_CALENDAR_NIGHTS} nights after from`],
    });
  }
}

async function buildAvailability(
  deps: Deps,
  propertyId: number,
  from: string,
  to: string,
  now: Date,
): Promise<{ view: Availability; timezone: string; today: string }> {
  const cache = pricingInputCache(deps);
  const config = cache.peekConfig(propertyId) ?? (await cache.config(deps.db, propertyId, deps.readAt));
  if (!config || !isPublic(config.property)) throw new AppError('NOT_FOUND', 'Property not found');
  const { property, roomTypes, ratePlans, typeById, planById, engineSeasons } = config;
  const decimals = config.decimals ?? 2;
  const money = (minor: number) => minorToNumber(minor, decimals);

  const kinds = roomTypes.length ? roomTypes.map((t) => t.id) : [LISTING_UNIT];
  const rows =
    cache.peekNights(propertyId, kinds, from, to) ??
    (await cache.nights(deps.db, { propertyId, kinds, checkin: from, checkout: to, now, readAt: deps.readAt }));
  const calendar = calendarOf(rows);
  const dates = stayNights(from, to);
  const today = todayIn(property.timezone, now);
  const done = (view: Availability) => ({ view, timezone: property.timezone, today });
  const lastNight = addDays(to, -1);
  const seasons = engineSeasons.filter((s) => s.startDate <= lastNight && s.endDate >= from);

  if (roomTypes.length === 0) {
    if (property.pricePerNight === null)
      return done({ currency: property.currencyCode, nights: dates.map((date) => closedNight(date, seasons)) });
    const line = listingLine(property, dates, calendar);
    return done({
      currency: property.currencyCode,
      nights: line.nights.map((n) => {
        const rules = dayRules(n.date, seasons);
        return {
          date: n.date,
          bookable: n.date >= today && !n.stopSell && n.available >= 1,
          price: money(nightAfterSeason(n.priceMinor, n.date, seasons)),
          min_stay: rules.minStay,
          max_stay: rules.maxStay,
          closed_to_arrival: false,
          closed_to_departure: false,
        };
      }),
    });
  }

  // One unit line per (room type, rate plan), as a preview of one room of that plan builds it.
  const lines: UnitLine[] = ratePlans
    .filter((p) => typeById.has(p.roomTypeId))
    .map(
      (p) =>
        roomLines([{ roomTypeId: p.roomTypeId, ratePlanId: p.id, roomsCount: 1 }], {
          types: typeById,
          plans: planById,
          dates,
          calendar,
          guests: 1,
        })[0]!,
    );
  return done({
    currency: property.currencyCode,
    nights: dates.map((date, i) => {
      const byType = new Map<number, RoomTypeNight>();
      let best: { price: number; sells: boolean } | null = null;
      let bookable = false;
      let minStay: number | null = null;
      let maxStay: number | null = null;
      let anyMax = false;
      let allCta = true;
      let allCtd = true;
      for (const line of lines) {
        const night = line.nights[i]!;
        const rules = dayRules(date, seasons, line.ratePlan);
        const stopSell = rules.stopSell || night.stopSell;
        const price = nightAfterSeason(night.priceMinor, date, seasons);
        const sells = !stopSell && night.available >= 1;
        let type = byType.get(line.roomTypeId!);
        if (!type)
          byType.set(
            line.roomTypeId!,
            (type = { room_type_id: line.roomTypeId!, rooms_left: night.available, rate_plans: [] }),
          );
        type.rate_plans.push({
          rate_plan_id: line.ratePlan!.id,
          price: money(price),
          min_stay: rules.minStay,
          max_stay: rules.maxStay,
          closed_to_arrival: rules.closedToArrival,
          closed_to_departure: rules.closedToDeparture,
          stop_sell: stopSell,
        });
        // The day's own rules are the least strict of the plans: what some stay could meet.
        bookable ||= sells;
        if (!best || (sells && !best.sells) || (sells === best.sells && price < best.price)) best = { price, sells };
        minStay = minStay === null || (rules.minStay ?? 0) < minStay ? (rules.minStay ?? 0) : minStay;
        if (rules.maxStay === null) anyMax = true;
        else maxStay = Math.max(maxStay ?? 0, rules.maxStay);
        allCta &&= rules.closedToArrival;
        allCtd &&= rules.closedToDeparture;
      }
      if (lines.length === 0) return { ...closedNight(date, seasons), room_types: [] };
      return {
        date,
        bookable: bookable && date >= today,
        price: money(best!.price),
        min_stay: minStay || null,
        max_stay: anyMax ? null : maxStay,
        closed_to_arrival: allCta,
        closed_to_departure: allCtd,
        room_types: [...byType.values()],
      };
    }),
  });
}

/** A night of a listing with nothing to sell (no nightly price, or room types without plans). */
function closedNight(date: string, seasons: Parameters<typeof dayRules>[1]): AvailabilityNight {
  const rules = dayRules(date, seasons);
  return {
    date,
    bookable: false,
    price: null,
    min_stay: rules.minStay,
    max_stay: rules.maxStay,
    closed_to_arrival: false,
    closed_to_departure: false,
  };
}
