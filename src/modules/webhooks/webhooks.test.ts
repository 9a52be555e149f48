import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver.ts';
import { sendQueuedEmails } from '../emails/index.ts';
import { jobDefinitions } from '../../jobs/index.ts';
import { jobsRepository } from '../../jobs/jobs.repository.ts';
import {
  claimMs,
  DELIVER_WEBHOOKS_JOB,
  deliverDueWebhooks,
  DISABLE_AFTER_MS,
  RETRY_DELAYS_MS,
} from './deliver-webhooks.ts';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('outgoing webhooks (contract §12)', () => {
  let t: TestApp;
  let rx: WebhookReceiver;
  let owner: { id: number; email: string; token: string; row: Awaited<ReturnType<typeof createUser>> };
  let other: { id: number; token: string };
  let admin: string;
  let guest: string;
  let support: string;
  before(async () => {
    // Real time: the reference verifier checks webhook-timestamp against the receiver's clock.
    t = await createTestApp({ start: new Date(), env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    rx = await startWebhookReceiver();
    const o = await createUser(t.deps, { role: 'owner' });
    owner = { id: o.id, email: o.email, token: await loginAs(t.app, o), row: o };
    const o2 = await createUser(t.deps, { role: 'owner' });
    other = { id: o2.id, token: await loginAs(t.app, o2) };
    admin = await loginAs(t.app, await createUser(t.deps, { role: 'admin' }));
    guest = await loginAs(t.app, await createUser(t.deps));
    support = await loginAs(t.app, await createUser(t.deps, { role: 'support' }));
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const subscribe = async (token: string, events: string[], url = rx.url) => {
    const res = await call('POST', '/webhook-endpoints', token, { url, events, description: 'PMS' });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data as { id: number; secret: string; events: string[] };
  };
  /** The manual clock ran past the access token's life: log in again. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    owner.token = await loginAs(t.app, owner.row);
  };
  /** Publishes what is committed (queuing deliveries) and runs one delivery pass. */
  const deliver = async () => {
    // A kicked drain may hold the events (SKIP LOCKED): wait for it, then drain what is left.
    await t.deps.outbox.idle();
    await t.deps.outbox.drain();
    return deliverDueWebhooks(t.deps);
  };
  const book = async (propertyId: number) => {
    const res = await call('POST', '/reservations', guest, {
      property_id: propertyId,
      checkin_date: day(30),
      checkout_date: day(32),
      guests: { adults: 1 },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data.id as number;
  };

  it('lets owners and admins manage endpoints; travellers and support 403; another owner 404', async () => {
    const ep = await subscribe(owner.token, ['reservation.created', 'payment.received']);
    assert.match(ep.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.ok(Buffer.from(ep.secret.slice(6), 'base64').length >= 24);
    for (const token of [guest, support]) {
      assert.equal(
        (await call('POST', '/webhook-endpoints', token, { url: rx.url, events: ['ping'] })).statusCode,
        403,
      );
      assert.equal((await call('GET', '/webhook-endpoints', token)).statusCode, 403);
      assert.equal((await call('GET', `/webhook-endpoints/${ep.id}`, token)).statusCode, 403);
    }
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['POST', '/ping'],
      ['GET', '/deliveries'],
    ] as const) {
      const res = await call(
        method,
        `/webhook-endpoints/${ep.id}${path}`,
        other.token,
        method === 'PUT' ? {} : undefined,
      );
      assert.equal(res.statusCode, 404, `${method} ${path}: ${res.body}`);
    }
    const mine = (await call('GET', '/webhook-endpoints', owner.token)).json();
    assert.deepEqual(
      mine.data.map((e: { id: number }) => e.id),
      [ep.id],
    );
    assert.equal(mine.data[0].secret, undefined, 'the secret is shown only when made');
    assert.equal((await call('GET', '/webhook-endpoints', other.token)).json().data.length, 0);
    const all = (await call('GET', '/webhook-endpoints', admin)).json();
    assert.ok(all.data.some((e: { id: number }) => e.id === ep.id));
    assert.equal((await call('GET', `/webhook-endpoints/${ep.id}`, admin)).statusCode, 200);

    const unknown = await call('POST', '/webhook-endpoints', owner.token, { url: rx.url, events: ['booking.made'] });
    assert.equal(unknown.statusCode, 422);
    assert.ok(unknown.json().errors.events, unknown.body);
    const bad = await call('PUT', `/webhook-endpoints/${ep.id}`, owner.token, { url: 'ftp://x.example/' });
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.json().errors.url, bad.body);

    const put = await call('PUT', `/webhook-endpoints/${ep.id}`, owner.token, {
      events: ['payout.paid'],
      enabled: false,
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(put.json().data.events, ['payout.paid']);
    assert.equal(put.json().data.enabled, false);
    assert.equal((await call('DELETE', `/webhook-endpoints/${ep.id}`, owner.token)).statusCode, 200);
    assert.equal((await call('GET', `/webhook-endpoints/${ep.id}`, owner.token)).statusCode, 404);
  });

  it("delivers a booking, signed, to its listing's owner and to admins only; data is the owner's read form", async () => {
    const mine = await subscribe(owner.token, ['reservation.created']);
    const all = await subscribe(admin, ['reservation.created']);
    const theirs = await subscribe(other.token, ['reservation.created']);
    const p = await createProperty(t.deps, owner.id);
    const before = rx.received.length;
    const id = await book(p.id);
    await deliver();
    const got = rx.received.slice(before);
    assert.equal(got.length, 2, 'the owner and the admin, not the other owner');
    const byOwner = got.find((r) => rx.verifies(r, mine.secret));
    const byAdmin = got.find((r) => rx.verifies(r, all.secret));
    assert.ok(byOwner && byAdmin, 'each verified by the reference verifier with its own secret');
    assert.ok(!got.some((r) => rx.verifies(r, theirs.secret)));
    assert.notEqual(byOwner.id, byAdmin.id);
    assert.equal(byOwner.json.type, 'reservation.created');
    assert.ok(!Number.isNaN(Date.parse(byOwner.json.timestamp)));
    const read = (await call('GET', `/reservations/${id}`, owner.token)).json().data;
    assert.deepEqual(byOwner.json.data, read);
    const list = (await call('GET', `/webhook-endpoints/${mine.id}/deliveries`, owner.token)).json();
    assert.equal(list.data[0].status, 'succeeded');
    assert.equal(list.data[0].last_status_code, 204);
    assert.equal(list.meta.total, 1);
    for (const ep of [mine, all, theirs]) await call('DELETE', `/webhook-endpoints/${ep.id}`, admin);
  });

  it('retries a refused delivery with the same webhook-id and body, first within a minute', async () => {
    assert.ok(RETRY_DELAYS_MS[0]! <= 60_000);
    assert.ok(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) >= 24 * 3600_000);
    const ep = await subscribe(owner.token, ['reservation.created']);
    const before = rx.received.length;
    rx.answer(500, true);
    await book((await createProperty(t.deps, owner.id)).id);
    await deliver();
    let list = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries`, owner.token)).json().data;
    assert.equal(list[0].status, 'pending');
    assert.equal(list[0].last_status_code, 500);
    assert.equal(Date.parse(list[0].next_attempt_at) - t.clock.now().getTime(), RETRY_DELAYS_MS[0]);
    await deliverDueWebhooks(t.deps);
    assert.equal(rx.received.length - before, 1, 'not due yet');
    t.clock.advance(RETRY_DELAYS_MS[0]!);
    await deliverDueWebhooks(t.deps);
    rx.answer(204);
    t.clock.advance(RETRY_DELAYS_MS[1]!);
    await deliverDueWebhooks(t.deps);
    const got = rx.received.slice(before);
    assert.equal(got.length, 3);
    assert.equal(new Set(got.map((r) => r.id)).size, 1, 'one webhook-id');
    assert.equal(new Set(got.map((r) => r.body)).size, 1, 'one body');
    assert.ok(got.every((r) => rx.signedWith(r, ep.secret)));
    list = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries`, owner.token)).json().data;
    assert.equal(list[0].status, 'succeeded');
    assert.equal(list[0].attempts, 3);
    // Asked again by its subscriber: sent once more, same id.
    const again = await call('POST', `/webhook-endpoints/${ep.id}/deliveries/${list[0].id}/retry`, owner.token);
    assert.equal(again.statusCode, 202, again.body);
    await deliverDueWebhooks(t.deps);
    assert.equal(rx.received.at(-1)!.id, got[0]!.id);
    await call('DELETE', `/webhook-endpoints/${ep.id}`, owner.token);
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
    const ep = await subscribe(owner.token, ['reservation.created']);
    const rotated = await call('POST', `/webhook-endpoints/${ep.id}/rotate-secret`, owner.token);
    assert.equal(rotated.statusCode, 200);
    const secret = rotated.json().data.secret as string;
    assert.notEqual(secret, ep.secret);
    assert.equal((await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token)).statusCode, 202);
    await deliverDueWebhooks(t.deps);
    const during = rx.received.at(-1)!;
    assert.equal(during.json.type, 'ping');
    assert.equal(during.signatures.length, 2);
    assert.ok(rx.signedWith(during, secret) && rx.signedWith(during, ep.secret));
    await advance(24 * 3600_000 + 1000);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    const later = rx.received.at(-1)!;
    assert.notEqual(later.id, during.id);
    assert.equal(later.signatures.length, 1);
    assert.ok(rx.signedWith(later, secret) && !rx.signedWith(later, ep.secret));
    await call('DELETE', `/webhook-endpoints/${ep.id}`, owner.token);
  });

  it('disables an endpoint failing for 5 days and mails its owner', async () => {
    const ep = await subscribe(owner.token, ['reservation.created']);
    rx.answer(503, true);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    await advance(DISABLE_AFTER_MS - 60_000);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    assert.equal((await call('GET', `/webhook-endpoints/${ep.id}`, owner.token)).json().data.enabled, true);
    await advance(60_000);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    rx.answer(204);
    const shown = (await call('GET', `/webhook-endpoints/${ep.id}`, owner.token)).json().data;
    assert.equal(shown.enabled, false);
    assert.ok(shown.disabled_at);
    await t.deps.outbox.idle();
    await t.deps.outbox.drain();
    await sendQueuedEmails(t.deps);
    const mails = await t.mails(owner.email);
    assert.ok(
      mails.some((m) => /webhook/i.test(m.subject) && m.text.includes(rx.url)),
      JSON.stringify(mails.at(-1)),
    );
    const list = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries`, owner.token)).json().data;
    assert.ok(list.every((d: { status: string }) => d.status === 'failed'));
  });

  it("records a pass's successes together, and a success ends its endpoint's failing streak", async () => {
    const ep = await subscribe(owner.token, ['reservation.created']);
    rx.answer(503, true);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    await advance(DISABLE_AFTER_MS - 60_000);
    rx.answer(204);
    for (let i = 0; i < 3; i++) await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    // The first ping's retry and three new ones, in one pass.
    assert.equal(await deliverDueWebhooks(t.deps), 4);
    const list = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries`, owner.token)).json().data;
    assert.deepEqual(
      list.map((d: { status: string; last_status_code: number }) => [d.status, d.last_status_code]),
      Array.from({ length: 4 }, () => ['succeeded', 204]),
    );
    // Failing again past the first failure's 5 days: a new streak, not disabled.
    await advance(120_000);
    rx.answer(503, true);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    rx.answer(204);
    assert.equal((await call('GET', `/webhook-endpoints/${ep.id}`, owner.token)).json().data.enabled, true);
    await call('DELETE', `/webhook-endpoints/${ep.id}`, owner.token);
  });

  it('an endpoint failing for 5 days that answers 2xx in a pass is not disabled by a failure later in it', async () => {
    const ep = await subscribe(owner.token, ['reservation.created']);
    rx.answer(503, true);
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    await deliverDueWebhooks(t.deps);
    await advance(DISABLE_AFTER_MS + 60_000);
    rx.answer(204);
    // The first ping's retry and a new ping, in one pass: the first to arrive is received, the
    // other refused once the success has had time to be recorded.
    rx.answerInTurn({ status: 204 }, { status: 503, afterMs: 300 });
    await call('POST', `/webhook-endpoints/${ep.id}/ping`, owner.token);
    assert.equal(await deliverDueWebhooks(t.deps), 2);
    const shown = (await call('GET', `/webhook-endpoints/${ep.id}`, owner.token)).json().data;
    assert.equal(shown.enabled, true, 'it answered in this pass: its old streak ended there');
    const list = (await call('GET', `/webhook-endpoints/${ep.id}/deliveries`, owner.token)).json().data;
    assert.deepEqual(list.map((d: { last_status_code: number }) => d.last_status_code).sort(), [204, 503]);
    await call('DELETE', `/webhook-endpoints/${ep.id}`, owner.token);
  });

  // An instance killed inside a pass of the job keeps the job until its lease ends; the attempt
  // it claimed is due again when the claim ends. A longer lease would hold retries past that.
  it("holds the delivery job no longer than an attempt's claim when its instance dies", async () => {
    const repo = jobsRepository(t.deps.db);
    for (const timeoutMs of [1_000, 2_000, 15_000]) {
      const deps = { ...t.deps, config: { ...t.deps.config, WEBHOOKS_TIMEOUT_MS: timeoutMs } };
      const job = jobDefinitions(deps, deps.outbox).find((j) => j.name === DELIVER_WEBHOOKS_JOB)!;
      await repo.register(job.name);
      assert.ok(await repo.claim(job.name, 'killed-instance', job.leaseMs ?? 300_000, true));
      try {
        const held = (await repo.find(job.name))!.lockedUntil!.getTime() - Date.now();
        const claim = claimMs(timeoutMs);
        assert.ok(held <= claim + 1_000, `time limit ${timeoutMs} ms: job held ${held} ms, a claim ${claim} ms`);
      } finally {
        await repo.finish(job.name, 'killed-instance', job.intervalMs, null);
      }
    }
  });
});
