// Load shedding: once the event loop lags past MAX_EVENT_LOOP_DELAY_MS, new requests get a quick
// 503 with Retry-After in the usual error body (never a 500, never a long wait), and answers are
// normal again once the lag is gone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

describe('load shedding', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      env: { MAX_EVENT_LOOP_DELAY_MS: '200' },
      // A route declaring a 503 of its own shape, as /readyz does: the shed answer must still go out.
      extraRoutes: async (api) => {
        api.get('/test/own-503', { schema: { response: { 200: { type: 'object', required: ['state'], properties: { state: { type: 'string' } } }, 503: { type: 'object', required: ['state'], properties: { state: { type: 'string' } } } } } }, async () => ({ state: 'fine' }));
      },
    });
  });
  after(() => t.close());

  const lag = (ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // the process is busy: nothing else runs
    }
  };

  it('answers 503 with Retry-After while the event loop lags, then serves again', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/properties/public' })).statusCode, 200);
    // A sustained lag: the loop is blocked 300 ms at a time for 1.5 s, free only for a moment in
    // between, so every 500 ms sample averages far above 200 ms whatever its phase. (A single
    // block is one sample among the window's many short ones: whether its mean crosses the limit
    // depends on when the window began.)
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      lag(300);
      await sleep(1);
    }
    const shed = await t.app.inject({ method: 'GET', url: '/api/properties/public' });
    assert.equal(shed.statusCode, 503, shed.body);
    assert.equal(shed.headers['retry-after'], '2');
    assert.deepEqual(shed.json(), { success: false, message: 'The service is overloaded; try again shortly', code: 'SERVICE_UNAVAILABLE' });
    // The readiness check is refused in its own shape: the error envelope run through /readyz's
    // 503 schema once made the serialiser throw, and the check got no answer at all.
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503, ready.body);
    assert.equal(ready.headers['retry-after'], '2');
    assert.deepEqual(ready.json(), { status: 'overloaded' });
    // Any other route declaring a 503 of its own shape still gets an answer: the shed envelope.
    const own = await t.app.inject({ method: 'GET', url: '/api/test/own-503' });
    assert.equal(own.statusCode, 503, own.body);
    assert.equal(own.json().code, 'SERVICE_UNAVAILABLE');
    // A quiet second later the samples are calm again.
    await sleep(1200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/properties/public' })).statusCode, 200);
  });
});
