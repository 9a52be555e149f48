// `npm run bench:docs`: how fast /docs shows the API in Chromium. Starts the real server in its own
// process (PGlite in a temp DATA_DIR, or DATABASE_URL as in `npm run bench`), then loads /docs
// BENCH_DOCS_RUNS times (default 15), each in a fresh browser context (a first visit: no HTTP cache,
// no compiled-code cache), after one load that is not counted. Per load it measures, from the
// navigation's start (definitions in docs-page-probe.ts):
//   - first operation: the first frame drawn with an operation's row in it. The figure:
//     under 2 s.
//   - idle: the end of the last long task before the page has had 2 s without one: until then a
//     click may wait.
//   - Chromium CPU: the CPU time all of Chromium's processes used from the navigation to the first
//     operation drawn. Unlike the times, it hardly grows when other work shares the machine.
//   - opening an operation: from the click on the first operation to its "Try it out" button drawn.
//   - returning visit: the same page loaded again in the same context (HTTP cache, revalidated).
// Prints median and p95 of each, the document's size, and writes bench/results/docs-page.json.
// BENCH_DOCS_URL=http://host:port measures a server already running there instead.
// BENCH_DOCS_BASELINE_URL=http://host:port measures that server too, its loads interleaved with the
// measured one's (one of each in turn), so a before/after on a shared machine sees the same load.
// Needs Chromium (CHROMIUM_PATH or `chromium` on PATH).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { machine, quantile } from './report.ts';
import { firstOperationDrawn, idleAfter, installDocsProbe } from './docs-page-probe.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { CHROMIUM_MISSING, findChromium } from '../test/helpers/chromium.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const runs = Number(process.env.BENCH_DOCS_RUNS ?? 15);
if (!Number.isInteger(runs) || runs <= 0)
  throw new Error(`BENCH_DOCS_RUNS must be a positive integer (got "${process.env.BENCH_DOCS_RUNS}")`);
const QUIET_MS = 2000;
const TIMEOUT_MS = 60_000;

interface Load {
  firstOperationMs: number;
  chromiumCpuMs: number;
  idleMs: number;
}

/** CPU milliseconds used so far by all of Chromium's processes (browser, renderers, GPU, network). */
async function chromiumCpu(cdp: CDPSession): Promise<number> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ cpuTime: number }> };
  return processInfo.reduce((ms, p) => ms + p.cpuTime * 1000, 0);
}

async function load(page: Page, url: string, cdp: CDPSession): Promise<Load> {
  const cpuBefore = await chromiumCpu(cdp);
  await page.goto(url);
  const firstOperationMs = await firstOperationDrawn(page, TIMEOUT_MS);
  const chromiumCpuMs = Math.round((await chromiumCpu(cdp)) - cpuBefore);
  return { firstOperationMs, chromiumCpuMs, idleMs: await idleAfter(page, QUIET_MS, TIMEOUT_MS) };
}

async function openFirstOperation(page: Page): Promise<number> {
  const started = Date.now();
  await page.locator('.opblock .opblock-summary-control').first().click();
  await page.locator('.opblock.is-open .try-out__btn').first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  return Date.now() - started;
}

type Figures = Record<
  'firstOperationMs' | 'chromiumCpuMs' | 'idleMs' | 'openOperationMs' | 'returningFirstOperationMs',
  number[]
>;

const noFigures = (): Figures => ({
  firstOperationMs: [],
  chromiumCpuMs: [],
  idleMs: [],
  openOperationMs: [],
  returningFirstOperationMs: [],
});

/** Loads each target's /docs in turn, `runs` times after one uncounted warm-up round, into its figures. */
async function measure(browser: Browser, targets: Array<{ url: string; figures: Figures }>): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  for (let i = 0; i <= runs; i++) {
    for (const { url, figures } of targets) {
      const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await installDocsProbe(context);
        const page = await context.newPage();
        const first = await load(page, url, cdp);
        const open = await openFirstOperation(page);
        const again = await load(page, url, cdp);
        if (i === 0) continue; // the warm-up: the server's first answers, Chromium's first start
        figures.firstOperationMs.push(first.firstOperationMs);
        figures.chromiumCpuMs.push(first.chromiumCpuMs);
        figures.idleMs.push(first.idleMs);
        figures.openOperationMs.push(open);
        figures.returningFirstOperationMs.push(again.firstOperationMs);
        process.stderr.write(
          `[bench:docs] ${i}/${runs} ${url}: first operation ${first.firstOperationMs} ms (Chromium CPU ${first.chromiumCpuMs} ms), idle ${first.idleMs} ms, open ${open} ms, returning ${again.firstOperationMs} ms\n`,
        );
      } finally {
        await context.close();
      }
    }
  }
}

async function describeDocument(baseUrl: string) {
  const docText = await (await fetch(`${baseUrl}/openapi.json`)).text();
  const doc = JSON.parse(docText) as { paths: Record<string, Record<string, unknown>> };
  // What the page reads first (src/platform/docs-page-outline.ts), where the server has one.
  const outline = await fetch(`${baseUrl}/docs/outline.json`);
  return {
    bytes: Buffer.byteLength(docText),
    pageReadsBytes: outline.ok ? Buffer.byteLength(await outline.text()) : Buffer.byteLength(docText),
    gzipBytes: gzipSync(docText).length,
    operations: Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0),
    refs: (docText.match(/"\$ref"/g) ?? []).length,
  };
}

const summarize = (figures: Figures) =>
  Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [
      k,
      { median: quantile(v, 0.5), p95: quantile(v, 0.95), max: Math.max(...v) },
    ]),
  ) as Record<keyof Figures, { median: number; p95: number; max: number }>;

const LABEL: Record<keyof Figures, string> = {
  firstOperationMs: 'first operation drawn',
  chromiumCpuMs: 'Chromium CPU to the first operation',
  idleMs: 'idle (last long task ends)',
  openOperationMs: 'opening an operation',
  returningFirstOperationMs: 'first operation, returning visit',
};

function print(
  name: string,
  document: Awaited<ReturnType<typeof describeDocument>>,
  summary: ReturnType<typeof summarize>,
) {
  console.log(
    `${name}: ${document.operations} operations, ${(document.bytes / 1000).toFixed(0)} kB (${(document.gzipBytes / 1000).toFixed(0)} kB gzip), ${document.refs} $refs; the page reads ${(document.pageReadsBytes / 1000).toFixed(0)} kB first`,
  );
  console.log(`| ${runs} cold loads of /docs | median ms | p95 ms | max ms |\n|---|---:|---:|---:|`);
  for (const [k, s] of Object.entries(summary))
    console.log(`| ${LABEL[k as keyof Figures]} | ${s.median} | ${s.p95} | ${s.max} |`);
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  let server: RunningServer | undefined;
  const stop = () => void server?.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    if (!process.env.BENCH_DOCS_URL) server = await startServer({ root, databaseUrl: process.env.DATABASE_URL });
    const baseUrl = process.env.BENCH_DOCS_URL ?? server?.baseUrl ?? '';
    const baselineUrl = process.env.BENCH_DOCS_BASELINE_URL;
    const document = await describeDocument(baseUrl);
    const baselineDocument = baselineUrl ? await describeDocument(baselineUrl) : undefined;
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    const chromiumVersion = browser.version();
    const figures = noFigures();
    const baselineFigures = noFigures();
    try {
      await measure(browser, [
        { url: `${baseUrl}/docs`, figures },
        ...(baselineUrl ? [{ url: `${baselineUrl}/docs`, figures: baselineFigures }] : []),
      ]);
    } finally {
      await browser.close();
    }
    const summary = summarize(figures);
    const baseline =
      baselineUrl && baselineDocument
        ? {
            url: baselineUrl,
            document: baselineDocument,
            summary: summarize(baselineFigures),
            figures: baselineFigures,
          }
        : undefined;
    const result = {
      at: new Date().toISOString(),
      runs,
      url: process.env.BENCH_DOCS_URL ?? 'own server',
      machine: machine(),
      chromium: chromiumVersion,
      document,
      summary,
      figures,
      ...(baseline ? { baseline } : {}),
    };
    print('document', document, summary);
    if (baseline) print(`baseline ${baseline.url} (loads interleaved)`, baseline.document, baseline.summary);
    const goal = summary.firstOperationMs.median < 2000;
    console.log(`first operation median ${summary.firstOperationMs.median} ms (goal < 2000) ${goal ? 'PASS' : 'FAIL'}`);
    await mkdir(path.join(benchDir, 'results'), { recursive: true });
    await writeFile(path.join(benchDir, 'results', 'docs-page.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server?.stop();
  }
}

await main();
