// The worker pool: tasks run in threads under a time limit that starts when the task does (not
// while it waits for a thread), a heap cap, a bounded queue, and nothing left running once closed.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerLimitError } from '../../ports/worker-pool.ts';
import { PiscinaWorkerPool } from './piscina-worker-pool.ts';

const file = new URL('./worker-pool.test-support.ts', import.meta.url).href;
const task = <I>(name: string, input: I, timeoutMs = 5000) => ({ file, name, input, timeoutMs });

describe('worker pool (piscina)', () => {
  const pool = new PiscinaWorkerPool({ threads: 1, maxHeapMb: 32, maxQueue: 1 });
  after(() => pool.close());

  it("returns a task's result, structured-cloned, and passes a thrown error's message on", async () => {
    assert.deepEqual(await pool.run(task('echo', new Map([['a', { b: 1 }]]))), new Map([['a', { b: 1 }]]));
    await assert.rejects(pool.run(task('fail', 'no such night')), /no such night/);
  });

  it('ends a task over its time (the thread with it) and runs the next one on a new thread', async () => {
    const stopped = await pool.run(task('spin', 60_000, 300)).catch((e: unknown) => e);
    assert.ok(stopped instanceof WorkerLimitError, String(stopped));
    assert.equal(stopped.limit, 'timeout');
    assert.equal(await pool.run(task('spin', 1)), 1);
  });

  it('ends a task over the heap cap', async () => {
    const stopped = await pool.run(task('hog', 512, 60_000)).catch((e: unknown) => e);
    assert.ok(stopped instanceof WorkerLimitError, String(stopped));
    assert.equal(stopped.limit, 'memory');
    assert.equal(await pool.run(task('spin', 1)), 1);
  });

  it('counts the time limit from the start of the task, not the wait for a thread; refuses beyond the queue', async () => {
    // The first task holds the one thread 600 ms; the second waits that long, then runs 50 ms within its 400.
    const first = pool.run(task('spin', 600));
    const second = pool.run(task('spin', 50, 400));
    const third = await pool.run(task('spin', 1)).catch((e: unknown) => e);
    assert.ok(third instanceof WorkerLimitError && third.limit === 'busy', String(third));
    assert.deepEqual(await Promise.all([first, second]), [600, 50]);
  });

  it('refuses tasks once closed', async () => {
    const closing = new PiscinaWorkerPool({ threads: 1, maxHeapMb: 32, maxQueue: 4 });
    assert.equal(await closing.run(task('spin', 1)), 1);
    await closing.close();
    const refused = await closing.run(task('spin', 1)).catch((e: unknown) => e);
    assert.ok(refused instanceof WorkerLimitError && refused.limit === 'busy', String(refused));
  });
});
