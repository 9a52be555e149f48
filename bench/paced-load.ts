// An open-loop load generator for `npm run bench:soak`: requests leave at a fixed rate whatever
// the server does (like many independent clients), not when a previous answer came back, so a
// slow server meets the same arrivals instead of a politely slowed client. Latency is measured
// from the moment a request was due, so time spent waiting for a free connection in this process
// counts (no coordinated omission). A request that gets no answer within the timeout is a
// timeout; a reset or refused connection is a connection error: both are failures, never success.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface PacedRequest {
  /** What the mix calls it: session, detail, search, notifications, preview, booking. */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Outcome {
  kind: string;
  phase: string;
  /** ms (performance.now()) the request was due. */
  dueAt: number;
  /** From due to the end of the answer; for failures, to the failure. */
  latencyMs: number;
  /** HTTP status; 0 when there was no answer. */
  status: number;
  failure?: 'timeout' | 'connection';
  /** The start of the body of an answer that was not 2xx, or the error's message. */
  detail?: string;
}

export interface PacedOptions {
  baseUrl: string;
  /** Most connections open at once; further requests wait in this process (and that wait counts). */
  maxSockets: number;
  /** A request unanswered this long after it was due is abandoned as a timeout. */
  timeoutMs: number;
}

export interface Phase {
  name: string;
  rate: number;
  seconds: number;
}

const TICK_MS = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class PacedLoad {
  private readonly agent: http.Agent;
  private readonly url: URL;
  private inFlight = 0;
  private idle: (() => void) | null = null;
  /** This process's own event-loop delay: if it lags, latencies include the generator's lag. */
  readonly ownDelay = monitorEventLoopDelay({ resolution: 10 });

  constructor(
    private readonly opts: PacedOptions,
    private readonly onOutcome: (o: Outcome) => void,
  ) {
    this.url = new URL(opts.baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets, maxFreeSockets: opts.maxSockets });
  }

  /**
   * Sends `next()` at each phase's rate for its seconds, phases back to back on one schedule;
   * `onPhase` is called as each begins. Resolves when the last request has been sent; `drain()`
   * waits for the answers.
   */
  async run(
    phases: Phase[],
    next: () => PacedRequest,
    onPhase: (p: Phase, at: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    this.ownDelay.enable();
    let phaseStart = performance.now();
    for (const phase of phases) {
      onPhase(phase, phaseStart);
      const total = Math.round(phase.rate * phase.seconds);
      const gap = 1000 / phase.rate;
      let sent = 0;
      while (sent < total && !signal?.aborted) {
        const now = performance.now();
        const due = Math.min(total, Math.floor((now - phaseStart) / gap) + 1);
        for (; sent < due; sent++) this.send(next(), phase.name, phaseStart + sent * gap);
        await sleep(TICK_MS);
      }
      phaseStart += phase.seconds * 1000;
      if (signal?.aborted) break;
    }
  }

  async drain(): Promise<void> {
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      this.idle = resolve;
    });
  }

  close(): void {
    this.ownDelay.disable();
    this.agent.destroy();
  }

  private send(r: PacedRequest, phase: string, dueAt: number): void {
    this.inFlight++;
    let done = false;
    const finish = (status: number, failure?: Outcome['failure'], detail?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.onOutcome({ kind: r.kind, phase, dueAt, latencyMs: performance.now() - dueAt, status, failure, detail });
      if (--this.inFlight === 0 && this.idle) {
        const idle = this.idle;
        this.idle = null;
        idle();
      }
    };
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.body !== undefined) headers['content-length'] = Buffer.byteLength(r.body);
    const req = http.request(
      { agent: this.agent, host: this.url.hostname, port: this.url.port, method: r.method, path: r.path, headers },
      (res) => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        let text = '';
        if (!ok) res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!ok && text.length < 300) text += chunk;
        });
        res.on('end', () => finish(status, undefined, ok ? undefined : text.slice(0, 300)));
        res.on('error', (err) => finish(0, 'connection', err.message));
      },
    );
    const timer = setTimeout(
      () => {
        finish(0, 'timeout', `no answer within ${this.opts.timeoutMs} ms`);
        req.destroy();
      },
      Math.max(1, this.opts.timeoutMs - (performance.now() - dueAt)),
    );
    req.on('error', (err) =>
      finish(0, 'connection', `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim()),
    );
    req.end(r.body);
  }
}
