// Two instances on one PostgreSQL and Redis: every delivery attempt is claimed by one of them
// (SKIP LOCKED), whether kicked by a ping, by an event published through Redis, or by the job.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const why = !onPostgres
  ? 'needs TEST_DATABASE_URL: row claims across instances mean something only on PostgreSQL (PGlite is one process)'
  : !redisUrl
    ? 'needs TEST_REDIS_URL: instances hear published events through Redis'
    : false;
if (why) console.log(`# webhook-instances.test.ts skipped: ${why}`);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('webhook deliveries across two instances', { skip: why }, () => {
  let a: TestApp;
  let b: TestApp;
  let rx: WebhookReceiver;
  before(async () => {
    const env = { WEBHOOKS_ALLOW_PRIVATE: 'true', REDIS_URL: redisUrl!, JOBS_ENABLED: 'true' };
    a = await createTestApp({ start: new Date(), env });
    b = await createTestApp({ database: a.database, start: new Date(), env });
    rx = await startWebhookReceiver();
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await rx?.close();
  });

  it('sends each delivery once, however many instances race for it', async () => {
    const owner = await createUser(a.deps, { role: 'owner' });
    const tokenA = await loginAs(a.app, owner);
    const tokenB = await loginAs(b.app, owner);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: bearer(tokenA),
      payload: { url: rx.url, events: ['reservation.created'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data.id as number;
    const PINGS = 40;
    const BOOKINGS = 6;
    // Each ping kicks a pass on the instance that took it: the two race for the same queue.
    await Promise.all(
      Array.from({ length: PINGS }, (_, i) =>
        (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: `/api/webhook-endpoints/${id}/ping`,
          headers: bearer(i % 2 ? tokenB : tokenA),
        }),
      ),
    );
    // Bookings on A: A's relay publishes through Redis, and both instances kick a pass.
    for (let i = 0; i < BOOKINGS; i++) {
      const p = await createProperty(a.deps, owner.id);
      const guest = await loginAs(a.app, await createUser(a.deps));
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: bearer(guest),
        payload: { property_id: p.id, checkin_date: day(20), checkout_date: day(22), guests: { adults: 1 } },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    await a.deps.outbox.idle();
    await a.deps.outbox.drain();
    await Promise.all([deliverDueWebhooks(a.deps), deliverDueWebhooks(b.deps)]);
    await rx.waitFor(PINGS + BOOKINGS);
    // Both instances' kicked passes end before the count is read.
    await Promise.all([b.app.close(), a.app.close()]);
    const ids = rx.received.map((r) => r.id);
    assert.equal(ids.length, PINGS + BOOKINGS, 'a delivery was sent twice');
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(rx.received.filter((r) => r.json.type === 'reservation.created').length, BOOKINGS);
  });
});
