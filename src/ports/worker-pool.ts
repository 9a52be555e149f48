/**
 * Work that outside input can make expensive (parsing an imported calendar) runs here, off the
 * event loop that serves requests: in a small pool of worker threads, each task under a time
 * limit and a memory cap, so a hostile input costs a bounded slice of one worker, never the server.
 */
export type WorkerLimit = 'timeout' | 'memory' | 'busy';

/** A task stopped by its limits (the worker running it is ended), or refused because the queue is full. */
export class WorkerLimitError extends Error {
  constructor(
    readonly limit: WorkerLimit,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerLimitError';
  }
}

export interface WorkerTask<I> {
  /** The module file that exports the task's function: a file URL (its .ts source under tsx, .js when built). */
  file: string;
  /** The exported function's name; it takes `input` and returns a structured-cloneable value. */
  name: string;
  input: I;
  /** Time the task may run once a worker takes it (the wait for a free worker not counted). */
  timeoutMs: number;
}

export interface WorkerPool {
  /** The task's result, or a WorkerLimitError; an error the task throws comes back as it was thrown (message and name). */
  run<I, O>(task: WorkerTask<I>): Promise<O>;
  /** Ends every worker; tasks still waiting are refused. */
  close(): Promise<void>;
}
