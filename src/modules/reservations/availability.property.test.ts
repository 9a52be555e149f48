// The calendar says what the preview says (issue 25): on random listings (seasons, rate plan
// rules, room types, calendar overrides, booked, blocked and stopped nights), a stay the calendar
// shows as bookable previews as valid, one it shows as closed is refused, and each night's
// calendar price is the preview's price of that night after its season (base_total −
// season_discount of a one-night stay); a whole stay's is their sum, up to the preview's single
// rounding of the season line (half a minor unit per night at most).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { propertyNights, ratePlans, roomTypes, seasons } from '../../db/schema/index.ts';
import { addDays } from '../../kernel/calendar-dates.ts';

// Europe/Paris listings: "today" there is 2030-03-10; the window starts two nights before.
const START = new Date('2030-03-10T12:00:00Z');
const FROM = '2030-03-08';
const DAYS = 40;
const TO = addDays(FROM, DAYS);

const seven = <T>(a: fc.Arbitrary<T>) => fc.array(a, { minLength: 7, maxLength: 7 });
const rare = fc.integer({ min: 0, max: 5 }).map((n) => n === 0);
const offset = fc.integer({ min: 0, max: DAYS - 1 });
const planArb = fc.record({
  price: fc.integer({ min: 1, max: 40_000 }),
  sellMode: fc.constantFrom('per_room', 'per_person'),
  minStayArrival: seven(fc.constantFrom(0, 0, 1, 2, 3, 5)),
  maxStay: seven(fc.constantFrom(0, 0, 0, 3, 6)),
  closedToArrival: seven(rare),
  closedToDeparture: seven(rare),
  stopSell: seven(rare),
});
const typeArb = fc.record({
  countOfRooms: fc.integer({ min: 1, max: 3 }),
  plans: fc.array(planArb, { minLength: 1, maxLength: 2 }),
});
const nightArb = fc.record({
  unit: fc.nat(3),
  day: offset,
  price: fc.option(fc.integer({ min: 0, max: 50_000 })),
  availableRooms: fc.option(fc.integer({ min: 0, max: 3 })),
  stopSell: rare,
  booked: fc.integer({ min: 0, max: 2 }),
  blocked: fc.constantFrom(0, 0, 1),
});
const listingArb = fc.record({
  pricePerNight: fc.integer({ min: 1, max: 40_000 }),
  seasons: fc.array(
    fc.record({
      start: offset,
      length: fc.integer({ min: 1, max: 15 }),
      percent: fc.integer({ min: 0, max: 9_000 }).map((n) => (n / 100).toFixed(2)),
      minStay: fc.option(fc.integer({ min: 1, max: 5 })),
      maxStay: fc.option(fc.integer({ min: 2, max: 12 })),
    }),
    { maxLength: 3 },
  ),
  types: fc.array(typeArb, { maxLength: 2 }),
  nights: fc.array(nightArb, { maxLength: 25 }),
  stays: fc.array(
    fc.record({ start: fc.integer({ min: 0, max: DAYS - 2 }), nights: fc.integer({ min: 1, max: 8 }), plan: fc.nat() }),
    { minLength: 1, maxLength: 3 },
  ),
});

interface PlanNight {
  rate_plan_id: number;
  price: number;
  min_stay: number | null;
  max_stay: number | null;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  stop_sell: boolean;
}
interface Night {
  date: string;
  bookable: boolean;
  price: number | null;
  min_stay: number | null;
  max_stay: number | null;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  room_types?: { room_type_id: number; rooms_left: number; rate_plans: PlanNight[] }[];
}

const cents = (n: number) => Math.round(n * 100);
const fits = (r: { min_stay: number | null; max_stay: number | null }, n: number) =>
  n >= (r.min_stay ?? 0) && n <= (r.max_stay ?? Infinity);

describe('availability calendar = preview (property)', () => {
  let t: TestApp;
  let ownerId: number;
  before(async () => {
    t = await createTestApp({ start: START });
    ownerId = (await createUser(t.deps, { role: 'owner' })).id;
  });
  after(() => t.close());

  const preview = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations/preview', payload: body });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as {
      base_total: number;
      season_discount: number;
      stay_validation: { valid: boolean; message: string | null };
    };
  };
  const afterSeason = (d: { base_total: number; season_discount: number }) =>
    cents(d.base_total) - cents(d.season_discount);

  it("a bookable stay previews valid at the calendar's prices; a closed one is refused", async () => {
    let stays = 0;
    let valid = 0;
    await fc.assert(
      fc.asyncProperty(listingArb, async (l) => {
        const p = await createProperty(t.deps, ownerId, {
          pricePerNight: l.pricePerNight,
          capacity: 2,
          cleaningFee: 0,
        });
        const plans: { typeId: number; planId: number }[] = [];
        for (const ty of l.types) {
          const [rt] = await t.deps.db
            .insert(roomTypes)
            .values({
              propertyId: p.id,
              title: 'Room',
              countOfRooms: ty.countOfRooms,
              occAdults: 2,
              occChildren: 0,
              capacity: 2,
            })
            .returning();
          for (const pl of ty.plans) {
            const [rp] = await t.deps.db
              .insert(ratePlans)
              .values({ roomTypeId: rt!.id, title: 'Plan', currency: 'EUR', ...pl })
              .returning();
            plans.push({ typeId: rt!.id, planId: rp!.id });
          }
        }
        const kinds = l.types.length ? [...new Set(plans.map((x) => x.typeId))] : [0];
        const rows = new Map<string, typeof propertyNights.$inferInsert>();
        for (const n of l.nights) {
          const roomTypeId = kinds[n.unit % kinds.length]!;
          const night = addDays(FROM, n.day);
          rows.set(`${roomTypeId}|${night}`, {
            propertyId: p.id,
            roomTypeId,
            night,
            price: n.price,
            availableRooms: n.availableRooms,
            stopSell: n.stopSell,
            booked: n.booked,
            blocked: n.blocked,
          });
        }
        if (rows.size) await t.deps.db.insert(propertyNights).values([...rows.values()]);
        for (const s of l.seasons) {
          await t.deps.db.insert(seasons).values({
            propertyId: p.id,
            name: 'S',
            startDate: addDays(FROM, s.start),
            endDate: addDays(FROM, s.start + s.length - 1),
            reductionPercent: s.percent,
            minStay: s.minStay,
            maxStay: s.maxStay,
          });
        }
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/properties/${p.id}/availability?from=${FROM}&to=${TO}`,
        });
        assert.equal(res.statusCode, 200, res.body);
        const cal = res.json().data.nights as Night[];
        assert.equal(cal.length, DAYS);

        for (const s of l.stays) {
          const n = Math.min(s.nights, DAYS - 1 - s.start);
          const checkin = addDays(FROM, s.start);
          const checkout = addDays(checkin, n);
          const inStay = cal.slice(s.start, s.start + n);
          const arrive = cal[s.start]!;
          const leave = cal[s.start + n]!;
          let open: boolean;
          let prices: number[];
          let body: object;
          const oneNight: (date: string) => object = (date) => ({
            ...body,
            checkin_date: date,
            checkout_date: addDays(date, 1),
          });
          if (!plans.length) {
            open =
              inStay.every((x) => x.bookable) &&
              fits(arrive, n) &&
              !arrive.closed_to_arrival &&
              !leave.closed_to_departure;
            prices = inStay.map((x) => cents(x.price!));
            body = { property_id: p.id, checkin_date: checkin, checkout_date: checkout };
          } else {
            const { typeId, planId } = plans[s.plan % plans.length]!;
            const planOf = (x: Night) => {
              const ty = x.room_types!.find((r) => r.room_type_id === typeId)!;
              return { ty, plan: ty.rate_plans.find((r) => r.rate_plan_id === planId)! };
            };
            const a = planOf(arrive).plan;
            open =
              inStay.every((x) => x.bookable && planOf(x).ty.rooms_left >= 1 && !planOf(x).plan.stop_sell) &&
              fits(a, n) &&
              !a.closed_to_arrival &&
              !planOf(leave).plan.closed_to_departure;
            // The day's own rules are the least strict of its plans: a stay one plan allows is never shown closed there.
            if (open)
              assert.ok(
                fits(arrive, n) && !arrive.closed_to_arrival && !leave.closed_to_departure,
                `${checkin}: day rules stricter than plan ${planId}`,
              );
            prices = inStay.map((x) => cents(planOf(x).plan.price));
            body = {
              property_id: p.id,
              checkin_date: checkin,
              checkout_date: checkout,
              guests: { adults: 1 },
              rooms: [{ room_type_id: typeId, rate_plan_id: planId, rooms_count: 1 }],
            };
          }
          const got = await preview(body);
          assert.equal(
            got.stay_validation.valid,
            open,
            `${checkin}→${checkout} calendar ${open ? 'open' : 'closed'}, preview: ${got.stay_validation.message}`,
          );
          stays++;
          if (open) valid++;
          const sum = prices.reduce((x, y) => x + y, 0);
          assert.ok(
            Math.abs(afterSeason(got) - sum) * 2 <= n,
            `${checkin}→${checkout}: preview ${afterSeason(got)} vs calendar ${sum}`,
          );
          for (const [i, x] of inStay.entries())
            assert.equal(afterSeason(await preview(oneNight(x.date))), prices[i], `${x.date} price`);
        }
      }),
      { numRuns: 40 },
    );
    // Both sides of the property were exercised, not only refusals.
    assert.ok(valid > 5 && stays - valid > 5, `${valid} valid of ${stays} stays`);
  });
});
