import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../test/helpers/factories.ts';
import type { UserRow } from '../modules/users/users.repository.ts';
import { outboxEvents } from '../db/schema/index.ts';
import { platformRepository } from './platform.repository.ts';
import { AppError } from './errors.ts';
import { IDEMPOTENCY_TTL_MS } from './idempotency.ts';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let token: string;
  let user: UserRow;
  // Lets a test hold the handler mid-flight: the handler announces itself, then waits.
  let hold: { entered: () => void; release: Promise<void> } | null = null;
  let seq = 0;

  before(async () => {
    t = await createTestApp({
      extraRoutes: async (api) => {
        api.post(
          '/test/idem',
          {
            config: { auth: 'required', idempotent: true },
            schema: { body: Type.Object({ topic: Type.String(), fail: Type.Optional(Type.Boolean()) }) },
          },
          async (req, reply) => {
            const body = req.body as { topic: string; fail?: boolean };
            if (hold) {
              const h = hold;
              hold = null;
              h.entered();
              await h.release;
            }
            if (body.fail) throw new AppError('VALIDATION_FAILED', 'asked to fail', { fail: ['asked to fail'] });
            const id = await platformRepository(t.deps.db).insertEvent(body.topic, { by: req.user!.id });
            return reply.code(201).send({ success: true, message: 'Created', data: { id, topic: body.topic } });
          },
        );
      },
    });
    user = await createUser(t.deps);
    token = await loginAs(t.app, user);
  });
  after(() => t.close());

  const topic = () => `idem.${++seq}`;
  const runs = async (topicName: string) =>
    (await t.deps.db.select().from(outboxEvents).where(eq(outboxEvents.topic, topicName))).length;
  const post = (key: string, payload: object, auth = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/idem',
      payload,
      headers: { ...bearer(auth), 'idempotency-key': key },
    });

  it('replays the first response for a repeat, with idempotent-replayed, running the handler once', async () => {
    const tp = topic();
    const first = await post('k-replay', { topic: tp });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const second = await post('k-replay', { topic: tp });
    assert.equal(second.statusCode, 201);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.match(String(second.headers['content-type']), /application\/json/);
    assert.equal(await runs(tp), 1);
  });

  it('runs every request that carries no key', async () => {
    const tp = topic();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/idem',
        payload: { topic: tp },
        headers: bearer(token),
      });
      assert.equal(res.statusCode, 201);
    }
    assert.equal(await runs(tp), 2);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const tp = topic();
    assert.equal((await post('k-reuse', { topic: tp })).statusCode, 201);
    const other = await post('k-reuse', { topic: `${tp}.other` });
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'IDEMPOTENCY_KEY_REUSED');
    assert.equal(other.json().success, false);
    assert.equal(await runs(`${tp}.other`), 0);
  });

  it('answers 409 IDEMPOTENCY_IN_FLIGHT for a repeat while the first is still running', async () => {
    const tp = topic();
    let entered!: () => void;
    let release!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    hold = { entered, release: new Promise<void>((r) => (release = r)) };
    const firstP = post('k-flight', { topic: tp });
    await inHandler;
    const dup = await post('k-flight', { topic: tp });
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().code, 'IDEMPOTENCY_IN_FLIGHT');
    assert.ok(dup.headers['retry-after']);
    release();
    const first = await firstP;
    assert.equal(first.statusCode, 201);
    const after = await post('k-flight', { topic: tp });
    assert.equal(after.headers['idempotent-replayed'], 'true');
    assert.equal(after.body, first.body);
    assert.equal(await runs(tp), 1);
  });

  it('frees the key when the first attempt fails (4xx), so a corrected retry runs', async () => {
    const tp = topic();
    const failed = await post('k-fail', { topic: tp, fail: true });
    assert.equal(failed.statusCode, 422);
    const again = await post('k-fail', { topic: tp, fail: true });
    assert.equal(again.statusCode, 422);
    assert.equal(again.headers['idempotent-replayed'], undefined);
    const fixed = await post('k-fail', { topic: tp });
    assert.equal(fixed.statusCode, 201, fixed.body);
    assert.equal(fixed.headers['idempotent-replayed'], undefined);
    assert.equal(await runs(tp), 1);
  });

  it('keeps keys per caller: two users with the same key both run', async () => {
    const tp = topic();
    const otherToken = await loginAs(t.app, await createUser(t.deps));
    const a = await post('k-shared', { topic: tp });
    const b = await post('k-shared', { topic: tp }, otherToken);
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201);
    assert.equal(b.headers['idempotent-replayed'], undefined);
    assert.notEqual(a.json().data.id, b.json().data.id);
    assert.equal(await runs(tp), 2);
  });

  it('accepts a 255-character key and refuses a longer one with 422', async () => {
    const tp = topic();
    assert.equal((await post('k'.repeat(255), { topic: tp })).statusCode, 201);
    const long = await post('k'.repeat(256), { topic: tp });
    assert.equal(long.statusCode, 422);
    assert.equal(long.json().code, 'VALIDATION_FAILED');
    assert.ok(long.json().errors['Idempotency-Key']);
    assert.equal(await runs(tp), 1);
  });

  it('forgets a key after 24 h: the same request runs again', async () => {
    const tp = topic();
    assert.equal((await post('k-expire', { topic: tp })).statusCode, 201);
    t.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    // The access token has expired by now; the same user logs in again (scope is per user).
    const fresh = await loginAs(t.app, user);
    const stillKept = await post('k-expire', { topic: tp }, fresh);
    assert.equal(stillKept.headers['idempotent-replayed'], 'true');
    t.clock.advance(2 * 60_000);
    const later = await post('k-expire', { topic: tp }, fresh);
    assert.equal(later.statusCode, 201, later.body);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.equal(await runs(tp), 2);
  });
});
