// The request examples of /openapi.json, one per operation with a body, written against the data
// of `npm run seed:demo` on a fresh database (scripts/seed-demo*.ts): its accounts, its listings
// 1–14 (1 "Sunny loft in Le Marais", 2 the Montmartre studio, 3 the Alfama guest house with room
// types 1–2 and rate plans 1–3), its reservations (1 and 2 pending, 4 confirmed) and the items of
// listing 1. Stay dates are counted from the day the document is built, so they stay in the future.
// test/openapi-examples.test.ts seeds a database, sends a sample of them and expects 2xx.
import { RESPONSE_EXAMPLES } from './openapi-response-examples.ts';

type Json = Record<string, unknown>;

export type DemoAccount = 'traveller' | 'owner' | 'admin' | 'support';

/** The demo logins of scripts/seed-demo.ts (type: the login kind each uses). */
export const DEMO_LOGINS: Record<DemoAccount, { login: string; password: string; type: string }> = {
  traveller: { login: 'traveller@demo.stays.test', password: 'demo-traveller-pass', type: 'client' },
  owner: { login: 'owner@demo.stays.test', password: 'demo-owner-pass', type: 'client' },
  admin: { login: 'admin@demo.stays.test', password: 'demo-admin-pass', type: 'admin' },
  support: { login: 'support@demo.stays.test', password: 'demo-support-pass', type: 'support' },
};

export interface OperationExample {
  /** The demo account whose token the example needs (none: a public operation). */
  as?: DemoAccount;
  /** Path parameters. */
  params?: Record<string, string | number>;
  body: Json;
  /** What a reader must change first (a mailed code, a file): such examples cannot be sent as they are. */
  replace?: string;
  /** What the deployment needs for the example to succeed. */
  needs?: string;
}

/** YYYY-MM-DD, `days` after `today` (UTC). */
export function dayAfter(today: Date, days: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

const PASSWORD = { password: 'correct-horse-battery-42', password_confirmation: 'correct-horse-battery-42' };
const NEW_TRAVELLER = {
  username: 'nora_newman',
  first_name: 'Nora',
  last_name: 'Newman',
  email: 'nora.newman@example.com',
  phone: '+33 6 12 34 56 78',
};
const FILE = '(the file itself: choose one in "Try it")';
const CODE = 'the 6-digit code from the e-mail';

/** A whole 8-step listing form (steps 1–8): creating with it gives an active listing of demo_owner. */
const LISTING_FORM = {
  who_are_you: 'individual',
  name_of_structure: 'Maison Lumière',
  internal_name: 'PAR-BATIGNOLLES-15',
  public_name: 'Bright flat in Batignolles',
  type: { id: '1', name: 'Apartment' },
  description: 'A bright two-room flat near the Batignolles park, on a quiet street.',
  country: { id: 'FR', name: 'France' },
  address: '12 Rue des Dames, 75017 Paris',
  location: '48.8835,2.3220',
  timezone: 'Europe/Paris',
  currency: 'EUR',
  base_price: 110,
  price_per_night: 120,
  pricing: 1,
  cleaning_fee: 30,
  tax: 10,
  security_deposit: 200,
  weekly_discount_percent: 5,
  monthly_discount_percent: 15,
  capacity: 4,
  square_footage: 55,
  check_in_time: '15:00:00',
  check_in_time_end: '20:00:00',
  check_out_time: '11:00:00',
  breakfast_included: true,
  pets_allowed: false,
  rules: ['No smoking', 'No parties'],
  cancellation_policy: ['flexible'],
  specifications: ['Elevator'],
  features: ['Balcony'],
  channel_sync_now: false,
  some_informations: [{ key: 'Parking', value: 'Public garage 200 m away' }],
};

/** The examples by operationId. */
export function requestExamples(today: Date): Record<string, OperationExample> {
  const day = (n: number) => dayAfter(today, n);
  const stay = { property_id: 1, checkin_date: day(45), checkout_date: day(49) };
  return {
    login: { body: { login: DEMO_LOGINS.traveller.login, password: DEMO_LOGINS.traveller.password, type: 'client' } },
    registerTraveller: { body: { ...NEW_TRAVELLER, ...PASSWORD } },
    registerOwner: {
      body: {
        ...NEW_TRAVELLER,
        username: 'hugo_host',
        email: 'hugo.host@example.com',
        first_name: 'Hugo',
        last_name: 'Host',
        ...PASSWORD,
        user_type: 'company',
        company_name: 'Host & Co',
      },
    },
    verifyEmail: { body: { email: NEW_TRAVELLER.email, code: '123456' }, replace: `code: ${CODE}` },
    resendVerificationCode: { body: { email: NEW_TRAVELLER.email } },
    setInitialPassword: {
      body: { token: 'the token of the invitation link', ...PASSWORD },
      replace: 'token: the one in the invitation e-mail',
    },
    requestPasswordReset: { body: { email: DEMO_LOGINS.traveller.login } },
    verifyPasswordResetCode: { body: { email: DEMO_LOGINS.traveller.login, code: '123456' }, replace: `code: ${CODE}` },
    resetPassword: {
      body: { reset_token: 'the reset_token from verifyPasswordResetCode', ...PASSWORD },
      replace: 'reset_token: the one verifyPasswordResetCode answered',
    },
    loginWithGoogle: {
      body: { id_token: 'eyJhbGciOiJSUzI1NiJ9.a-google-id-token.signature', type: 'client' },
      replace: 'id_token: one Google Sign-In gave your app',
    },
    loginWithFacebook: {
      body: { access_token: 'EAAB-a-facebook-user-access-token', type: 'client' },
      replace: 'access_token: one Facebook Login gave your app',
    },
    updateProfile: { as: 'traveller', body: { job: 'Photographer', location: 'Lyon, France', locale: 'fr' } },
    undoEmailChange: {
      body: { token: 'the-token-of-the-undo-link' },
      replace: 'token: the one in the link mailed to the old address',
    },
    createUser: {
      as: 'admin',
      body: {
        username: 'sara_support',
        first_name: 'Sara',
        last_name: 'Second',
        email: 'sara.second@demo.stays.test',
        role: 'support',
      },
    },
    changeUserRole: { as: 'admin', params: { id: 7 }, body: { role: 'owner' } },
    submitOwnerRequest: {
      as: 'traveller',
      body: {
        user_type: 'individual',
        country_region: 'Île-de-France',
        id_type: 'passport',
        id_number: '19FR12345',
        id_expiry_date: day(900),
        id_reco_path: FILE,
        id_verso_path: FILE,
        place_type: 'apartment',
        place_details: 'Third floor, lift',
        address: '8 Rue Lepic',
        city: 'Paris',
        state: 'Île-de-France',
        postal_code: '75018',
        country: 'FR',
        longitude: 2.3337,
        latitude: 48.8848,
      },
      replace: 'id_reco_path, id_verso_path: the ID files (multipart)',
    },
    addOwnerRequestDocument: {
      as: 'traveller',
      body: { company_document: FILE },
      replace: 'company_document: the file (multipart)',
    },
    rejectOwnerRequest: {
      as: 'support',
      params: { id: 5 },
      body: { reason: 'The ID photo is unreadable: please send a sharper scan.' },
    },
    createPropertyType: { as: 'admin', body: { name: 'Treehouse', description: 'A cabin built in the trees' } },
    updatePropertyType: {
      as: 'admin',
      params: { id: 9 },
      body: { description: 'A small wooden house in the countryside' },
    },
    createCommodity: { as: 'admin', body: { name: 'Record player', type: 'entertainment' } },
    updateCommodity: { as: 'admin', params: { id: 34 }, body: { name: 'Board games and puzzles' } },
    createNeighborhood: { as: 'admin', body: { country: 'FR', city: 'Paris', name: 'Batignolles' } },
    createCurrency: {
      as: 'admin',
      body: { code: 'PHP', name: 'Philippine peso', symbol: '₱', decimals: 2, exchange_rate: '63.5', is_active: true },
    },
    updateCurrency: { as: 'admin', params: { code: 'CHF' }, body: { symbol: 'Fr.', exchange_rate: '0.94' } },
    createProperty: { as: 'owner', body: LISTING_FORM },
    createNewProperty: { as: 'owner', body: { ...LISTING_FORM, internal_name: 'PAR-BATIGNOLLES-16' } },
    savePropertyDraft: {
      as: 'owner',
      params: { id: 8 },
      body: { description: 'A riverside flat with a view of the Douro and the Luís I bridge.' },
    },
    updateProperty: { as: 'owner', params: { id: 1 }, body: { price_per_night: 150, check_in_time: '16:00:00' } },
    createSeason: {
      as: 'owner',
      params: { id: 2 },
      body: {
        name: 'Late summer',
        start_date: day(200),
        end_date: day(230),
        reduction_percent: 10,
        min_stay: 2,
        max_stay: null,
      },
    },
    updateSeason: { as: 'owner', params: { id: 1, itemId: 1 }, body: { reduction_percent: 12.5 } },
    createOffer: {
      as: 'owner',
      params: { id: 2 },
      body: {
        name: 'Week-long stay -15%',
        discount_type: 'percent',
        discount_value: 15,
        start_date: day(30),
        end_date: day(120),
        min_nights: 7,
      },
    },
    updateOffer: { as: 'owner', params: { id: 1, itemId: 1 }, body: { discount_value: 12 } },
    createPackage: { as: 'owner', params: { id: 2 }, body: { name: 'Welcome basket', price: 25, is_global: false } },
    updatePackage: { as: 'owner', params: { id: 1, itemId: 1 }, body: { price: 65 } },
    createService: { as: 'owner', params: { id: 2 }, body: { name: 'Bike rental', price: 15, type: 'per_night' } },
    updateService: { as: 'owner', params: { id: 1, itemId: 1 }, body: { price: 60 } },
    createPromoCode: {
      as: 'owner',
      params: { id: 2 },
      body: {
        code: 'MONTMARTRE5',
        discount_type: 'fixed',
        discount_value: 5,
        valid_from: day(0),
        valid_to: day(90),
        max_uses: 100,
        min_nights: 2,
      },
    },
    updatePromoCode: { as: 'owner', params: { id: 1, itemId: 1 }, body: { max_uses: 500 } },
    createRoomType: {
      as: 'owner',
      params: { id: 3 },
      body: { title: 'Single room', count_of_rooms: 2, occ_adults: 1, occ_children: 0, capacity: 1 },
    },
    updateRoomType: { as: 'owner', params: { id: 3, rt: 1 }, body: { count_of_rooms: 4 } },
    createRatePlan: { as: 'owner', params: { id: 3, rt: 1 }, body: { title: 'Weekly', price: 70 } },
    updateRatePlan: { as: 'owner', params: { id: 3, rt: 1, rp: 1 }, body: { price: 78 } },
    setRoomTypeCalendar: { as: 'owner', params: { id: 3, rt: 1 }, body: { from: day(60), to: day(66), price: 85 } },
    setPropertyCalendar: { as: 'owner', params: { id: 2 }, body: { from: day(60), to: day(62), price: 95 } },
    uploadPropertyMedia: {
      as: 'owner',
      params: { id: 1 },
      body: { files: [FILE] },
      replace: 'files: the photos or videos (multipart)',
    },
    reorderPropertyMedia: {
      as: 'owner',
      params: { id: 1 },
      body: { ids: [2, 1] },
      replace: "ids: the listing's media ids (GET /properties/{id}/medias), in the new order",
    },
    previewReservation: {
      as: 'traveller',
      body: { ...stay, guests: { adults: 2, children: 0 }, promo_code: 'PARIS10', service_ids: [1] },
    },
    submitPublicFeedback: {
      params: { id: 'the feedback id seed:demo printed' },
      body: { rating: 5, comment: 'Spotless, quiet and close to everything.' },
      replace: 'id: the feedback id seed:demo printed for a completed stay',
    },
    createReservation: {
      as: 'traveller',
      body: {
        ...stay,
        guests: { adults: 2, children: 0 },
        special_requests: 'Arriving around 22:00',
        code_promo: 'PARIS10',
        service_ids: [1],
      },
    },
    createMultiRoomReservation: {
      as: 'traveller',
      body: {
        property_id: 3,
        checkin_date: day(70),
        checkout_date: day(73),
        guests: [
          { first_name: 'Tom', last_name: 'Traveller', age: 38 },
          { first_name: 'Tina', last_name: 'Traveller', age: 36, email: 'tina@example.com' },
        ],
        rooms: [{ room_type_id: 1, rate_plan_id: 1, rooms_count: 1 }],
        first_name: 'Tom',
        last_name: 'Traveller',
        email: DEMO_LOGINS.traveller.login,
        phone: '+33 6 98 76 54 32',
      },
    },
    modifyReservation: { as: 'traveller', params: { id: 4 }, body: { guests: { adults: 2, children: 0 } } },
    cancelReservation: { as: 'traveller', params: { id: 2 }, body: { reason: 'Our plans changed' } },
    sendMessage: {
      as: 'traveller',
      body: { receiver_id: 3, content: 'Hello Olga, could we check in at 13:00?', reservation_id: 3 },
    },
    askChatbot: { as: 'traveller', body: { message: 'What time is check-in?', property_id: 1 } },
    replyToChatbotConversation: {
      as: 'support',
      params: { id: 1 },
      body: { content: 'Check-in is from 15:00 to 20:00; write to the host for an earlier time.' },
      replace: 'id: a conversation of GET /chatbots (askChatbot makes one)',
    },
    createFaq: {
      as: 'admin',
      body: {
        question: 'Can I bring my dog?',
        answer: 'Where the listing says pets are allowed, yes.',
        keywords: ['pet', 'dog', 'cat'],
        is_active: true,
      },
    },
    updateFaq: {
      as: 'admin',
      params: { id: 1 },
      body: { is_active: false },
      replace: 'id: an entry of GET /chatbots/faqs (createFaq makes one)',
    },
    sendNotification: {
      as: 'support',
      body: {
        title: 'Maintenance tonight',
        message: 'The app is unavailable from 02:00 to 02:15 UTC.',
        payload: '{}',
        role: 'owner',
      },
    },
    processPayment: {
      as: 'traveller',
      body: { payment_method: 'card', reservation_id: 1, type: 'reservation', currency: 'EUR' },
    },
    processPayouts: { as: 'admin', body: { dry_run: true, min_amount: 50, max_payouts: 10, currency: 'EUR' } },
    updatePayoutSettings: { as: 'admin', body: { min_amount: 50, max_payouts: 20, currency: 'EUR' } },
    updatePayoutAccount: { as: 'owner', body: { payout_account_id: 'acct_demo_owner' } },
    handleChannelWebhook: {
      body: { event: 'booking', property_id: 'a1b2c3d4', payload: { booking_id: 'bk-123', revision_id: 'rev-1' } },
      replace: 'the whole body: the channel manager sends and signs it',
    },
    syncChannel: {
      as: 'owner',
      params: { id: 1 },
      body: { email: DEMO_LOGINS.owner.login, phone: '+33 1 23 45 67 89', zip_code: '75004', city: 'Paris' },
      needs: 'a channel manager (CHANNEL_MANAGER); without one the answer is 409 CHANNEL_NOT_CONFIGURED',
    },
    importIcalFeed: {
      as: 'owner',
      params: { id: 1 },
      body: { url: 'https://calendar.example.com/loft.ics', name: 'Other platform' },
      replace: 'url: a calendar feed of yours',
    },
    createWebhookEndpoint: {
      as: 'owner',
      body: {
        url: 'https://pms.example.com/hooks/stays',
        events: ['reservation.created', 'reservation.cancelled'],
        description: 'Property-management system',
      },
      replace: 'url: a receiver of yours (https)',
    },
    updateWebhookEndpoint: {
      as: 'owner',
      params: { id: 1 },
      body: { events: ['reservation.created', 'payment.received'], enabled: true },
      replace: 'id: one of your endpoints (POST /webhook-endpoints makes one)',
    },
    payCheckout: {
      params: { sessionId: 'cs_local_…' },
      body: { token: 'the form token of the page', email: DEMO_LOGINS.traveller.login, name: 'Tom Traveller' },
      replace: 'the page fills this form itself',
    },
    cancelCheckout: {
      params: { sessionId: 'cs_local_…' },
      body: { token: 'the form token of the page' },
      replace: 'the page fills this form itself',
    },
    submitSetPasswordForm: {
      body: { token: 'the token of the invitation link', ...PASSWORD },
      replace: 'the page fills this form itself',
    },
    submitResetPasswordForm: {
      body: { email: DEMO_LOGINS.traveller.login, code: '123456', ...PASSWORD },
      replace: `code: ${CODE}`,
    },
    submitUndoEmailChangeForm: {
      body: { token: 'the token of the undo link' },
      replace: 'the page fills this form itself',
    },
    submitReservationPayForm: {
      params: { id: 1 },
      body: { access: 'the signed access of the page’s link' },
      replace: 'the page fills this form itself',
    },
    submitReservationCancelForm: {
      params: { id: 1 },
      body: { access: 'the signed access of the page’s link' },
      replace: 'the page fills this form itself',
    },
  };
}

/** Puts each example into its operation: the body's media types, the path parameters, a note. */
export function applyExamples(doc: Json, examples: Record<string, OperationExample>): void {
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      const ex = typeof op?.operationId === 'string' ? examples[op.operationId] : undefined;
      if (!ex) continue;
      const content = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content ?? {};
      for (const media of Object.values(content)) media.example = ex.body;
      for (const p of (op.parameters ?? []) as Json[])
        if (p.in === 'path' && ex.params?.[p.name as string] !== undefined) p.example = ex.params[p.name as string];
      const who = ex.as
        ? `as ${DEMO_LOGINS[ex.as].login} (password ${DEMO_LOGINS[ex.as].password}, login type ${DEMO_LOGINS[ex.as].type})`
        : 'without a token';
      const note = ex.replace
        ? `Example: replace ${ex.replace}, then send it ${who}.`
        : `Example: send it as it is ${who}, on the data of a fresh npm run seed:demo.`;
      op.description = [op.description, note, ex.needs ? `It needs ${ex.needs}.` : ''].filter(Boolean).join(' ');
    }
  }
}

/** Puts the captured answers of the main operations into their success responses. */
export function applyResponseExamples(doc: Json): void {
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      const ex = typeof op?.operationId === 'string' ? RESPONSE_EXAMPLES[op.operationId] : undefined;
      const media = ex
        ? (op.responses as Record<string, { content?: Record<string, Json> }>)[ex.status]?.content?.['application/json']
        : undefined;
      if (ex && media) media.example = ex.value;
    }
  }
}
