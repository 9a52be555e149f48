// The rows and credentials the authorisation matrix names, made straight in the database or
// through the public routes as a person would: so that each allowed caller's request is one the
// service can carry out (a 2xx), and a request that uses its thing up gets a new one.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/test-app.ts';
import { bearer, createUser } from '../helpers/factories.ts';
import {
  chatbotConversations,
  chatbotFaqs,
  commodities,
  icalFeeds,
  offers,
  ownerRequests,
  packages,
  promoCodes,
  propertyMedias,
  ratePlans,
  reservations,
  seasons,
  services,
} from '../../src/db/schema/index.ts';
import { markPaid, seedReservation } from '../../src/modules/reservations/reservations.test-support.ts';
import type { UserRow } from '../../src/modules/users/users.repository.ts';
import { createProperty } from '../helpers/catalog-factories.ts';

export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);

const applicationOf = (userId: number) => ({
  userId,
  userType: 'individual',
  countryRegion: 'Europe',
  idType: 'passport',
  idExpiryDate: '2099-12-31',
  placeType: 'apartment',
  address: '1 Rue X',
  city: 'Lyon',
  postalCode: '69001',
  country: 'France',
  latitude: '45.7',
  longitude: '4.8',
});

export type Fixtures = ReturnType<typeof fixtures>;

/** `calendarBase`: where the local calendar server answers (a feed at any path under /busy.ics). */
export function fixtures(t: TestApp, calendarBase: string) {
  const db = t.deps.db;
  let seq = 0;
  const tag = () => `${++seq}${randomBytes(2).toString('hex')}`;
  const first = <T>(rows: T[]) => rows[0]!;
  // Each seeded stay takes nights of its own (a listing sold whole has one unit a night).
  let stays = 0;

  const sessions = new Map<number, Record<string, string>>();
  const signedIn = async (user: UserRow) => {
    const known = sessions.get(user.id);
    if (known) return known;
    const headers = bearer((await t.deps.sessions.start(user, user.role)).token);
    sessions.set(user.id, headers);
    return headers;
  };

  /**
   * A stay the guest books through the route (so it has the prices a booking keeps), on nights
   * no other such stay takes (from 40 days on): held for payment, or paid and confirmed.
   */
  async function stay(
    propertyId: number,
    guest: UserRow,
    status: 'confirmed' | 'pending' = 'confirmed',
  ): Promise<number> {
    stays += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: await signedIn(guest),
      payload: {
        property_id: propertyId,
        checkin_date: day(37 + stays * 3),
        checkout_date: day(39 + stays * 3),
        guests: { adults: 1, children: 0 },
      },
    });
    if (res.statusCode !== 201) throw new Error(`matrix fixture: booking ${res.statusCode} ${res.body}`);
    const id = (res.json() as { data: { id: number } }).data.id;
    if (status === 'confirmed') await markPaid(t.deps, id);
    return id;
  }

  /** A new account's reset code, as POST /password_reset/request mails it. */
  async function resetCode(): Promise<{ email: string; code: string }> {
    const user = await createUser(t.deps);
    await t.app.inject({ method: 'POST', url: '/api/password_reset/request', payload: { email: user.email } });
    return { email: user.email, code: await t.lastCode(user.email) };
  }

  return {
    tag,
    resetCode,
    async ruleItem(kind: string, propertyId: number): Promise<number> {
      const s = tag();
      if (kind === 'seasons')
        return first(
          await db
            .insert(seasons)
            .values({
              propertyId,
              name: `S ${s}`,
              startDate: day(200 + seq * 40),
              endDate: day(230 + seq * 40),
              reductionPercent: '10',
              minStay: 1,
            })
            .returning(),
        ).id;
      if (kind === 'offers')
        return first(
          await db
            .insert(offers)
            .values({
              propertyId,
              name: `O ${s}`,
              discountType: 'percent',
              discountValue: '5',
              startDate: day(200),
              endDate: day(230),
            })
            .returning(),
        ).id;
      if (kind === 'promo-codes')
        return first(
          await db
            .insert(promoCodes)
            .values({
              propertyId,
              code: `P${s}`.toUpperCase(),
              discountType: 'fixed',
              discountValue: '100',
              validFrom: day(1),
              validTo: day(300),
              maxUses: 10,
            })
            .returning(),
        ).id;
      if (kind === 'packages')
        return first(
          await db
            .insert(packages)
            .values({ propertyId, name: `K ${s}`, price: 1000, isGlobal: true })
            .returning(),
        ).id;
      return first(
        await db
          .insert(services)
          .values({ propertyId, name: `V ${s}`, price: 500, type: 'per_stay' })
          .returning(),
      ).id;
    },
    /** A listing in the creation wizard, its first step saved. */
    draft: async (ownerId: number) =>
      (await createProperty(t.deps, ownerId, { status: 'draft', completedSteps: [1] })).id,
    media: async (propertyId: number) =>
      first(
        await db
          .insert(propertyMedias)
          .values({
            propertyId,
            mediaType: 'image',
            storageKey: `property-medias/authz-${tag()}.jpg`,
            mime: 'image/jpeg',
            position: 0,
          })
          .returning(),
      ).id,
    ratePlan: async (roomTypeId: number) =>
      first(
        await db
          .insert(ratePlans)
          .values({
            roomTypeId,
            title: `Plan ${tag()}`,
            currency: 'EUR',
            price: 9000,
            maxStay: seven(0),
            minStayArrival: seven(1),
            closedToArrival: seven(false),
            closedToDeparture: seven(false),
            stopSell: seven(false),
          })
          .returning(),
      ).id,
    /** A traveller's question waiting for support's reply. */
    chatbot: async (userId: number, propertyId: number) =>
      first(
        await db
          .insert(chatbotConversations)
          .values({ userId, propertyId, question: 'Can I bring a piano?', status: 'needs_support' })
          .returning(),
      ).id,
    calendarUrl: () => `${calendarBase}/busy.ics?${tag()}`,
    feed: async (propertyId: number, roomTypeId: number) =>
      first(
        await db
          .insert(icalFeeds)
          .values({ propertyId, roomTypeId, url: `${calendarBase}/busy.ics?${tag()}` })
          .returning(),
      ).id,
    faq: async () =>
      first(
        await db
          .insert(chatbotFaqs)
          .values({ question: 'Parking?', answer: 'Yes, free.', keywords: ['parking'] })
          .returning(),
      ).id,
    commodity: async () =>
      first(
        await db
          .insert(commodities)
          .values({ name: `Matrix amenity ${tag()}`, type: 'general' })
          .returning(),
      ).id,
    /** A pending, complete owner application of a new applicant: approving or rejecting it uses it up. */
    async application(): Promise<{ userId: number; requestId: number }> {
      const applicant = await createUser(t.deps);
      const [row] = await db.insert(ownerRequests).values(applicationOf(applicant.id)).returning();
      return { userId: applicant.id, requestId: row!.id };
    },
    stay,
    /**
     * A booking of the guest's at this listing held for payment: one it has made (a guest may hold
     * five at once), else a new one. Of this listing: its owner is the one the matrix expects.
     */
    async heldStay(propertyId: number, guest: UserRow): Promise<number> {
      const [held] = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.guestId, guest.id),
            eq(reservations.propertyId, propertyId),
            eq(reservations.status, 'pending'),
          ),
        )
        .orderBy(reservations.id)
        .limit(1);
      return held?.id ?? stay(propertyId, guest, 'pending');
    },
    /** A completed past stay whose guest may leave feedback once, by its link id. */
    async feedbackLink(propertyId: number, guestId: number): Promise<string> {
      stays += 1;
      const feedbackId = randomBytes(16).toString('hex');
      await seedReservation(t.deps, {
        propertyId,
        guestId,
        status: 'completed',
        checkin: day(-400 + stays * 3),
        checkout: day(-399 + stays * 3),
        feedbackId,
      });
      return feedbackId;
    },

    /** A new account and the code mailed to verify its e-mail address, as registration sends it. */
    async unverifiedAccount(): Promise<{ email: string; code: string }> {
      const s = tag();
      const email = `verify${s}@example.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `verify${s}`,
          first_name: 'Vera',
          last_name: 'Fy',
          email,
          password: 'a-long-password-1',
          password_confirmation: 'a-long-password-1',
        },
      });
      if (res.statusCode !== 201) throw new Error(`matrix fixture: registration ${res.statusCode} ${res.body}`);
      return { email, code: await t.lastCode(email) };
    },
    /** The single-use token of a staff invitation, from the link the admin's invitation mailed. */
    async invitationToken(admin: Record<string, string>): Promise<string> {
      const s = tag();
      const email = `staff${s}@example.test`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/create',
        headers: admin,
        payload: { username: `staff${s}`, first_name: 'Staff', last_name: 'Member', email, role: 'support' },
      });
      if (res.statusCode !== 201) throw new Error(`matrix fixture: invitation ${res.statusCode} ${res.body}`);
      const text = (await t.mails(email)).at(-1)?.text ?? '';
      const token = /[?&]token=([\w-]+)/.exec(text)?.[1];
      if (!token) throw new Error(`matrix fixture: no invitation link mailed to ${email}`);
      return token;
    },
    /** The reset token POST /password_reset/verify gives for a new account's code. */
    async resetToken(): Promise<string> {
      const { email, code } = await resetCode();
      const res = await t.app.inject({ method: 'POST', url: '/api/password_reset/verify', payload: { email, code } });
      if (res.statusCode !== 200) throw new Error(`matrix fixture: reset verify ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { reset_token: string } }).data.reset_token;
    },
  };
}
