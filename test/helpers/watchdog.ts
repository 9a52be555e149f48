// A case that never answers may block the event loop itself (PGlite runs queries on the test's
// own thread: a modification to the end of year 9999 once did), and then no timer of the test can
// fire. This watchdog runs on its own thread: when one case has run longer than `limitMs`, it
// prints the case and kills the process, so the run fails with the case named instead of hanging.
import { Worker } from 'node:worker_threads';

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
let current = null;
parentPort.on('message', (m) => { current = m.description === null ? null : { ...m, since: Date.now() }; });
setInterval(() => {
  if (!current || Date.now() - current.since < workerData.limitMs) return;
  writeSync(2, '\\n# watchdog: no answer within ' + workerData.limitMs + ' ms, the process is stuck: ' + current.description + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, 250);
`;

export interface Watchdog {
  begin(description: string): void;
  end(): void;
  stop(): Promise<void>;
}

export function startWatchdog(limitMs: number): Watchdog {
  const worker = new Worker(SOURCE, { eval: true, workerData: { limitMs } });
  worker.unref();
  return {
    begin: (description) => worker.postMessage({ description }),
    end: () => worker.postMessage({ description: null }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
