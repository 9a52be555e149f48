// Shared set-up of the inbound channel tests (bookings and messages from travel platforms): the
// local Channex server, an app wired to it through the real adapter with a webhook secret, an
// owner, and helpers for webhooks, revisions and the channel status.
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { startChannexFake, type ChannexFake } from '../../../test/fakes/channex-server.ts';
import { properties, reservations } from '../../db/schema/index.ts';
import { channelInbox } from './channel-inbox.ts';

export const SECRET = 'channel-webhook-secret-0123456789';
export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;

export interface InboundCtx {
  fake: ChannexFake;
  t: TestApp;
  ownerId: number;
  ownerToken: string;
}

export async function setUpInbound(): Promise<InboundCtx> {
  const fake = await startChannexFake();
  const t = await createTestApp({
    start: new Date(),
    env: {
      CHANNEL_MANAGER: 'channex',
      CHANNEX_API_BASE: fake.apiBase,
      CHANNEX_API_KEY: fake.apiKey,
      CHANNEX_WEBHOOK_SECRET: SECRET,
    },
  });
  const owner = await createUser(t.deps, { role: 'owner' });
  return { fake, t, ownerId: owner.id, ownerToken: await loginAs(t.app, owner) };
}

export async function tearDownInbound(c: InboundCtx | undefined): Promise<void> {
  await c?.t.close();
  await c?.fake.close();
}

/** A listing sold whole, linked to a remote property id. */
export async function linkedListing(c: InboundCtx): Promise<{ id: number; remote: string }> {
  const p = await createProperty(c.t.deps, c.ownerId);
  const remote = `cx-prop-${++seq}`;
  await c.t.deps.db.update(properties).set({ channelPropertyId: remote }).where(eq(properties.id, p.id));
  return { id: p.id, remote };
}

export const webhook = (c: InboundCtx, body: unknown, secret: string | null = SECRET) =>
  c.t.app.inject({
    method: 'POST',
    url: '/api/channel/webhook',
    headers: secret === null ? {} : { 'x-channel-secret': secret },
    payload: body as object,
  });

/** Waits for the pulls a webhook started and relays what they wrote. */
export async function settle(c: InboundCtx): Promise<void> {
  await channelInbox(c.t.deps).idle();
  await c.t.deps.outbox.idle();
  await c.t.deps.outbox.drain();
}

/** A revision of a booking of 2 adults over nights [from, to) from today, 300.00 EUR on Booking.com. */
export const revision = (
  c: InboundCtx,
  remote: string,
  bookingId: string,
  status: string,
  from: number,
  to: number,
  extra: Record<string, unknown> = {},
) =>
  c.fake.addRevision({
    booking_id: bookingId,
    property_id: remote,
    status,
    ota_name: 'BookingCom',
    ota_reservation_code: `OTA-${bookingId}`,
    arrival_date: day(from),
    departure_date: day(to),
    currency: 'EUR',
    amount: '300.00',
    customer: { name: 'Ana', surname: 'Lima', mail: 'ana@example.test', phone: '+351000' },
    rooms: [
      {
        room_type_id: null,
        rate_plan_id: null,
        checkin_date: day(from),
        checkout_date: day(to),
        occupancy: { adults: 2, children: 0, infants: 0 },
        amount: '300.00',
      },
    ],
    ...extra,
  });

export const bookingOf = (c: InboundCtx, externalId: string) =>
  c.t.deps.db.select().from(reservations).where(eq(reservations.externalId, externalId));

export async function ownerStatus(c: InboundCtx, propertyId: number) {
  const res = await c.t.app.inject({
    method: 'GET',
    url: `/api/properties/${propertyId}/channel/status`,
    headers: bearer(c.ownerToken),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}
