// What "the first operations shown" means in the /docs figures (bench/docs-page.ts, and the figure
// test/docs-page.browser.test.ts prints): a script that runs in the page before the page's own
// marks the first frame drawn after the first operation's row entered the page (a MutationObserver
// sees the row; a timeout queued from the next animation frame runs once that frame is drawn), and
// keeps the page's long tasks (≥ 50 ms, the Long Tasks API). Source text, not a function: tsx's
// keepNames could put a `__name(...)` call into a serialized function, which the page lacks.
import type { BrowserContext, Page } from 'playwright-core';

const PROBE = `(() => {
  const marks = { firstOperation: 0, longTasks: [] };
  window.__docsProbe = marks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (!document.querySelector('.opblock')) return;
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(() => { marks.firstOperation = performance.now(); }, 0));
  });
  document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true }));
})();`;

export async function installDocsProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: PROBE });
}

/** Milliseconds from the navigation's start to the first operation's frame (waits for it). */
export async function firstOperationDrawn(page: Page, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window as any).__docsProbe?.firstOperation || 0, null, {
    timeout: timeoutMs,
  });
  return Math.round(Number(await handle.jsonValue()));
}

/**
 * Milliseconds from the navigation's start to the end of the last long task, once the page has
 * gone `quietMs` without one (until then a click may wait); at least the first operation's time.
 */
export async function idleAfter(page: Page, quietMs = 2000, timeoutMs = 60_000): Promise<number> {
  const read = () =>
    page.evaluate(() => {
      const m = (window as any).__docsProbe as { firstOperation: number; longTasks: Array<[number, number]> };
      return { now: performance.now(), lastEnd: Math.max(m.firstOperation, ...m.longTasks.map(([s, d]) => s + d)) };
    });
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const { now, lastEnd } = await read();
    if (now - lastEnd >= quietMs || Date.now() > deadline) return Math.round(lastEnd);
    await page.waitForTimeout(250);
  }
}
