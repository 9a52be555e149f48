// The expected authorisation table: for every route the app serves, what each principal gets
// for its own resource, someone else's and a missing one. Written from the contract (§2: a
// resource the caller may not see is 404, an action they may not take 403, no token 401), not
// recorded from the app. "ok" means a 2xx: the caller is allowed and the matrix sends valid input
// for the world's data (authz-requests.ts), so any other answer to an allowed caller — a 422, a
// 409 — fails the matrix, as a 2xx to a caller the table refuses does. The one state refusal
// the table names (409) is written beside its rule.
import type { Principal, Variant } from './authz-world.ts';

export type Outcome = 'ok' | 401 | 403 | 404 | 409;
/** `nested`: the path names a parent (a listing, a room type) and the missing variant leaves the parent real. */
export type Policy = (who: Principal, variant: Variant, nested: boolean) => Outcome;

const staff = (who: Principal) => who === 'support' || who === 'admin';
const found = (o: Outcome, v: Variant): Outcome => (o === 'ok' && v === 'missing' ? 404 : o);

/** Anyone, with or without a token. */
const anyone: Policy = (_who, v) => found('ok', v);
/** Any signed-in user, about themselves or public things. */
const signedIn: Policy = (who, v) => (who === 'anonymous' ? 401 : found('ok', v));
/** Only these roles; the others are refused before anything is looked up. */
const roles =
  (...allowed: Principal[]): Policy =>
  (who, v) =>
    who === 'anonymous' ? 401 : allowed.includes(who) ? found('ok', v) : 403;
/** Changing a listing or what belongs to it: its owner and admin; the listing is public, so anyone else signed in is refused (403). */
const listingManage: Policy = (who, v, nested) => {
  if (who === 'anonymous') return 401;
  if (v === 'missing' && !nested) return 404;
  // A missing item of side A's listing: only those who may manage that listing learn it is missing.
  if (who === 'admin' || (who === 'owner' && v !== 'other')) return found('ok', v);
  return 403;
};
/** Saving a step of a draft (the creation wizard): its owner and admin; a draft is public to no one, so support sees it (403) and others do not (404). */
const draftManage: Policy = (who, v) => {
  if (who === 'anonymous') return 401;
  if (v === 'missing') return 404;
  if (who === 'admin' || (who === 'owner' && v === 'own')) return 'ok';
  return who === 'support' ? 403 : 404;
};
/** Reading a listing's private parts (calendar feeds, channel link, promo codes): its owner and staff; nobody else learns they exist. */
const listingPrivate: Policy = (who, v) => {
  if (who === 'anonymous') return 401;
  if (v === 'missing') return 404;
  return staff(who) || (who === 'owner' && v === 'own') ? 'ok' : 404;
};
/** Changing a listing's private parts (calendar feeds, the export link): owner and admin; support sees them (403), others do not (404). */
const listingPrivateManage: Policy = (who, v, nested) => {
  if (who === 'anonymous') return 401;
  if (v === 'missing' && !nested) return 404;
  if (who === 'admin' || (who === 'owner' && v !== 'other')) return found('ok', v);
  return who === 'support' ? 403 : 404;
};
/** A message's attachment: its sender and receiver (client and owner of side A), support and admin. */
const messageParty: Policy = (who, v) =>
  who === 'anonymous' ? 401 : v === 'missing' ? 404 : staff(who) || v === 'own' ? 'ok' : 404;
/** A KYC file: the applicant (the client principal, for its own application), support and admin. */
const applicantOrStaff: Policy = (who, v) =>
  who === 'anonymous' ? 401 : v === 'missing' ? 404 : staff(who) || (who === 'client' && v === 'own') ? 'ok' : 404;
/** The caller's own pending owner application: only the client principal has one (the world seeds it). */
const ownApplication: Policy = (who) => (who === 'anonymous' ? 401 : who === 'client' ? 'ok' : 404);
/** Applying to become an owner: a traveller; an owner has nothing to apply for (409, a state and not a permission: contract §4); staff may not (403). */
const applicant: Policy = (who) => (who === 'anonymous' ? 401 : who === 'client' ? 'ok' : who === 'owner' ? 409 : 403);
/** Paying is the guest's act: the listing's owner and staff see the reservation but may not pay it. */
const payAsGuest: Policy = (who) => (who === 'anonymous' ? 401 : who === 'client' ? 'ok' : 403);
/** Changing a reservation: its guest, the listing's owner and admin; support may cancel but not change (contract §6). */
const reservationChange: Policy = (who, v) =>
  who === 'support' && v !== 'missing' ? 403 : reservationParty(who, v, false);
/** A reservation: its guest, the listing's owner, support and admin (contract §6); 404 for anyone else. */
const reservationParty: Policy = (who, v) => {
  if (who === 'anonymous') return 401;
  if (v === 'missing') return 404;
  return staff(who) || v === 'own' ? 'ok' : 404;
};
/** A user's own record: themselves, support and admin (contract §4); 404 for anyone else. */
const selfOrStaff: Policy = (who, v) => {
  if (who === 'anonymous') return 401;
  if (v === 'missing') return 404;
  return staff(who) || v === 'own' ? 'ok' : 404;
};
/** A notification is its recipient's alone, staff included. */
const recipient: Policy = (who, v) => (who === 'anonymous' ? 401 : v === 'own' ? 'ok' : 404);

/** A webhook endpoint (contract §12): owners their own, admins all; travellers and support refused before any lookup. */
const webhookEndpoint: Policy = (who, v) => {
  if (who === 'anonymous') return 401;
  if (who === 'client' || who === 'support') return 403;
  if (v === 'missing') return 404;
  return who === 'admin' || v === 'own' ? 'ok' : 404;
};

const RULE_KINDS = ['seasons', 'offers', 'packages', 'services', 'promo-codes'];

export const EXPECTED: Record<string, Policy> = {
  'GET /healthz': anyone,
  'GET /readyz': anyone,
  'POST /api/auth/login': anyone,
  'POST /api/auth/refresh': signedIn,
  'GET /api/auth/session': anyone,
  'POST /api/user/logout': signedIn,
  'POST /api/auth/register': anyone,
  'POST /api/auth/register-owner': anyone,
  'POST /api/auth/verify-email': anyone,
  'POST /api/auth/resend-verification': anyone,
  'GET /api/auth/check-account': anyone,
  'POST /api/auth/set-initial-password': anyone,
  'POST /api/password_reset/request': anyone,
  'POST /api/password_reset/verify': anyone,
  'POST /api/password_reset/reset': anyone,
  'GET /api/admin/audit-log': roles('admin'),
  'GET /api/user/profile': signedIn,
  'PUT /api/user/update': signedIn,
  'GET /api/user/search-user': signedIn,
  'DELETE /api/user/delete': signedIn,
  'POST /api/user/admin-support/assign': signedIn,
  'POST /api/user/create': roles('admin'),
  'PUT /api/user/:id/role': roles('admin'),
  'GET /api/user/list': roles('support', 'admin'),
  'GET /api/user/individuals': roles('support', 'admin'),
  'GET /api/user/companies': roles('support', 'admin'),
  'GET /api/user/:id': selfOrStaff,
  'GET /api/user/:userId/stats': selfOrStaff,
  'POST /api/user/become-owner': applicant,
  'POST /api/user/owner-request/documents': ownApplication,
  'GET /api/user/owner-request-status': signedIn,
  'GET /api/user/owner-requests': roles('support', 'admin'),
  'POST /api/user/:id/approve-owner': roles('support', 'admin'),
  'POST /api/user/accept-owner-request/:id': roles('support', 'admin'),
  'POST /api/user/:id/reject-owner': roles('support', 'admin'),
  'GET /api/property-types': anyone,
  'POST /api/property-types': roles('admin'),
  'PUT /api/property-types/:id': roles('admin'),
  'DELETE /api/property-types/:id': roles('admin'),
  'GET /api/commodities': anyone,
  'POST /api/commodities': roles('admin'),
  'PUT /api/commodities/:id': roles('admin'),
  'DELETE /api/commodities/:id': roles('admin'),
  'GET /api/countries': anyone,
  'GET /api/neighborhoods': anyone,
  'POST /api/neighborhoods': roles('admin'),
  'GET /api/currencies': anyone,
  'POST /api/currencies': roles('admin'),
  'PUT /api/currencies/:code': roles('admin'),
  'POST /api/properties': roles('owner', 'admin'),
  'POST /api/properties/new': roles('owner', 'admin'),
  'POST /api/properties/:id': draftManage,
  'GET /api/properties/:id': anyone,
  'PUT /api/properties/:id': listingManage,
  'DELETE /api/properties/:id': listingManage,
  'GET /api/properties/owner/:userId': selfOrStaff,
  'GET /api/properties/:id/favorite': signedIn,
  'POST /api/properties/:id/favorite': signedIn,
  'DELETE /api/properties/:id/favorite': signedIn,
  ...Object.fromEntries(
    RULE_KINDS.flatMap((k) => [
      [`GET /api/properties/:id/${k}`, k === 'promo-codes' ? listingManage : anyone],
      [`POST /api/properties/:id/${k}`, listingManage],
      [`PUT /api/properties/:id/${k}/:itemId`, listingManage],
      [`DELETE /api/properties/:id/${k}/:itemId`, listingManage],
    ]),
  ),
  'GET /api/properties/:id/promos': anyone,
  'GET /api/properties/:id/room-types': anyone,
  'POST /api/properties/:id/room-types': listingManage,
  'PUT /api/properties/:id/room-types/:rt': listingManage,
  'DELETE /api/properties/:id/room-types/:rt': listingManage,
  'GET /api/properties/:id/room-types/:rt/rate-plans': anyone,
  'POST /api/properties/:id/room-types/:rt/rate-plans': listingManage,
  'PUT /api/properties/:id/room-types/:rt/rate-plans/:rp': listingManage,
  'DELETE /api/properties/:id/room-types/:rt/rate-plans/:rp': listingManage,
  'GET /api/properties/:id/room-types/:rt/calendar': anyone,
  'PUT /api/properties/:id/room-types/:rt/calendar': listingManage,
  'GET /api/properties/:id/calendar': anyone,
  'PUT /api/properties/:id/calendar': listingManage,
  'GET /api/properties/:id/availability': anyone,
  'POST /api/properties/:id/medias': listingManage,
  'GET /api/properties/:id/medias': anyone,
  'PUT /api/properties/:id/medias/order': listingManage,
  'DELETE /api/properties/:id/medias/:mediaId': listingManage,
  'GET /api/properties/:id/calendar/ical': listingPrivate,
  'POST /api/properties/:id/calendar/ical/rotate': listingPrivateManage,
  'GET /api/properties/:id/calendar/ical-feeds': listingPrivate,
  'POST /api/properties/:id/calendar/ical-feeds': listingPrivateManage,
  'POST /api/properties/:id/channel/sync': listingManage,
  'GET /api/properties/:id/channel/status': listingPrivate,
  'GET /api/properties': signedIn,
  'GET /api/properties/filter': anyone,
  'GET /api/properties/public': anyone,
  'GET /api/properties/recommended': anyone,
  'GET /api/properties/popular': anyone,
  'GET /api/properties/get/favorites': signedIn,
  'POST /api/reservations/preview': anyone,
  'GET /api/public-feedback/:id': anyone,
  'POST /api/public-feedback/:id': anyone,
  'GET /api/properties/:id/reviews': anyone,
  // Stored files and the calendar link: no login, whoever has the URL (a missing one is 404).
  'GET /api/user/avatars/:name': anyone,
  'GET /api/properties/medias/:mediaId/file': anyone,
  'GET /api/properties/medias/:mediaId/thumbnail': anyone,
  'GET /api/properties/:id/calendar.ics': anyone,
  'GET /api/reservations/dashboard-stats': roles('owner', 'support', 'admin'),
  'GET /api/owners/me/performance': roles('owner', 'admin'),
  'POST /api/reservations': signedIn,
  'POST /api/reservations/multi-room': signedIn,
  'GET /api/reservations/:id': reservationParty,
  'PUT /api/reservations/:id': reservationChange,
  'POST /api/reservations/:id/cancel': reservationParty,
  'GET /api/reservations': signedIn,
  'GET /api/reservations/search': signedIn,
  'POST /api/chats/send_messages': signedIn,
  'GET /api/chats/messages/:otherUserId': signedIn,
  'GET /api/chats/conversation_summaries': signedIn,
  'POST /api/chatbots': signedIn,
  'GET /api/chatbots': roles('support', 'admin'),
  'POST /api/history_chatbots/:id/response': roles('support', 'admin'),
  'GET /api/chatbots/faqs': roles('support', 'admin'),
  'POST /api/chatbots/faqs': roles('admin'),
  'PUT /api/chatbots/faqs/:id': roles('admin'),
  'DELETE /api/chatbots/faqs/:id': roles('admin'),
  'GET /api/notifications': signedIn,
  'GET /api/notifications/status': signedIn,
  'GET /api/notifications/unread-count': signedIn,
  'POST /api/notifications/mark-all-as-read': signedIn,
  'GET /api/notifications/:id': recipient,
  'POST /api/notifications/:id/mark-as-read': recipient,
  'POST /api/notifications/send': roles('support', 'admin'),
  'GET /api/chats/attachments/:messageId': messageParty,
  'GET /api/user/owner-requests/:id/files/:field': applicantOrStaff,
  'POST /api/properties/:id/calendar/ical-feeds/:feedId/refresh': listingPrivateManage,
  'DELETE /api/properties/:id/calendar/ical-feeds/:feedId': listingPrivateManage,
  'POST /api/payments/process': payAsGuest,
  'GET /api/payments/:userId/all-payments': selfOrStaff,
  'GET /api/payments/:userId/pending-payments': selfOrStaff,
  'GET /api/payouts/all-eligible-owners': roles('support', 'admin'),
  'POST /api/payouts/process': roles('admin'),
  'GET /api/payouts/settings': roles('support', 'admin'),
  'PUT /api/payouts/settings': roles('admin'),
  'GET /api/payouts/currencies-processor': roles('support', 'admin'),
  'GET /api/payouts/account': roles('owner', 'support', 'admin'),
  'PUT /api/payouts/account': roles('owner', 'admin'),
  'POST /api/webhook-endpoints': roles('owner', 'admin'),
  'GET /api/webhook-endpoints': roles('owner', 'admin'),
  'GET /api/webhook-endpoints/:id': webhookEndpoint,
  'PUT /api/webhook-endpoints/:id': webhookEndpoint,
  'DELETE /api/webhook-endpoints/:id': webhookEndpoint,
  'POST /api/webhook-endpoints/:id/rotate-secret': webhookEndpoint,
  'POST /api/webhook-endpoints/:id/ping': webhookEndpoint,
  'GET /api/webhook-endpoints/:id/deliveries': webhookEndpoint,
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/retry': webhookEndpoint,
};

/** Routes outside the matrix, and why: each is proved elsewhere or has no principal to vary. */
export const OUTSIDE: Record<string, string> = {
  'GET /checkout/:sessionId':
    "the local processor's hosted page: the unguessable session id is the credential (local-payment-processor tests)",
  'POST /checkout/:sessionId/pay': 'as above, plus a form token',
  'POST /checkout/:sessionId/cancel': 'as above',
  'GET /payments/success': 'a redirect page keyed by the session id (payments tests)',
  'GET /payments/cancel': 'as above',
  'GET /': 'a public home page with nothing of anyone (reservation-pages tests follow every link to it)',
  'GET /reservations/:id':
    'an HTML page opened by a link signed for its reader or the session cookie, not a bearer token (reservation-pages tests)',
  'GET /reservations/:id/pay': 'as above',
  'POST /reservations/:id/pay': 'the form’s signed access only, never a cookie alone (reservation-pages tests)',
  'POST /reservations/:id/cancel': 'as above',
  'GET /set-password': 'a form page; the e-mailed link token is the credential of its POST (account-pages tests)',
  'POST /set-password': 'as above: the single-use token, as POST /api/auth/set-initial-password',
  'GET /reset-password': 'a form page (account-pages tests)',
  'POST /reset-password': 'the e-mailed code is the credential, as POST /api/password_reset/verify',
  'POST /api/user/undo-email-change':
    'the single-use link token mailed to the old address is the credential, whoever calls (email-change-undo tests)',
  'GET /undo-email-change': 'a form page; opening it changes nothing (email-change-undo tests)',
  'POST /undo-email-change': 'as POST /api/user/undo-email-change',
  'GET /api/subscription-payment/verify':
    'the checkout session id is the credential, whoever calls (payments tests: verify ×10 raced with the webhook)',
  'POST /api/auth/google':
    'a Google ID token is the credential; not offered unless configured (google tests against a local JWKS server)',
  'POST /api/auth/facebook':
    'a Facebook access token is the credential; not offered unless configured (facebook tests against a local Graph server)',
  'POST /api/payments/webhook': 'signed by the processor, not a user (payments and stripe-flow tests)',
  'POST /api/channel/webhook': "the channel manager's shared secret (channel-inbound tests)",
  'GET /api/ws/notifications': 'WebSocket upgrade (realtime-ws tests: 401 without a token)',
  'GET /api/ws/chat': 'as above',
  'GET /api/notifications/stream': 'SSE (realtime-sse tests: 401 without a token, own events only)',
};
