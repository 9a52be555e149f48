import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../test/helpers/test-database.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { jobs } from '../db/schema/index.ts';
import { createLogger } from '../platform/logger.ts';
import { JobRunner, type JobDefinition } from './job-runner.ts';
import { jobsRepository } from './jobs.repository.ts';

const log = createLogger('silent');
let seq = 0;
const uniqueName = (what: string) => `${what}-${++seq}`;

function counted(name: string, over: Partial<JobDefinition> = {}) {
  const job = { name, intervalMs: 60_000, runs: 0, run: async () => {} } as JobDefinition & { runs: number };
  const body = over.run;
  Object.assign(job, over, {
    run: async () => {
      job.runs += 1;
      await sleep(20);
      if (body) await body();
    },
  });
  return job;
}

function row(db: Db, name: string) {
  return jobsRepository(db)
    .find(name)
    .then((r) => r!);
}

describe('JobRunner', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.close());

  it('runs a due job exactly once when two instances tick at the same time', async () => {
    const job = counted(uniqueName('once'));
    const a = new JobRunner(database.db, [job], 'instance-a', log);
    const b = new JobRunner(database.db, [job], 'instance-b', log);
    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    assert.equal(job.runs, 1);
    assert.equal(ranA.length + ranB.length, 1);
    const r = await row(database.db, job.name);
    assert.equal(r.runCount, 1);
    assert.equal(r.lockedBy, null);
    assert.equal(r.lastError, null);
  });

  it('does not run a job again before its interval has passed', async () => {
    const job = counted(uniqueName('interval'), { intervalMs: 800 });
    const a = new JobRunner(database.db, [job], 'instance-a', log);
    const b = new JobRunner(database.db, [job], 'instance-b', log);
    assert.deepEqual(await a.tick(), [job.name]);
    assert.deepEqual(await a.tick(), []);
    assert.deepEqual(await b.tick(), []);
    assert.equal(job.runs, 1);
    await sleep(850);
    assert.equal((await b.tick()).length + (await a.tick()).length, 1);
    assert.equal(job.runs, 2);
  });

  it('takes over a lease held by a crashed instance once the lease has expired', async () => {
    const job = counted(uniqueName('lease'), { leaseMs: 300 });
    const runner = new JobRunner(database.db, [job], 'survivor', log);
    await jobsRepository(database.db).register(job.name);
    // The crashed instance claims the job and never finishes it.
    assert.equal(await jobsRepository(database.db).claim(job.name, 'crashed', 300), true);
    assert.deepEqual(await runner.tick(), []);
    assert.equal(job.runs, 0);
    await sleep(350);
    assert.deepEqual(await runner.tick(), [job.name]);
    assert.equal(job.runs, 1);
    // A late finish from the crashed instance must not touch the survivor's bookkeeping.
    await jobsRepository(database.db).finish(job.name, 'crashed', 0, 'late');
    const r = await row(database.db, job.name);
    assert.equal(r.runCount, 1);
    assert.equal(r.lastError, null);
  });

  it('records a failure in last_error and keeps running the other jobs and later ticks', async () => {
    let fail = true;
    const failing = counted(uniqueName('failing'), {
      intervalMs: 0,
      run: async () => {
        if (fail) throw new Error('boom: disk full');
      },
    });
    const healthy = counted(uniqueName('healthy'));
    const runner = new JobRunner(database.db, [failing, healthy], 'instance-a', log);
    assert.deepEqual(await runner.tick(), [failing.name, healthy.name]);
    assert.equal((await row(database.db, failing.name)).lastError, 'boom: disk full');
    assert.equal((await row(database.db, failing.name)).lockedBy, null);
    assert.equal(healthy.runs, 1);
    // The timer loop survives failures too.
    runner.start(20);
    for (let i = 0; i < 100 && failing.runs < 3; i++) await sleep(20);
    fail = false;
    const before = failing.runs;
    for (let i = 0; i < 100 && failing.runs < before + 2; i++) await sleep(20);
    await runner.stop();
    assert.ok(failing.runs >= before + 2, `ran ${failing.runs} times`);
    assert.equal((await row(database.db, failing.name)).lastError, null);
  });

  it('stop() waits for the run in progress', async () => {
    let release!: () => void;
    let entered!: () => void;
    const inJob = new Promise<void>((r) => (entered = r));
    let finished = false;
    const job = counted(uniqueName('slow'), {
      run: async () => {
        entered();
        await new Promise<void>((r) => (release = r));
        finished = true;
      },
    });
    const runner = new JobRunner(database.db, [job], 'instance-a', log);
    const ticking = runner.tick();
    await inJob;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(50);
    assert.equal(stopped, false, 'stop() resolved while the job was still running');
    release();
    await stopping;
    assert.equal(finished, true);
    assert.equal((await row(database.db, job.name)).runCount, 1);
    await ticking;
  });

  it('stop() called while a claim is on its way waits for that run too', async () => {
    let started = 0;
    let finished = 0;
    const job = counted(uniqueName('claiming'), {
      intervalMs: 0,
      run: async () => {
        started += 1;
        await sleep(50);
        finished += 1;
      },
    });
    const runner = new JobRunner(database.db, [job], 'instance-a', log);
    // One run first, so the runner's own registration is behind it (and the job due again).
    assert.equal(await runner.runNow(job.name), true);
    // Hold the job's row so the runner's claim is sent but cannot complete yet.
    let locked!: () => void;
    let unlock!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = database.db.transaction(async (tx) => {
      await tx.select().from(jobs).where(eq(jobs.name, job.name)).for('update');
      locked();
      await new Promise<void>((r) => (unlock = r));
    });
    await isLocked;
    const ticking = runner.tick();
    // Long enough for the tick to pass its own stop check and send the claim.
    await sleep(100);
    let atStop: [number, number] | null = null;
    const stopping = runner.stop().then(() => (atStop = [started, finished]));
    unlock();
    await holder;
    await stopping;
    await ticking;
    // Whatever happened to the claim, nothing may be running or start once stop() resolved.
    assert.deepEqual(atStop, [started, finished], 'a run was in progress or began after stop() resolved');
    assert.equal(started, 2, 'the claim that was on its way should have won and run');
  });

  it('races two instances with their own connection pools many times: one run each time', async (t) => {
    if (!onPostgres) {
      t.skip('PGlite has one connection, so two pools cannot race; set TEST_DATABASE_URL to run this');
      return;
    }
    const poolA = await openDatabase({ url: database.url!, poolSize: 4 });
    const poolB = await openDatabase({ url: database.url!, poolSize: 4 });
    try {
      for (let i = 0; i < 40; i++) {
        const job = counted(uniqueName('race'), { run: async () => {} });
        const a = new JobRunner(poolA.db, [job], 'pool-a', log);
        const b = new JobRunner(poolB.db, [job], 'pool-b', log);
        const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
        assert.equal(job.runs, 1, `round ${i}`);
        assert.equal(ranA.length + ranB.length, 1, `round ${i}`);
        assert.equal((await row(database.db, job.name)).runCount, 1, `round ${i}`);
      }
    } finally {
      await poolA.close();
      await poolB.close();
    }
  });
});
