// The data the authorisation matrix works on: for each principal a resource of its own and one of
// someone else's, of every kind a path names. Side A is the caller's (client A booked owner A's
// listing); side B is a stranger's (client B on owner B's listing). Support and admin own no
// listing: for them "own" is side A and "other" side B, and the table says what each may do.
// A request that may delete or decide on what it names gets a fresh one (`fresh`), so the
// principals after it still find theirs.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/test-app.ts';
import { bearer, createUser } from '../helpers/factories.ts';
import { createProperty, createPropertyType, createRoomType } from '../helpers/catalog-factories.ts';
import {
  chatbotConversations, chatbotFaqs, commodities, icalFeeds, offers, ownerRequests, packages, promoCodes, propertyMedias, ratePlans, reservations, seasons, services,
} from '../../src/db/schema/index.ts';
import { startCalendarServer } from '../fakes/calendar-server.ts';
import { form, png } from '../../src/modules/owner-onboarding/owner-onboarding.test-support.ts';
import { seedReservation } from '../../src/modules/reservations/reservations.test-support.ts';
import { seedNotification } from '../../src/modules/notifications/notifications.test-support.ts';
import type { UserRow } from '../../src/modules/users/users.repository.ts';

export const PRINCIPALS = ['anonymous', 'client', 'owner', 'support', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];
export type Variant = 'own' | 'other' | 'missing';
export const MISSING_ID = 987_654_321;

export interface Side {
  owner: UserRow;
  client: UserRow;
  property: number;
  rt: number;
  rp: number;
  items: Record<string, number>;
  media: number;
  reservation: number;
  feedback: string;
  chatbot: number;
  /** A message with an attachment from the side's client to its owner, the client's owner application with its files, an imported calendar. */
  message: number;
  application: number;
  feed: number;
}

export interface AuthzWorld {
  A: Side;
  B: Side;
  user(who: Exclude<Principal, 'anonymous'>): UserRow;
  headers(who: Principal): Record<string, string>;
  /** Path parameters of `route` for `who` and the variant; `fresh` makes a new resource where a request may use it up. */
  params(route: string, who: Principal, variant: Variant, fresh: boolean): Promise<Record<string, string>>;
  /** E-mail addresses that must not reach `who`. */
  privateEmails(who: Principal): string[];
  /** New sessions for every principal (after a route that ends or rotates them). */
  renewSessions(): Promise<void>;
  close(): Promise<void>;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const RULE_KINDS = ['seasons', 'offers', 'packages', 'services', 'promo-codes'] as const;

const applicationOf = (userId: number) => ({
  userId, userType: 'individual', countryRegion: 'Europe', idType: 'passport', idExpiryDate: '2099-12-31', placeType: 'apartment',
  address: '1 Rue X', city: 'Lyon', postalCode: '69001', country: 'France', latitude: '45.7', longitude: '4.8',
});

export async function seedAuthzWorld(t: TestApp): Promise<AuthzWorld> {
  const db = t.deps.db;
  let seq = 0;
  const tag = () => `${++seq}${randomBytes(2).toString('hex')}`;

  async function ruleItem(kind: string, propertyId: number): Promise<number> {
    const s = tag();
    const rows = await (kind === 'seasons'
      ? db.insert(seasons).values({ propertyId, name: `S ${s}`, startDate: day(200 + seq * 40), endDate: day(230 + seq * 40), reductionPercent: '10', minStay: 1 }).returning()
      : kind === 'offers'
        ? db.insert(offers).values({ propertyId, name: `O ${s}`, discountType: 'percent', discountValue: '5', startDate: day(200), endDate: day(230) }).returning()
        : kind === 'promo-codes'
          ? db.insert(promoCodes).values({ propertyId, code: `P${s}`.toUpperCase(), discountType: 'fixed', discountValue: '100', validFrom: day(1), validTo: day(300), maxUses: 10 }).returning()
          : kind === 'packages'
            ? db.insert(packages).values({ propertyId, name: `K ${s}`, price: 1000, isGlobal: true }).returning()
            : db.insert(services).values({ propertyId, name: `V ${s}`, price: 500, type: 'per_stay' }).returning());
    return rows[0]!.id;
  }
  const media = async (propertyId: number) =>
    (await db.insert(propertyMedias).values({ propertyId, mediaType: 'image', storageKey: `property-medias/authz-${tag()}.jpg`, mime: 'image/jpeg', position: 0 }).returning())[0]!.id;
  const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);
  const ratePlan = async (roomTypeId: number) => (await db.insert(ratePlans).values({
    roomTypeId, title: `Plan ${tag()}`, currency: 'EUR', price: 9000,
    maxStay: seven(0), minStayArrival: seven(1), closedToArrival: seven(false), closedToDeparture: seven(false), stopSell: seven(false),
  }).returning())[0]!.id;
  const chatbot = async (userId: number, propertyId: number) =>
    (await db.insert(chatbotConversations).values({ userId, propertyId, question: 'Can I bring a piano?', status: 'needs_support' }).returning())[0]!.id;

  async function seedSide(): Promise<Omit<Side, 'message' | 'application' | 'feed'>> {
    const owner = await createUser(t.deps, { role: 'owner' });
    const client = await createUser(t.deps);
    const p = await createProperty(t.deps, owner.id);
    const { roomType, ratePlan } = await createRoomType(t.deps, p.id);
    const items: Record<string, number> = {};
    for (const kind of RULE_KINDS) items[kind] = await ruleItem(kind, p.id);
    const stay = await seedReservation(t.deps, { propertyId: p.id, guestId: client.id, status: 'confirmed', checkin: day(40), checkout: day(43) });
    const feedback = randomBytes(16).toString('hex');
    await db.update(reservations).set({ feedbackId: feedback }).where(eq(reservations.id, stay.id));
    return {
      owner, client, property: p.id, rt: roomType.id, rp: ratePlan.id, media: await media(p.id), reservation: stay.id, feedback, items,
      chatbot: await chatbot(client.id, p.id),
    };
  }

  const calendars = await startCalendarServer();
  calendars.serve('/busy.ics', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//matrix//EN\r\nEND:VCALENDAR\r\n');
  const feed = async (propertyId: number, roomTypeId: number) =>
    (await db.insert(icalFeeds).values({ propertyId, roomTypeId, url: `${calendars.base}/busy.ics?${tag()}` }).returning())[0]!.id;
  /** Through the routes, as the client would: a message with an image to its host, and an owner application with its ID files. */
  async function clientActs(sideOf: Omit<Side, 'message' | 'application' | 'feed'>): Promise<Side> {
    const auth = bearer((await t.deps.sessions.start(sideOf.client, 'client')).token);
    const sent = await t.app.inject({ method: 'POST', url: '/api/chats/send_messages', headers: auth, payload: form({}, { receiver_id: sideOf.owner.id, content: 'Our passports', attachment: png('passports.png') }) });
    const applied = await t.app.inject({ method: 'POST', url: '/api/user/become-owner', headers: auth, payload: form() });
    if (sent.statusCode !== 201 || applied.statusCode !== 201) throw new Error(`matrix world: ${sent.statusCode} ${sent.body} / ${applied.statusCode} ${applied.body}`);
    return { ...sideOf, message: sent.json().data.id, application: applied.json().data.id, feed: await feed(sideOf.property, sideOf.rt) };
  }
  const A = await clientActs(await seedSide());
  const B = await clientActs(await seedSide());
  const staff = { support: await createUser(t.deps, { role: 'support' }), admin: await createUser(t.deps, { role: 'admin' }) };
  const users: Record<Exclude<Principal, 'anonymous'>, UserRow> = { client: A.client, owner: A.owner, ...staff };
  const tokens = new Map<Principal, string>();
  const notes = new Map<Principal, number>();
  async function renewSessions() {
    for (const who of ['client', 'owner', 'support', 'admin'] as const) tokens.set(who, (await t.deps.sessions.start(users[who], who)).token);
  }
  await renewSessions();
  for (const who of ['client', 'owner', 'support', 'admin'] as const) notes.set(who, (await seedNotification(t.deps, users[who].id)).id);
  const strangersNote = (await seedNotification(t.deps, B.client.id)).id;
  const newFaq = async () => (await db.insert(chatbotFaqs).values({ question: 'Parking?', answer: 'Yes, free.', keywords: ['parking'] }).returning())[0]!.id;
  const faq = await newFaq();
  const commodity = async () => (await db.insert(commodities).values({ name: `Matrix amenity ${tag()}`, type: 'general' }).returning())[0]!.id;
  const standingCommodity = await commodity();
  const standingType = await createPropertyType(t.deps);

  /** A pending, complete owner application of a new applicant: approving or rejecting it uses it up. */
  async function application(): Promise<{ userId: number; requestId: number }> {
    const applicant = await createUser(t.deps);
    const [row] = await db.insert(ownerRequests).values(applicationOf(applicant.id)).returning();
    return { userId: applicant.id, requestId: row!.id };
  }

  const side = (v: Variant) => (v === 'other' ? B : A);
  const self = (who: Principal) => (who === 'anonymous' ? A.client : users[who]);

  async function value(route: string, name: string, who: Principal, variant: Variant, fresh: boolean): Promise<number | string> {
    const s = side(variant);
    if (route.startsWith('/api/public-feedback/')) return s.feedback;
    if (route.startsWith('/api/currencies/')) return 'EUR';
    if (route.startsWith('/api/properties/')) {
      if (name === 'id') return fresh && route === '/api/properties/:id' ? (await createProperty(t.deps, s.owner.id)).id : s.property;
      if (name === 'userId') return variant === 'own' ? self(who).id : B.owner.id;
      if (name === 'itemId') {
        const kind = /\/properties\/:id\/([a-z-]+)\/:itemId/.exec(route)![1]!;
        return fresh ? ruleItem(kind, s.property) : s.items[kind]!;
      }
      if (name === 'rt') return fresh && !route.includes(':rp') ? (await createRoomType(t.deps, s.property)).roomType.id : s.rt;
      if (name === 'rp') return fresh ? ratePlan(s.rt) : s.rp;
      if (name === 'mediaId') return fresh ? media(s.property) : s.media;
      if (name === 'feedId') return fresh ? feed(s.property, s.rt) : s.feed;
    }
    if (route.startsWith('/api/reservations/')) return s.reservation;
    if (route.startsWith('/api/chats/attachments/')) return s.message;
    if (route.startsWith('/api/user/owner-requests/')) return name === 'field' ? 'id_reco_path' : s.application;
    if (route.startsWith('/api/notifications/')) return variant === 'own' ? (notes.get(who) ?? strangersNote) : strangersNote;
    if (route.startsWith('/api/chats/messages/')) return s.owner.id;
    if (route.startsWith('/api/history_chatbots/')) return s.chatbot;
    if (route.startsWith('/api/chatbots/faqs/')) return fresh ? newFaq() : faq;
    if (route.startsWith('/api/commodities/')) return fresh ? commodity() : standingCommodity;
    if (route.startsWith('/api/property-types/')) return fresh ? createPropertyType(t.deps) : standingType;
    if (/approve-owner|reject-owner/.test(route)) return (await application()).userId;
    if (route.startsWith('/api/user/accept-owner-request/')) return (await application()).requestId;
    // A user named in the path: the caller themselves, or a stranger.
    if (name === 'id' || name === 'userId') return variant === 'own' ? self(who).id : B.client.id;
    throw new Error(`the matrix has no value for :${name} of ${route}`);
  }

  return {
    A, B,
    user: (who) => users[who],
    headers: (who) => (who === 'anonymous' ? {} : bearer(tokens.get(who)!)),
    async params(route, who, variant, fresh) {
      const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const out: Record<string, string> = {};
      for (const name of names) {
        // The last parameter names the thing that is missing (an application's file field stays real: it is an enum).
        const last = names.filter((x) => x !== 'field').at(-1);
        const missing = variant === 'missing' && name === last;
        out[name] = missing ? (name === 'code' ? 'ZZZ' : route.startsWith('/api/public-feedback/') ? 'f'.repeat(32) : String(MISSING_ID)) : String(await value(route, name, who, variant, fresh));
      }
      return out;
    },
    privateEmails(who) {
      if (who === 'admin' || who === 'support') return [];
      const everyone = [A.client, A.owner, B.client, B.owner, staff.support, staff.admin].map((u) => u.email);
      // Signed-in callers see listings' owners; an owner sees the guests of its listing.
      const visible = new Set(who === 'anonymous' ? [] : [self(who).email, A.owner.email, B.owner.email, ...(who === 'owner' ? [A.client.email] : [])]);
      return everyone.filter((e) => !visible.has(e));
    },
    renewSessions,
    close: () => calendars.close(),
  };
}
