// Whether the service stays responsive while it processes a hostile input: a thread of its own
// asks GET /healthz over its own connections, one after another, for as long as the hostile
// request runs, and times each answer. Its own thread, because the app under test shares the
// test's event loop: a loop blocked by the hostile input would block a prober on it too (and
// its timers), so it would see nothing; this one measures the wait from outside. Before the
// hostile request it asks a few times on the quiet app: what this machine's load alone costs an
// answer (several test processes share 2 cores), so a bound can be stated on top of it.
import { Worker } from 'node:worker_threads';

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
let running = true;
const waits = [];
parentPort.on('message', () => { running = false; });
function ask(then) {
  const sent = performance.now();
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/healthz', agent: false }, (res) => {
    res.resume();
    res.on('end', () => then({ status: res.statusCode, ms: performance.now() - sent }));
  });
  req.on('error', (err) => parentPort.postMessage({ error: err.message }));
}
const quiet = [];
function calm(w) {
  if (w) quiet.push(w);
  if (quiet.length < workerData.quietAsks) return ask(calm);
  parentPort.postMessage({ quiet });
  ask(busy);
}
function busy(w) {
  waits.push(w);
  if (running) setTimeout(() => ask(busy), 20);
  else parentPort.postMessage({ waits });
}
calm();
`;

interface Wait {
  status: number;
  ms: number;
}

export interface ProbeResult<T> {
  /** What the hostile request resolved to. */
  result: T;
  /** Its time, from start to answer, in ms. */
  hostileMs: number;
  /** Each /healthz answer while it ran: its status and how long it was waited for. */
  waits: Wait[];
  /** The longest of them. */
  longestMs: number;
  /** The longest wait of a few asked just before, on the quiet app. */
  quietMs: number;
}

/**
 * Runs `hostile` (a request to the app listening on `port`) while /healthz is asked on other
 * connections; resolves once both are done (the last /healthz asked before the end is answered).
 */
export async function healthzDuring<T>(port: number, hostile: () => Promise<T>): Promise<ProbeResult<T>> {
  const worker = new Worker(SOURCE, { eval: true, workerData: { port, quietAsks: 5 } });
  const messages: Array<{ quiet?: Wait[]; waits?: Wait[]; error?: string }> = [];
  let wake = () => {};
  worker.on('message', (m) => {
    messages.push(m);
    wake();
  });
  const next = async () => {
    while (!messages.length) await new Promise<void>((resolve) => (wake = resolve));
    const m = messages.shift()!;
    if (m.error) throw new Error(`/healthz probe: ${m.error}`);
    return m;
  };
  try {
    const { quiet = [] } = await next();
    const started = performance.now();
    const result = await hostile();
    const hostileMs = performance.now() - started;
    worker.postMessage('stop');
    const { waits = [] } = await next();
    const longest = (ws: Wait[]) => Math.max(0, ...ws.map((w) => w.ms));
    return { result, hostileMs, waits, longestMs: longest(waits), quietMs: longest(quiet) };
  } finally {
    await worker.terminate();
  }
}

/**
 * healthzDuring, run again once when an answer waited `boundMs` more than on the quiet app: a
 * block the hostile input causes shows on every run, a burst of the shared machine's load seldom
 * twice in a row. The last run is returned, with `responsive` telling whether one run kept the bound.
 */
export async function healthzWithin<T>(
  port: number,
  boundMs: number,
  hostile: () => Promise<T>,
): Promise<ProbeResult<T> & { responsive: boolean; runs: Array<{ longestMs: number; quietMs: number }> }> {
  const runs: Array<{ longestMs: number; quietMs: number }> = [];
  for (;;) {
    const probe = await healthzDuring(port, hostile);
    runs.push({ longestMs: Math.round(probe.longestMs), quietMs: Math.round(probe.quietMs) });
    const responsive = probe.waits.length > 0 && probe.longestMs < boundMs + probe.quietMs;
    if (responsive || runs.length === 2) return { ...probe, responsive, runs };
  }
}
