// The worker-pool port on piscina. Threads start on the first task and end after a minute idle, so
// an instance (or a test app) that never parses a calendar starts none. At most `threads` tasks
// run at once; the others wait here, in order, up to `maxQueue`. The time limit counts from the
// moment the task's function starts in its thread (task-runner.worker.ts marks it), so neither the
// wait for a thread nor a new thread's start-up is charged to the task. A task over its time is
// aborted, which ends its thread (piscina starts another for the next task); a task over the heap
// cap ends its thread the same way (ERR_WORKER_OUT_OF_MEMORY).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { WorkerLimitError, type WorkerPool, type WorkerTask } from '../../ports/worker-pool.ts';
import type { RunnerInput } from './task-runner.worker.ts';

export interface PiscinaPoolOptions {
  /** Tasks running at once, each on its own thread (1 or 2: the machines have few cores). */
  threads: number;
  /** Old-generation heap of each thread, in MB. */
  maxHeapMb: number;
  /** Tasks waiting for a thread at most; beyond it a task is refused at once (busy). */
  maxQueue: number;
}

const IDLE_MS = 60_000;
// The runner's own file: .ts under tsx, .js in the build.
const RUNNER_FILE = new URL(`./task-runner.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url)
  .href;
// How often a task not yet started is looked at again (its limit starts once it has).
const START_POLL_MS = 50;

export class PiscinaWorkerPool implements WorkerPool {
  private pool: Piscina | null = null;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  constructor(private readonly opts: PiscinaPoolOptions) {}

  async run<I, O>(task: WorkerTask<I>): Promise<O> {
    if (this.closed) throw new WorkerLimitError('busy', 'is not read: the service is stopping');
    if (this.running >= this.opts.threads) {
      if (this.waiting.length >= this.opts.maxQueue)
        throw new WorkerLimitError('busy', `is not read now: ${this.opts.maxQueue} calendars are waiting to be read`);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.closed) throw new WorkerLimitError('busy', 'is not read: the service is stopping');
    }
    this.running++;
    try {
      return await this.start<I, O>(task);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async start<I, O>(task: WorkerTask<I>): Promise<O> {
    this.pool ??= new Piscina({
      minThreads: 0,
      maxThreads: this.opts.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb, maxYoungGenerationSizeMb: 16 },
    });
    const started = new SharedArrayBuffer(4);
    const abort = new AbortController();
    const flag = new Int32Array(started);
    let timer: NodeJS.Timeout | undefined;
    const watch = () => {
      timer = Atomics.load(flag, 0)
        ? setTimeout(() => abort.abort(), task.timeoutMs)
        : setTimeout(watch, START_POLL_MS);
    };
    watch();
    const signal = abort.signal;
    try {
      const input: RunnerInput = { file: task.file, name: task.name, input: task.input, started };
      return (await this.pool.run(input, { filename: RUNNER_FILE, name: 'runTask', signal })) as O;
    } catch (err) {
      if (signal.aborted)
        throw new WorkerLimitError('timeout', `took more than the ${task.timeoutMs} ms of CPU allowed to read`);
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new WorkerLimitError('memory', `needs more than the ${this.opts.maxHeapMb} MB of memory allowed to read`);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
