// What the authorisation matrix sends to each route: a body and query the route's own schema
// accepts, so a refusal can only come from who is asking and what they name. Routes not listed
// here get one value drawn from their OpenAPI request schema (fixed seed); routes listed get a
// request a real client would send, so an allowed caller usually gets a 2xx, not a domain 422.
import fc from 'fast-check';
import { DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { form, pdf, png } from '../../src/modules/owner-onboarding/owner-onboarding.test-support.ts';
import { valueOf, type Schema } from './schema-arbitraries.ts';
import type { AuthzWorld, Principal, Variant } from './authz-world.ts';

export interface MatrixRequest {
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
}
type Build = (c: { world: AuthzWorld; who: Principal; variant: Variant; n: number }) => MatrixRequest;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const unique = (n: number) => `${process.pid}x${n}x${Math.random().toString(36).slice(2, 7)}`;
const password = { password: 'a-long-password-1', password_confirmation: 'a-long-password-1' };
const register = (n: number) => ({ username: `m${unique(n)}`.replace(/[^a-z0-9]/gi, ''), first_name: 'Mat', last_name: 'Rix', email: `m${unique(n)}@example.test`, ...password });

export const REQUESTS: Record<string, Build> = {
  'POST /api/auth/login': ({ world }) => ({ body: { login: world.A.client.email, password: DEFAULT_PASSWORD } }),
  'POST /api/auth/register': ({ n }) => ({ body: register(n) }),
  'POST /api/auth/register-owner': ({ n }) => ({ body: { ...register(n), user_type: 'individual' } }),
  'POST /api/auth/verify-email': ({ world }) => ({ body: { email: world.A.client.email, code: '000000' } }),
  'POST /api/auth/resend-verification': ({ world }) => ({ body: { email: world.A.client.email } }),
  'GET /api/auth/check-account': ({ world }) => ({ query: { login: world.A.client.email } }),
  'POST /api/password_reset/request': ({ world }) => ({ body: { email: world.A.client.email } }),
  'POST /api/password_reset/verify': ({ world }) => ({ body: { email: world.A.client.email, code: '000000' } }),
  'GET /api/user/search-user': () => ({ query: { q: 'User' } }),
  'PUT /api/user/update': () => ({ body: { first_name: 'Matrix' } }),
  'PUT /api/user/:id/role': ({ world, who, variant }) => ({ body: { role: variant === 'own' && who === 'admin' ? 'admin' : world.B.client.role } }),
  'POST /api/user/create': ({ n }) => ({ body: { ...register(n), role: 'support', password: undefined, password_confirmation: undefined } }),
  'POST /api/user/become-owner': () => ({ form: form() }),
  'POST /api/user/owner-request/documents': () => ({ form: form({}, { company_document: pdf('company.pdf') }) }),
  'POST /api/user/:id/reject-owner': () => ({ body: { reason: 'The document is unreadable.' } }),
  'GET /api/neighborhoods': () => ({ query: { country: 'FR' } }),
  'GET /api/notifications/status': () => ({ query: { is_read: '0' } }),
  'POST /api/properties/:id/medias': () => ({ form: form({}, { files: png('room.png') }) }),
  'PUT /api/properties/:id/calendar': () => ({ body: { from: day(300), to: day(302), price: 150 } }),
  'GET /api/properties/:id/availability': () => ({ query: { from: day(1), to: day(61) } }),
  'PUT /api/properties/:id/room-types/:rt/calendar': () => ({ body: { from: day(300), to: day(302), price: 150 } }),
  'POST /api/properties/:id/seasons': ({ n }) => ({ body: { name: `Season ${n}`, start_date: day(400 + n * 3), end_date: day(401 + n * 3), reduction_percent: 10, min_stay: 1 } }),
  'PUT /api/properties/:id/seasons/:itemId': ({ n }) => ({ body: { name: `Season ${n}`, start_date: day(700 + n * 3), end_date: day(701 + n * 3), reduction_percent: 10, min_stay: 1 } }),
  'POST /api/properties/:id/offers': ({ n }) => ({ body: { name: `Offer ${n}`, discount_type: 'percent', discount_value: 5, start_date: day(10), end_date: day(20), min_nights: 1 } }),
  'POST /api/properties/:id/packages': ({ n }) => ({ body: { name: `Package ${n}`, price: 10, is_global: 1 } }),
  'POST /api/properties/:id/services': ({ n }) => ({ body: { name: `Service ${n}`, price: 10, type: 'per_stay' } }),
  'POST /api/properties/:id/promo-codes': ({ n }) => ({ body: { code: `MX${unique(n)}`.replace(/[^a-z0-9]/gi, '').toUpperCase().slice(0, 20), discount_type: 'percent', discount_value: 5, valid_from: day(1), valid_to: day(30), max_uses: 5, min_nights: 1 } }),
  'POST /api/reservations/preview': ({ world }) => ({ body: { property_id: world.B.property, checkin_date: day(60), checkout_date: day(62), guests: { adults: 1 } } }),
  // Each booking takes other nights of the stranger's listing (a listing sold whole: one unit).
  'POST /api/reservations': ({ world, n }) => ({ body: { property_id: world.B.property, checkin_date: day(70 + n * 2), checkout_date: day(71 + n * 2), guests: { adults: 1, children: 0 } } }),
  'PUT /api/reservations/:id': ({ n }) => ({ body: { guests: { adults: 1 + (n % 2), children: 0 } } }),
  'POST /api/reservations/:id/cancel': () => ({ body: { reason: 'Plans changed' } }),
  'POST /api/public-feedback/:id': () => ({ body: { rating: 5, comment: 'Lovely stay.' } }),
  'POST /api/chats/send_messages': ({ world }) => ({ body: { receiver_id: world.B.owner.id, content: 'Is the flat quiet at night?' } }),
  'POST /api/chatbots': ({ world }) => ({ body: { message: 'What time is check-in?', property_id: world.A.property } }),
  'POST /api/history_chatbots/:id/response': () => ({ body: { content: 'Yes, pianos are welcome.' } }),
  'POST /api/notifications/send': ({ world }) => ({ body: { title: 'Hello', message: 'A note', user_ids: [world.A.client.id] } }),
  'POST /api/payments/process': ({ world }) => ({ body: { reservation_id: world.A.reservation, type: 'reservation', currency: 'EUR', payment_method: 'card' } }),
  'PUT /api/payouts/account': ({ world, who }) => ({ body: { payout_account_id: 'acct_matrix', ...(who === 'admin' ? { owner_id: world.A.owner.id } : {}) } }),
  'PUT /api/currencies/:code': () => ({ body: { exchange_rate: '1' } }),
  // The owner principal reports on side A's listing (theirs); an admin names side A's owner.
  'GET /api/owners/me/performance': ({ world, who }) => ({ query: (who === 'admin' ? { owner_id: String(world.A.owner.id) } : { property_id: String(world.A.property) }) as Record<string, string> }),
  'POST /api/reservations/multi-room': ({ world, n }) => ({
    body: {
      property_id: world.B.property, checkin_date: day(150 + n * 2), checkout_date: day(151 + n * 2),
      guests: [{ first_name: 'Ana', last_name: 'Silva', age: 30 }], rooms: [{ room_type_id: world.B.rt, rate_plan_id: world.B.rp, rooms_count: 1 }],
      first_name: 'Ana', last_name: 'Silva', email: 'ana.matrix@example.test', phone: '+33123456789',
    },
  }),
  'POST /api/payouts/process': () => ({ body: { dry_run: true } }),
  'GET /api/subscription-payment/verify': () => ({ query: { session_id: 'cs_local_matrix_unknown' } }),
};

/** One value the schema accepts, the same on every run. */
export function sampleOf(schema: Schema | undefined, seed: number): unknown {
  return fc.sample(valueOf(schema ?? { type: 'object' }), { numRuns: 1, seed })[0];
}
