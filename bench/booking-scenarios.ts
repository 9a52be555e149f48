// The booking scenarios of `npm run bench`: `booking` (fresh listings and guests),
// `booking-history` (the same load at history, bench/booking-history.ts) and `booking-sql`, the
// raw-SQL baseline both are held against.
import {
  CAPACITY,
  Slots,
  httpBookingFixtures,
  sqlBookingFixtures,
  type FixtureTarget,
  type HttpBookingFixtures,
  type SqlBookingFixtures,
} from './booking-fixtures.ts';
import {
  GUEST_PAST_STAYS,
  LISTING_FUTURE_STAYS,
  LISTING_PAST_STAYS,
  historyBookingFixtures,
} from './booking-history.ts';
import { sqlBookingLoad } from './booking-sql.ts';
import { BOOKING_CONNECTIONS, JSON_BODY, SkipScenario, bearer, data, int } from './scenario-helpers.ts';
import type { Scenario } from './scenarios.ts';

// Bookings that all succeed: each request takes the next slot (a listing, two nights nobody else
// books, a guest with fewer than 5 unpaid holds; see booking-fixtures.ts), so a 409 or 422 is a
// real failure and counts as an error. `booking-history` books the same way into listings with
// 1,000 past and 1,000 future stays each, as guests with 100 past stays (booking-history.ts).
function bookingScenario(
  name: string,
  fixture: (t: FixtureTarget) => Promise<HttpBookingFixtures>,
  whose: string,
): Scenario {
  return {
    name,
    measures:
      `POST /api/reservations over ${BOOKING_CONNECTIONS} connections, every request another signed-in guest booking two free nights of a listing sold whole ${whose}: ` +
      'token and session check, price loader (cached rules), one transaction (guest lock; the conditional night hold, which answers the nights ' +
      'the stay is priced from; reservation, line and outbox event under the pending limit), the read form (cached, its booked nights read)',
    fixture,
    prepare: (ctx) => {
      const f = ctx.fixture as HttpBookingFixtures;
      const slots = new Slots(f);
      return {
        method: 'POST',
        path: '/api/reservations',
        headers: JSON_BODY,
        connections: BOOKING_CONNECTIONS,
        vary: () => {
          const s = slots.take();
          if (slots.used === f.slots + 1)
            process.stderr.write(
              `[bench] ${name} ran out of its ${f.slots} slots: faster than the fixtures were sized for\n`,
            );
          const body = {
            property_id: s.listingId,
            checkin_date: s.checkin,
            checkout_date: s.checkout,
            guests: { adults: int(1, CAPACITY), children: 0 },
          };
          return { body: JSON.stringify(body), headers: bearer(f.tokens[s.guest]!) };
        },
      };
    },
    check: (status, body) =>
      status === 201 && data(body).status === 'pending'
        ? null
        : `expected 201 with a pending reservation, got ${status} ${JSON.stringify(body).slice(0, 300)}`,
  };
}
export const booking = bookingScenario('booking', httpBookingFixtures, '(fresh listings and guests)');
export const bookingHistory = bookingScenario(
  'booking-history',
  historyBookingFixtures,
  `(listings with ${LISTING_PAST_STAYS} past and ${LISTING_FUTURE_STAYS} future stays, guests with ${GUEST_PAST_STAYS} past stays)`,
);

export const bookingSql: Scenario = {
  name: 'booking-sql',
  measures:
    `the booking baseline: the same transaction as booking's, sent by the harness straight to PostgreSQL over ${BOOKING_CONNECTIONS} connections ` +
    '(pg, no HTTP, no service; listings and guests of its own)',
  fixture: sqlBookingFixtures,
  prepare: (ctx) => {
    const f = ctx.fixture as SqlBookingFixtures | null;
    if (!f)
      throw new SkipScenario(
        'not applicable on PGlite (only the server process can open its database); the raw-SQL baseline needs DATABASE_URL',
      );
    return sqlBookingLoad(f, BOOKING_CONNECTIONS);
  },
};
