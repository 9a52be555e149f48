// What the authorisation matrix sends to each route: a request a real client would send, valid
// by the route's schema and by the service's rules for the data of the world, so that the allowed
// caller gets a 2xx (the matrix fails otherwise) and a refusal can only come from who is asking
// and what they name. Routes not listed here take no input but their path, or one value drawn
// from their OpenAPI request schema (fixed seed) that the service accepts as it is.
import fc from 'fast-check';
import { DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { form, pdf, png } from '../../src/modules/owner-onboarding/owner-onboarding.test-support.ts';
import { arbitraryOf, type Schema } from './schema-arbitraries.ts';
import type { AuthzWorld, Principal, Side, Variant } from './authz-world.ts';
import { day } from './authz-fixtures.ts';

export interface MatrixRequest {
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  /** Another caller of the principal's role, for a request its standing user cannot make twice. */
  headers?: Record<string, string>;
}
type Build = (c: {
  world: AuthzWorld;
  who: Principal;
  variant: Variant;
  /** The side the variant names (A for own and missing, B for other). */
  side: Side;
  n: number;
}) => MatrixRequest | Promise<MatrixRequest>;

const unique = (n: number) => `${process.pid}x${n}x${Math.random().toString(36).slice(2, 7)}`;
const password = { password: 'a-long-password-1', password_confirmation: 'a-long-password-1' };
const register = (n: number) => ({
  username: `m${unique(n)}`.replace(/[^a-z0-9]/gi, ''),
  first_name: 'Mat',
  last_name: 'Rix',
  email: `m${unique(n)}@example.test`,
  ...password,
});

export const REQUESTS: Record<string, Build> = {
  'POST /api/webhook-endpoints': () => ({
    body: { url: 'https://hooks.example.test/stays', events: ['reservation.created'] },
  }),
  'PUT /api/webhook-endpoints/:id': () => ({ body: { description: 'Matrix' } }),
  'POST /api/auth/login': ({ world }) => ({ body: { login: world.A.client.email, password: DEFAULT_PASSWORD } }),
  'POST /api/auth/register': ({ n }) => ({ body: register(n) }),
  'POST /api/auth/register-owner': ({ n }) => ({ body: { ...register(n), user_type: 'individual' } }),
  'POST /api/auth/verify-email': async ({ world }) => ({ body: await world.fixtures.unverifiedAccount() }),
  'POST /api/auth/set-initial-password': async ({ world }) => ({
    body: { token: await world.fixtures.invitationToken(world.headers('admin')), ...password },
  }),
  'POST /api/password_reset/reset': async ({ world }) => ({
    body: { reset_token: await world.fixtures.resetToken(), ...password },
  }),
  'POST /api/auth/resend-verification': ({ world }) => ({ body: { email: world.A.client.email } }),
  'GET /api/auth/check-account': ({ world }) => ({ query: { login: world.A.client.email } }),
  'POST /api/password_reset/request': ({ world }) => ({ body: { email: world.A.client.email } }),
  'POST /api/password_reset/verify': async ({ world }) => ({ body: await world.fixtures.resetCode() }),
  'GET /api/user/search-user': () => ({ query: { q: 'User' } }),
  'PUT /api/user/update': () => ({ body: { first_name: 'Matrix' } }),
  'PUT /api/user/:id/role': ({ world, who, variant }) => ({
    body: { role: variant === 'own' && who === 'admin' ? 'admin' : world.B.client.role },
  }),
  'POST /api/user/create': ({ n }) => ({
    body: { ...register(n), role: 'support', password: undefined, password_confirmation: undefined },
  }),
  // The standing client has applied already (its application is the world's): a traveller who has not.
  'POST /api/user/become-owner': async ({ world, who }) => ({
    form: form(),
    ...(who === 'client' ? { headers: await world.newcomer('client') } : {}),
  }),
  'POST /api/user/owner-request/documents': () => ({ form: form({}, { company_document: pdf('company.pdf') }) }),
  'POST /api/user/:id/reject-owner': () => ({ body: { reason: 'The document is unreadable.' } }),
  'GET /api/neighborhoods': () => ({ query: { country: 'FR' } }),
  'GET /api/notifications/status': () => ({ query: { is_read: '0' } }),
  'POST /api/properties/:id/medias': () => ({ form: form({}, { files: png('room.png') }) }),
  'PUT /api/properties/:id/calendar': () => ({ body: { from: day(300), to: day(302), price: 150 } }),
  'GET /api/properties/:id/availability': () => ({ query: { from: day(1), to: day(61) } }),
  'PUT /api/properties/:id/room-types/:rt/calendar': () => ({ body: { from: day(300), to: day(302), price: 150 } }),
  'POST /api/properties/:id/seasons': ({ n }) => ({
    body: {
      name: `Season ${n}`,
      start_date: day(400 + n * 3),
      end_date: day(401 + n * 3),
      reduction_percent: 10,
      min_stay: 1,
    },
  }),
  'PUT /api/properties/:id/seasons/:itemId': ({ n }) => ({
    body: {
      name: `Season ${n}`,
      start_date: day(700 + n * 3),
      end_date: day(701 + n * 3),
      reduction_percent: 10,
      min_stay: 1,
    },
  }),
  'POST /api/properties/:id/offers': ({ n }) => ({
    body: {
      name: `Offer ${n}`,
      discount_type: 'percent',
      discount_value: 5,
      start_date: day(10),
      end_date: day(20),
      min_nights: 1,
    },
  }),
  'POST /api/properties/:id/packages': ({ n }) => ({ body: { name: `Package ${n}`, price: 10, is_global: 1 } }),
  'POST /api/properties/:id/services': ({ n }) => ({ body: { name: `Service ${n}`, price: 10, type: 'per_stay' } }),
  'POST /api/properties/:id/promo-codes': ({ n }) => ({
    body: {
      code: `MX${unique(n)}`
        .replace(/[^a-z0-9]/gi, '')
        .toUpperCase()
        .slice(0, 20),
      discount_type: 'percent',
      discount_value: 5,
      valid_from: day(1),
      valid_to: day(30),
      max_uses: 5,
      min_nights: 1,
    },
  }),
  'POST /api/reservations/preview': ({ world }) => ({
    body: { property_id: world.B.whole, checkin_date: day(60), checkout_date: day(62), guests: { adults: 1 } },
  }),
  // Each booking takes other nights of the stranger's listing (a listing sold whole: one unit).
  'POST /api/reservations': ({ world, n }) => ({
    body: {
      property_id: world.B.whole,
      checkin_date: day(70 + n * 2),
      checkout_date: day(71 + n * 2),
      guests: { adults: 1, children: 0 },
    },
  }),
  'POST /api/properties': ({ world, n }) => ({ body: listing(world, n) }),
  'POST /api/properties/new': ({ world, n }) => ({ body: listing(world, n) }),
  'POST /api/properties/:id': () => ({ body: { description: 'A riverside flat with a view of the bridge.' } }),
  'PUT /api/properties/:id': () => ({ body: { price_per_night: 150, check_in_time: '16:00:00' } }),
  'PUT /api/properties/:id/room-types/:rt': () => ({ body: { count_of_rooms: 4 } }),
  'POST /api/properties/:id/room-types/:rt/rate-plans': ({ n }) => ({ body: { title: `Weekly ${n}`, price: 70 } }),
  'PUT /api/properties/:id/room-types/:rt/rate-plans/:rp': () => ({ body: { price: 75 } }),
  'PUT /api/properties/:id/offers/:itemId': () => ({ body: { discount_value: 12 } }),
  'PUT /api/properties/:id/promo-codes/:itemId': () => ({ body: { max_uses: 500 } }),
  'PUT /api/properties/:id/packages/:itemId': () => ({ body: { price: 65 } }),
  'PUT /api/properties/:id/services/:itemId': () => ({ body: { price: 6 } }),
  'POST /api/properties/:id/room-types': ({ n }) => ({
    body: { title: `Single ${n}`, count_of_rooms: 2, occ_adults: 1, occ_children: 0, capacity: 1 },
  }),
  'POST /api/neighborhoods': ({ n }) => ({ body: { country: 'FR', city: 'Paris', name: `Batignolles ${n}` } }),
  'PUT /api/properties/:id/medias/order': async ({ world, side }) => ({
    body: { ids: (await world.mediaOf(side.property)).reverse() },
  }),
  'POST /api/properties/:id/calendar/ical-feeds': ({ world, side }) => ({
    body: { url: world.fixtures.calendarUrl(), name: 'Other platform', room_type_id: side.rt },
  }),
  'POST /api/properties/:id/channel/sync': () => ({
    body: { email: 'host@example.test', phone: '+33 1 23 45 67 89', zip_code: '75001', city: 'Paris', state: 'IDF' },
  }),
  'POST /api/currencies': ({ n }) => ({
    body: { code: currencyCode(n), name: `Matrix ${n}`, symbol: '¤', decimals: 2, exchange_rate: '1.5' },
  }),
  'GET /api/properties/:id/calendar.ics': async ({ world, side }) => ({
    query: { token: await world.icalToken(side) },
  }),
  'PUT /api/payouts/settings': () => ({ body: { min_amount: 50, max_payouts: 20, currency: 'EUR' } }),
  'PUT /api/reservations/:id': ({ n }) => ({ body: { guests: { adults: 1 + (n % 2), children: 0 } } }),
  'POST /api/reservations/:id/cancel': () => ({ body: { reason: 'Plans changed' } }),
  'POST /api/public-feedback/:id': () => ({ body: { rating: 5, comment: 'Lovely stay.' } }),
  'POST /api/chats/send_messages': ({ world }) => ({
    body: { receiver_id: world.B.owner.id, content: 'Is the flat quiet at night?' },
  }),
  'POST /api/chatbots': ({ world }) => ({ body: { message: 'What time is check-in?', property_id: world.A.property } }),
  'POST /api/history_chatbots/:id/response': () => ({ body: { content: 'Yes, pianos are welcome.' } }),
  'POST /api/notifications/send': ({ world }) => ({
    body: { title: 'Hello', message: 'A note', user_ids: [world.A.client.id] },
  }),
  // A booking held for payment (the standing one is confirmed and paid: nothing is owed on it).
  'POST /api/payments/process': async ({ world }) => ({
    body: {
      reservation_id: await world.fixtures.heldStay(world.A.whole, world.A.client),
      type: 'reservation',
      currency: 'EUR',
      payment_method: 'card',
    },
  }),
  'PUT /api/payouts/account': ({ world, who }) => ({
    body: { payout_account_id: 'acct_matrix', ...(who === 'admin' ? { owner_id: world.A.owner.id } : {}) },
  }),
  'PUT /api/currencies/:code': () => ({ body: { exchange_rate: '1' } }),
  // The owner principal reports on side A's listing (theirs); an admin names side A's owner.
  'GET /api/owners/me/performance': ({ world, who }) => ({
    query: (who === 'admin'
      ? { owner_id: String(world.A.owner.id) }
      : { property_id: String(world.A.property) }) as Record<string, string>,
  }),
  'POST /api/reservations/multi-room': ({ world, n }) => ({
    body: {
      property_id: world.B.property,
      checkin_date: day(150 + n * 2),
      checkout_date: day(151 + n * 2),
      guests: [{ first_name: 'Ana', last_name: 'Silva', age: 30 }],
      rooms: [{ room_type_id: world.B.rt, rate_plan_id: world.B.rp, rooms_count: 1 }],
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana.matrix@example.test',
      phone: '+33123456789',
    },
  }),
  'POST /api/payouts/process': () => ({ body: { dry_run: true } }),
  'GET /api/subscription-payment/verify': () => ({ query: { session_id: 'cs_local_matrix_unknown' } }),
};

/** A complete listing form (the document's example, with the world's property type). */
const listing = (world: AuthzWorld, n: number) => ({
  who_are_you: 'individual',
  internal_name: `MATRIX-${n}`,
  public_name: `Bright flat ${n}`,
  type: { id: String(world.propertyType), name: 'Apartment' },
  description: 'A bright two-room flat near the park, on a quiet street.',
  country: { id: 'FR', name: 'France' },
  address: '12 Rue des Dames, 75017 Paris',
  location: '48.8835,2.3220',
  timezone: 'Europe/Paris',
  currency: 'EUR',
  base_price: 110,
  price_per_night: 120,
  cleaning_fee: 30,
  tax: 10,
  security_deposit: 200,
  capacity: 4,
  check_in_time: '15:00:00',
  check_in_time_end: '20:00:00',
  check_out_time: '11:00:00',
  rules: ['No smoking'],
  cancellation_policy: ['flexible'],
});

/** A three-letter code no currency of the world has (Q…), one per request. */
const currencyCode = (n: number) =>
  `Q${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (n % 26))}`;

/** One value the schema accepts, the same on every run. */
export function sampleOf(schema: Schema | undefined, seed: number): unknown {
  return fc.sample(arbitraryOf(schema ?? { type: 'object' }), { numRuns: 1, seed })[0];
}
