// The data the authorisation matrix works on: for each principal a resource of its own and one of
// someone else's, of every kind a path names. Side A is the caller's (client A booked owner A's
// listing); side B is a stranger's (client B on owner B's listing). Support and admin own no
// listing: for them "own" is side A and "other" side B, and the table says what each may do.
// Each side has a listing sold by room type (its room type, rate plan, rule items, media,
// feed), one sold whole (its own calendar, bookings) and a draft (the creation wizard). A request
// that uses up what it names (deletes, decides, cancels, reviews, replies) gets a new one, so
// the principals after it still find theirs and every allowed caller can be answered a 2xx.
import { webhooksRepository } from '../../src/modules/webhooks/webhooks.repository.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { bearer, createUser } from '../helpers/factories.ts';
import { createProperty, createPropertyType, createRoomType } from '../helpers/catalog-factories.ts';
import { startCalendarServer } from '../fakes/calendar-server.ts';
import { startChannexFake, type ChannexFake } from '../fakes/channex-server.ts';
import { form, png } from '../../src/modules/owner-onboarding/owner-onboarding.test-support.ts';
import { seedNotification } from '../../src/modules/notifications/notifications.test-support.ts';
import type { UserRow } from '../../src/modules/users/users.repository.ts';
import { fixtures, type Fixtures } from './authz-fixtures.ts';

export const PRINCIPALS = ['anonymous', 'client', 'owner', 'support', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];
export type Variant = 'own' | 'other' | 'missing';
export const MISSING_ID = 987_654_321;

export interface Side {
  owner: UserRow;
  client: UserRow;
  /** The listing sold by room type, and its parts. */
  property: number;
  rt: number;
  rp: number;
  items: Record<string, number>;
  media: number;
  reservation: number;
  feedback: string;
  chatbot: number;
  /** A listing sold whole (its calendar, its bookings and stays), and a draft listing of the same owner. */
  whole: number;
  draft: number;
  /** A message with an attachment from the side's client to its owner, the client's owner application with its files, an imported calendar. */
  message: number;
  application: number;
  feed: number;
  /** The client's avatar (its file name) and a photo the owner uploaded to the listing, both stored files. */
  avatar: string;
  photo: number;
}

export interface AuthzWorld {
  A: Side;
  B: Side;
  /** Side A for the own variant, B for the other (and for a missing thing, the parent's side: A). */
  side(variant: Variant): Side;
  fixtures: Fixtures;
  /** A property type the listing forms may name. */
  propertyType: number;
  /** The ids of a listing's media, in their order. */
  mediaOf(propertyId: number): Promise<number[]>;
  /** The token of a listing's secret calendar link, as its owner reads it. */
  icalToken(s: Side): Promise<string>;
  user(who: Exclude<Principal, 'anonymous'>): UserRow;
  headers(who: Principal): Record<string, string>;
  /** The headers of a new signed-in user of the role, for a request its principal's standing user cannot make twice. */
  newcomer(role: 'client' | 'owner'): Promise<Record<string, string>>;
  /** Path parameters of `key` ("METHOD /route") for `who` and the variant. */
  params(key: string, who: Principal, variant: Variant): Promise<Record<string, string>>;
  /** E-mail addresses that must not reach `who`. */
  privateEmails(who: Principal): string[];
  /** New sessions for every principal (after a route that ends or rotates them). */
  renewSessions(): Promise<void>;
  close(): Promise<void>;
}

const RULE_KINDS = ['seasons', 'offers', 'packages', 'services', 'promo-codes'] as const;
/** Requests that use up what they name (delete, decide, cancel, reply, review): each gets a new one. */
const USES_UP = [
  'approve-owner',
  'reject-owner',
  'accept-owner-request',
  '/cancel',
  '/response',
  '/api/public-feedback/',
];
const usesUp = (key: string) =>
  key.startsWith('DELETE ') || (key.startsWith('POST ') && USES_UP.some((w) => key.includes(w)));

/** The app the matrix runs: calendars served from 127.0.0.1, the channel manager a local Channex-speaking server. */
export async function channelManager(): Promise<{ fake: ChannexFake; env: Record<string, string> }> {
  const fake = await startChannexFake();
  return {
    fake,
    env: {
      // Imported calendars are served from 127.0.0.1 here (the import guard's own tests refuse it).
      ICAL_ALLOW_PRIVATE: 'true',
      CHANNEL_MANAGER: 'channex',
      CHANNEX_API_BASE: fake.apiBase,
      CHANNEX_API_KEY: fake.apiKey,
    },
  };
}

export async function seedAuthzWorld(t: TestApp): Promise<AuthzWorld> {
  const calendars = await startCalendarServer();
  calendars.serve('/busy.ics', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//matrix//EN\r\nEND:VCALENDAR\r\n');
  const f = fixtures(t, calendars.base);

  async function seedSide(): Promise<Omit<Side, 'message' | 'application' | 'feed' | 'avatar' | 'photo'>> {
    const owner = await createUser(t.deps, { role: 'owner' });
    const client = await createUser(t.deps);
    const p = await createProperty(t.deps, owner.id);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id);
    const items: Record<string, number> = {};
    for (const kind of RULE_KINDS) items[kind] = await f.ruleItem(kind, p.id);
    const whole = (await createProperty(t.deps, owner.id)).id;
    const stay = await f.stay(whole, client);
    const feedback = await f.feedbackLink(whole, client.id);
    return {
      owner,
      client,
      property: p.id,
      rt: roomType.id,
      rp: ratePlan.id,
      media: await f.media(p.id),
      reservation: stay,
      feedback,
      items,
      chatbot: await f.chatbot(client.id, p.id),
      whole,
      draft: await f.draft(owner.id),
    };
  }

  /** Through the routes, as the client would: a message with an image to its host, and an owner application with its ID files. */
  async function peopleAct(sideOf: Omit<Side, 'message' | 'application' | 'feed' | 'avatar' | 'photo'>): Promise<Side> {
    const auth = bearer((await t.deps.sessions.start(sideOf.client, 'client')).token);
    const host = bearer((await t.deps.sessions.start(sideOf.owner, 'owner')).token);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chats/send_messages',
      headers: auth,
      payload: form({}, { receiver_id: sideOf.owner.id, content: 'Our passports', attachment: png('passports.png') }),
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/user/become-owner',
      headers: auth,
      payload: form(),
    });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: auth,
      payload: form({}, { avatar: png('me.png') }),
    });
    const photos = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${sideOf.property}/medias`,
      headers: host,
      payload: form({}, { files: png('room.png') }),
    });
    const answers = [sent, applied, profile, photos];
    if (answers.some((a) => a.statusCode >= 300))
      throw new Error(`matrix world: ${answers.map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`).join(' / ')}`);
    return {
      ...sideOf,
      message: sent.json().data.id,
      application: applied.json().data.id,
      feed: await f.feed(sideOf.property, sideOf.rt),
      avatar: String(profile.json().data.avatar).split('/').at(-1) ?? '',
      photo: photos.json().data[0].id,
    };
  }
  const A = await peopleAct(await seedSide());
  const B = await peopleAct(await seedSide());
  const staff = {
    support: await createUser(t.deps, { role: 'support' }),
    admin: await createUser(t.deps, { role: 'admin' }),
  };
  // Another admin and support agent: the principals' own may close their accounts, or ask for an agent.
  await createUser(t.deps, { role: 'admin' });
  await createUser(t.deps, { role: 'support' });
  const users: Record<Exclude<Principal, 'anonymous'>, UserRow> = { client: A.client, owner: A.owner, ...staff };
  const tokens = new Map<Principal, string>();
  const notes = new Map<Principal, number>();
  async function renewSessions() {
    for (const who of ['client', 'owner', 'support', 'admin'] as const)
      tokens.set(who, (await t.deps.sessions.start(users[who], who)).token);
  }
  await renewSessions();
  for (const who of ['client', 'owner', 'support', 'admin'] as const)
    notes.set(who, (await seedNotification(t.deps, users[who].id)).id);
  const strangersNote = (await seedNotification(t.deps, B.client.id)).id;
  const standing = { faq: await f.faq(), commodity: await f.commodity(), type: await createPropertyType(t.deps) };

  // Each side's owner subscribes an endpoint with one delivery (a ping) to retry.
  const hookOf = async (ownerId: number) => {
    const repo = webhooksRepository(t.deps.db);
    const now = t.deps.clock.now();
    const endpoint = await repo.insertEndpoint(
      {
        userId: ownerId,
        scope: 'owner',
        url: 'https://hooks.example.test/stays',
        events: ['reservation.created'],
        description: null,
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
      },
      now,
    );
    const [delivery] = await repo.enqueue(
      [
        {
          endpointId: endpoint.id,
          eventId: null,
          type: 'ping',
          messageId: `msg_matrix_${endpoint.id}`,
          source: { payload: {} },
        },
      ],
      now,
    );
    return { endpoint: endpoint.id, delivery: delivery!.id };
  };
  const hooks = new Map([
    [A, await hookOf(A.owner.id)],
    [B, await hookOf(B.owner.id)],
  ]);
  const side = (v: Variant) => (v === 'other' ? B : A);
  const self = (who: Principal) => (who === 'anonymous' ? A.client : users[who]);

  async function value(key: string, name: string, who: Principal, variant: Variant): Promise<number | string> {
    const route = key.slice(key.indexOf(' ') + 1);
    const fresh = usesUp(key);
    const s = side(variant);
    if (route.startsWith('/api/public-feedback/')) return fresh ? f.feedbackLink(s.whole, s.client.id) : s.feedback;
    if (route.startsWith('/api/currencies/')) return 'EUR';
    if (route.startsWith('/api/user/avatars/')) return s.avatar;
    if (route.startsWith('/api/properties/medias/')) return s.photo;
    if (route.startsWith('/api/properties/')) {
      if (name === 'id') {
        // Saving a step may complete a draft (it turns active): each save gets a new one.
        if (key === 'POST /api/properties/:id') return f.draft(s.owner.id);
        if (route === '/api/properties/:id/calendar') return s.whole;
        return fresh && route === '/api/properties/:id' ? (await createProperty(t.deps, s.owner.id)).id : s.property;
      }
      if (name === 'userId') return variant === 'own' ? self(who).id : B.owner.id;
      if (name === 'itemId') {
        const kind = /\/properties\/:id\/([a-z-]+)\/:itemId/.exec(route)![1]!;
        return fresh ? f.ruleItem(kind, s.property) : s.items[kind]!;
      }
      if (name === 'rt')
        return fresh && !route.includes(':rp') ? (await createRoomType(t.deps, s.property)).roomType.id : s.rt;
      if (name === 'rp') return fresh ? f.ratePlan(s.rt) : s.rp;
      if (name === 'mediaId') return fresh ? f.media(s.property) : s.media;
      if (name === 'feedId') return fresh ? f.feed(s.property, s.rt) : s.feed;
    }
    if (route.startsWith('/api/reservations/')) return fresh ? f.stay(s.whole, s.client) : s.reservation;
    if (route.startsWith('/api/webhook-endpoints/')) {
      if (name === 'deliveryId') return hooks.get(s)!.delivery;
      return fresh ? (await hookOf(s.owner.id)).endpoint : hooks.get(s)!.endpoint;
    }
    if (route.startsWith('/api/chats/attachments/')) return s.message;
    if (route.startsWith('/api/user/owner-requests/')) return name === 'field' ? 'id_reco_path' : s.application;
    if (route.startsWith('/api/notifications/'))
      return variant === 'own' ? (notes.get(who) ?? strangersNote) : strangersNote;
    // Someone to talk with: the side's owner, or for that owner its guest.
    if (route.startsWith('/api/chats/messages/'))
      return who === 'owner' && variant === 'own' ? A.client.id : s.owner.id;
    if (route.startsWith('/api/history_chatbots/')) return fresh ? f.chatbot(s.client.id, s.property) : s.chatbot;
    if (route.startsWith('/api/chatbots/faqs/')) return fresh ? f.faq() : standing.faq;
    if (route.startsWith('/api/commodities/')) return fresh ? f.commodity() : standing.commodity;
    if (route.startsWith('/api/property-types/')) return fresh ? createPropertyType(t.deps) : standing.type;
    if (/approve-owner|reject-owner/.test(route)) return (await f.application()).userId;
    if (route.startsWith('/api/user/accept-owner-request/')) return (await f.application()).requestId;
    // A user named in the path: the caller themselves, or a stranger.
    if (name === 'id' || name === 'userId') return variant === 'own' ? self(who).id : B.client.id;
    throw new Error(`the matrix has no value for :${name} of ${route}`);
  }

  return {
    A,
    B,
    side,
    fixtures: f,
    propertyType: standing.type,
    async icalToken(s) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/properties/${s.property}/calendar/ical`,
        headers: bearer((await t.deps.sessions.start(s.owner, 'owner')).token),
      });
      return new URL((res.json() as { data: { export_url: string } }).data.export_url).searchParams.get('token') ?? '';
    },
    async mediaOf(propertyId) {
      const res = await t.app.inject({ method: 'GET', url: `/api/properties/${propertyId}/medias?per_page=100` });
      return (res.json() as { data: Array<{ id: number }> }).data.map((m) => m.id);
    },
    user: (who) => users[who],
    headers: (who) => (who === 'anonymous' ? {} : bearer(tokens.get(who)!)),
    async newcomer(role) {
      const user = await createUser(t.deps, { role });
      return bearer((await t.deps.sessions.start(user, role)).token);
    },
    async params(key, who, variant) {
      const route = key.slice(key.indexOf(' ') + 1);
      const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const out: Record<string, string> = {};
      for (const name of names) {
        // The last parameter names the thing that is missing (an application's file field stays real: it is an enum).
        const last = names.filter((x) => x !== 'field').at(-1);
        const missing = variant === 'missing' && name === last;
        out[name] = missing
          ? name === 'code'
            ? 'ZZZ'
            : route.startsWith('/api/public-feedback/')
              ? 'f'.repeat(32)
              : String(MISSING_ID)
          : String(await value(key, name, who, variant));
      }
      return out;
    },
    privateEmails(who) {
      if (who === 'admin' || who === 'support') return [];
      const everyone = [A.client, A.owner, B.client, B.owner, staff.support, staff.admin].map((u) => u.email);
      // Signed-in callers see listings' owners; an owner sees the guests of its listing.
      const visible = new Set(
        who === 'anonymous'
          ? []
          : [self(who).email, A.owner.email, B.owner.email, ...(who === 'owner' ? [A.client.email] : [])],
      );
      return everyone.filter((e) => !visible.has(e));
    },
    renewSessions,
    close: () => calendars.close(),
  };
}
