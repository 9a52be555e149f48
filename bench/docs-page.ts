// `npm run bench:docs`: how fast /docs shows the API in Chromium. Starts the real server in its own
// process (PGlite in a temp DATA_DIR, or DATABASE_URL as in `npm run bench`), then loads /docs
// BENCH_DOCS_RUNS times (default 15), each in a fresh browser context (a first visit: no HTTP cache,
// no compiled-code cache), after one load that is not counted. Per load it measures, from the
// navigation's start (definitions in docs-page-probe.ts):
//   - first operation: the first frame drawn with an operation's row in it. The figure:
//     under 2 s.
//   - idle: the end of the last long task before the page has had 2 s without one: until then a
//     click may wait.
//   - opening an operation: from the click on the first operation to its "Try it out" button drawn.
//   - returning visit: the same page loaded again in the same context (HTTP cache, revalidated).
// Prints median and p95 of each, the document's size, and writes bench/results/docs-page.json.
// BENCH_DOCS_URL=http://host:port measures a server already running there instead (e.g. an older
// checkout, for a before/after). Needs Chromium (CHROMIUM_PATH or `chromium` on PATH).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { machine, quantile } from './report.ts';
import { firstOperationDrawn, idleAfter, installDocsProbe } from './docs-page-probe.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { CHROMIUM_MISSING, findChromium } from '../test/helpers/chromium.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const runs = Number(process.env.BENCH_DOCS_RUNS ?? 15);
if (!Number.isInteger(runs) || runs <= 0) throw new Error(`BENCH_DOCS_RUNS must be a positive integer (got "${process.env.BENCH_DOCS_RUNS}")`);
const QUIET_MS = 2000;
const TIMEOUT_MS = 60_000;

interface Load {
  firstOperationMs: number;
  idleMs: number;
}

async function load(page: Page, url: string): Promise<Load> {
  await page.goto(url);
  const firstOperationMs = await firstOperationDrawn(page, TIMEOUT_MS);
  return { firstOperationMs, idleMs: await idleAfter(page, QUIET_MS, TIMEOUT_MS) };
}

async function openFirstOperation(page: Page): Promise<number> {
  const started = Date.now();
  await page.locator('.opblock .opblock-summary-control').first().click();
  await page.locator('.opblock.is-open .try-out__btn').first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  return Date.now() - started;
}

async function measure(browser: Browser, url: string) {
  const figures = { firstOperationMs: [] as number[], idleMs: [] as number[], openOperationMs: [] as number[], returningFirstOperationMs: [] as number[] };
  for (let i = 0; i <= runs; i++) {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await installDocsProbe(context);
      const page = await context.newPage();
      const first = await load(page, url);
      const open = await openFirstOperation(page);
      const again = await load(page, url);
      if (i === 0) continue; // the warm-up: the server's first answers, Chromium's first start
      figures.firstOperationMs.push(first.firstOperationMs);
      figures.idleMs.push(first.idleMs);
      figures.openOperationMs.push(open);
      figures.returningFirstOperationMs.push(again.firstOperationMs);
      process.stderr.write(`[bench:docs] ${i}/${runs}: first operation ${first.firstOperationMs} ms, idle ${first.idleMs} ms, open ${open} ms, returning ${again.firstOperationMs} ms\n`);
    } finally {
      await context.close();
    }
  }
  return figures;
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  let server: RunningServer | undefined;
  const stop = () => void server?.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const baseUrl = process.env.BENCH_DOCS_URL ?? (server = await startServer({ root, databaseUrl: process.env.DATABASE_URL })).baseUrl;
    const docRes = await fetch(`${baseUrl}/openapi.json`);
    const docText = await docRes.text();
    const doc = JSON.parse(docText) as { paths: Record<string, Record<string, unknown>> };
    const document = {
      bytes: Buffer.byteLength(docText),
      gzipBytes: gzipSync(docText).length,
      operations: Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0),
      refs: (docText.match(/"\$ref"/g) ?? []).length,
    };
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    const chromiumVersion = browser.version();
    let figures;
    try {
      figures = await measure(browser, `${baseUrl}/docs`);
    } finally {
      await browser.close();
    }
    const summary = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, { median: quantile(v, 0.5), p95: quantile(v, 0.95), max: Math.max(...v) }]));
    const result = { at: new Date().toISOString(), runs, url: process.env.BENCH_DOCS_URL ?? 'own server', machine: machine(), chromium: chromiumVersion, document, summary, figures };
    console.log(`document: ${document.operations} operations, ${(document.bytes / 1000).toFixed(0)} kB (${(document.gzipBytes / 1000).toFixed(0)} kB gzip), ${document.refs} $refs`);
    console.log(`| ${runs} cold loads of /docs | median ms | p95 ms | max ms |\n|---|---:|---:|---:|`);
    const label: Record<string, string> = { firstOperationMs: 'first operation drawn', idleMs: 'idle (last long task ends)', openOperationMs: 'opening an operation', returningFirstOperationMs: 'first operation, returning visit' };
    for (const [k, s] of Object.entries(summary)) console.log(`| ${label[k]} | ${s.median} | ${s.p95} | ${s.max} |`);
    const goal = summary.firstOperationMs!.median < 2000;
    console.log(`first operation median ${summary.firstOperationMs!.median} ms (goal < 2000) ${goal ? 'PASS' : 'FAIL'}`);
    await mkdir(path.join(benchDir, 'results'), { recursive: true });
    await writeFile(path.join(benchDir, 'results', 'docs-page.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server?.stop();
  }
}

await main();
