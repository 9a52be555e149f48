// Loaded into the server under test by `npm run bench:soak` (node --import), and only there: once
// a second it appends the process's own memory figures and event-loop delay to the file named by
// BENCH_MEMORY_FILE, one JSON line each, and the heap after each full garbage collection. RSS is also readable from /proc by the harness; the heap
// and the event-loop delay are not, and this costs the server one small write a second.
// Plain JavaScript: it is imported before tsx is.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_MEMORY_FILE;
const write = (line) => {
  try {
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  } catch {
    // the harness removed the file at its end; nothing to report to
  }
};
if (file) {
  // The heap right after each full (mark-compact) collection: what is really kept. The 1 s samples
  // ride V8's sawtooth (tens of MB up, then down), so their means say little about growth.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        write({ t: Date.now(), afterMajorGc: true, heapUsed: process.memoryUsage().heapUsed });
    }
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const m = process.memoryUsage();
    const line = {
      t: Date.now(),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      loopMeanMs: delay.mean / 1e6,
      loopMaxMs: delay.max / 1e6,
    };
    delay.reset();
    write(line);
  }, 1000).unref();
}
