// Runs recurring jobs so that each run happens on one instance only, whatever the number of
// instances: the claim is a conditional UPDATE on the job's row, with a lease that expires if
// the claiming process dies.
import type { Logger } from 'pino';
import type { Db } from '../db/connection.ts';
import type { MetricCounter, MetricGauge, Metrics } from '../kernel/services.ts';
import { noMetrics } from '../platform/metrics.ts';
import { jobsRepository } from './jobs.repository.ts';

export interface JobDefinition {
  name: string;
  /** Time between the end of one run and the next. */
  intervalMs: number;
  /** Longest a run may hold the job before another instance may take it over. */
  leaseMs?: number;
  run(): Promise<void>;
}

export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<boolean>>();
  private readonly registered: Promise<void>;
  private stopped = false;
  private readonly figures: { runs: MetricCounter; failures: MetricCounter; lastSuccess: MetricGauge };

  constructor(
    private readonly db: Db,
    private readonly jobs: JobDefinition[],
    private readonly instanceId: string,
    private readonly log: Logger,
    metrics: Metrics = noMetrics,
  ) {
    // Counted where the job ran: each run is claimed by one instance, so sum over instances.
    this.figures = {
      runs: metrics.counter('stays_job_runs_total', 'Job runs this instance claimed and ran, by job', ['job']),
      failures: metrics.counter('stays_job_failures_total', 'Job runs that threw, by job', ['job']),
      lastSuccess: metrics.gauge(
        'stays_job_last_success_timestamp_seconds',
        'When a run of the job last ended without error on this instance (Unix time)',
        ['job'],
      ),
    };
    const repo = jobsRepository(db);
    this.registered = (async () => {
      for (const j of jobs) await repo.register(j.name);
    })();
  }

  /** Ticks every `tickMs` until stopped. */
  start(tickMs: number): this {
    const loop = () => {
      if (this.stopped) return;
      const p = this.tick().catch((err) => this.log.error({ err }, 'job tick failed'));
      this.timer = setTimeout(() => void p.finally(loop), tickMs);
      this.timer.unref();
    };
    loop();
    return this;
  }

  /** Runs every due job this instance can claim; resolves when they are done. Returns the names run. */
  async tick(): Promise<string[]> {
    await this.registered;
    const ran: string[] = [];
    for (const job of this.jobs) {
      if (this.stopped) break;
      if (await this.runOnce(job, false)) ran.push(job.name);
    }
    return ran;
  }

  /** Runs one job now if no instance holds it (tests, and kicks after a commit). */
  async runNow(name: string): Promise<boolean> {
    await this.registered;
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`unknown job ${name}`);
    return this.runOnce(job, true);
  }

  // Tracked from the claim on: a claim that lands after stop() was called still runs its job,
  // and stop() must wait for that run rather than return while it is going.
  private async runOnce(job: JobDefinition, force: boolean): Promise<boolean> {
    const p = this.claimAndRun(job, force);
    this.running.add(p);
    try {
      return await p;
    } finally {
      this.running.delete(p);
    }
  }

  private async claimAndRun(job: JobDefinition, force: boolean): Promise<boolean> {
    const repo = jobsRepository(this.db);
    if (!(await repo.claim(job.name, this.instanceId, job.leaseMs ?? 5 * 60_000, force))) return false;
    let error: string | null = null;
    try {
      await job.run();
      this.figures.lastSuccess.set({ job: job.name }, Date.now() / 1000);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: job.name }, 'job failed');
      this.figures.failures.inc({ job: job.name });
    }
    this.figures.runs.inc({ job: job.name });
    await repo.finish(job.name, this.instanceId, job.intervalMs, error);
    return true;
  }

  /** Stops ticking and waits for runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.allSettled([...this.running]);
  }
}
