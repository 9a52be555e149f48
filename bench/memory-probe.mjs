// Loaded into the server under test by `npm run bench:soak` (node --import), and only there: once
// a second it appends the process's own memory figures and event-loop delay to the file named by
// BENCH_MEMORY_FILE, one JSON line each. RSS is also readable from /proc by the harness; the heap
// and the event-loop delay are not, and this costs the server one small write a second.
// Plain JavaScript: it is imported before tsx is.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const m = process.memoryUsage();
    const line = {
      t: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers,
      loopMeanMs: delay.mean / 1e6, loopMaxMs: delay.max / 1e6,
    };
    delay.reset();
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // the harness removed the file at its end; nothing to report to
    }
  }, 1000).unref();
}
