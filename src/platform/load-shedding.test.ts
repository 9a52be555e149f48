// Load shedding by event-loop lag: while the loop lags past MAX_EVENT_LOOP_DELAY_MS and the
// process is busy with its own requests (SHED_MIN_IN_FLIGHT of them), a new request gets a quick
// 503 with Retry-After in the usual error body; a lone request on a lagging process is served
// (refusing it relieves nothing); answers are normal again once the lag is gone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { SHED_MIN_IN_FLIGHT } from './load-shedding.ts';

const OVERLOADED = {
  success: false,
  message: 'The service is overloaded; try again shortly',
  code: 'SERVICE_UNAVAILABLE',
};

describe('load shedding by event-loop lag', () => {
  let t: TestApp;
  const parked: Array<() => void> = [];
  const releaseAll = () => {
    for (const go of parked.splice(0)) go();
  };
  before(async () => {
    t = await createTestApp({
      env: { MAX_EVENT_LOOP_DELAY_MS: '200' },
      extraRoutes: async (api) => {
        api.get('/test/slow', async () => {
          await new Promise<void>((resolve) => parked.push(resolve));
          return { done: true };
        });
        // A route declaring a 503 of its own shape, as /readyz does: the shed answer must still go out.
        const State = { type: 'object', required: ['state'], properties: { state: { type: 'string' } } };
        api.get('/test/own-503', { schema: { response: { 200: State, 503: State } } }, async () => ({ state: 'fine' }));
      },
    });
  });
  after(async () => {
    releaseAll();
    await t.close();
  });

  // A sustained lag: the loop is blocked 300 ms at a time, free only for a moment in between, so
  // every 500 ms sample averages far above 200 ms whatever its phase, until stopped.
  const startLagging = () => {
    let stopped = false;
    const done = (async () => {
      while (!stopped) {
        const end = Date.now() + 300;
        while (Date.now() < end) {
          // the process is busy: nothing else runs
        }
        await sleep(1);
      }
    })();
    return async () => {
      stopped = true;
      await done;
    };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const parkBusyLoad = async () => {
    const requests = Array.from({ length: SHED_MIN_IN_FLIGHT }, () => get('/api/test/slow'));
    for (let i = 0; i < 400 && parked.length < SHED_MIN_IN_FLIGHT; i++) await sleep(5);
    assert.equal(parked.length, SHED_MIN_IN_FLIGHT, 'the busy load was admitted');
    return requests;
  };
  const assertShed = async () => {
    const shed = await get('/api/properties/public');
    assert.equal(shed.statusCode, 503, shed.body);
    assert.equal(shed.headers['retry-after'], '2');
    assert.deepEqual(shed.json(), OVERLOADED);
  };

  it('sheds while the loop lags under its own requests, serves a lone request on a lagging loop, then serves again', async () => {
    assert.equal((await get('/api/properties/public')).statusCode, 200);
    const stopLagging = startLagging();
    try {
      await sleep(1200);
      const busy = await parkBusyLoad();
      await assertShed();
      // The readiness check is refused in its own shape: the error envelope run through /readyz's
      // 503 schema made the serialiser throw, and the check got no answer at all.
      const ready = await get('/readyz');
      assert.equal(ready.statusCode, 503, ready.body);
      assert.equal(ready.headers['retry-after'], '2');
      assert.deepEqual(ready.json(), { status: 'overloaded' });
      // Any other route declaring a 503 of its own shape still gets an answer: the shed envelope.
      const own = await get('/api/test/own-503');
      assert.equal(own.statusCode, 503, own.body);
      assert.equal(own.json().code, 'SERVICE_UNAVAILABLE');
      releaseAll();
      for (const request of busy) assert.equal((await request).statusCode, 200);

      // Still lagging, but serving nothing else: refusing would relieve nothing, so it is served.
      const lone = await get('/api/properties/public');
      assert.equal(lone.statusCode, 200, lone.body);
      assert.equal((await get('/readyz')).statusCode, 200);

      // The lag had not gone (a whole sample later): the same busy load is shed again.
      await sleep(1100);
      const again = await parkBusyLoad();
      await assertShed();
      releaseAll();
      for (const request of again) assert.equal((await request).statusCode, 200);
    } finally {
      await stopLagging();
      releaseAll();
    }
    // A quiet second later the samples are calm again: the busy load and one more are served.
    await sleep(1200);
    const calm = await parkBusyLoad();
    assert.equal((await get('/api/properties/public')).statusCode, 200);
    releaseAll();
    for (const request of calm) assert.equal((await request).statusCode, 200);
  });
});
