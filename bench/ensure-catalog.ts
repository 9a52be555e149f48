// "One command runs every scenario": a benchmark that needs a generated catalogue which is
// missing (or whose search dates have passed) generates it first, by running
// `bench/generate-catalog.ts` as a child process with its progress on stderr, unless
// BENCH_GENERATE=0 (then the caller skips, naming the command). A lock directory beside the
// catalogue keeps two benchmark runs of one checkout from generating the same one at once.
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { datasetName, loadManifest, type DatasetKind, type Manifest } from './datasets.ts';

export const generationAllowed = () => process.env.BENCH_GENERATE !== '0';

/** The command that makes the catalogue by hand. */
export const generateCommand = (count: number, kind: DatasetKind) =>
  `${kind === 'postgres' ? 'DATABASE_URL=… ' : ''}npm run bench:data -- --count ${count}`;

const today = () => new Date().toISOString().slice(0, 10);

/** Why a manifest cannot be used as it is, or null. */
function staleness(m: Manifest): string | null {
  return m.search.checkin_date <= today() ? `its search dates (${m.search.checkin_date}) have passed` : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Holds `<catalogue>.generating/` while `work` runs; waits for another live holder first. */
async function withLock<T>(root: string, count: number, kind: DatasetKind, work: () => Promise<T>): Promise<T> {
  const dir = path.join(root, 'data', 'bench', `${datasetName(count)}.${kind}.generating`);
  await mkdir(path.dirname(dir), { recursive: true });
  let announced = false;
  for (;;) {
    try {
      await mkdir(dir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(await readFile(path.join(dir, 'pid'), 'utf8').catch(() => '0'));
      const age = Date.now() - (await stat(dir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      // A holder that died (or a lock without a pid for over a minute) is taken over.
      if ((owner && !alive(owner)) || (!owner && age > 60_000)) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      if (!announced)
        process.stderr.write(
          `[bench] another process (pid ${owner || '?'}) is generating ${datasetName(count)} for ${kind}; waiting\n`,
        );
      announced = true;
      await sleep(1000);
    }
  }
  try {
    await writeFile(path.join(dir, 'pid'), String(process.pid));
    return await work();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function generate(root: string, count: number, databaseUrl: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    // Its stdout goes to stderr too: this process's stdout is the table.
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/generate-catalog.ts', '--count', String(count)], {
      cwd: root,
      env,
      stdio: ['ignore', 2, 2],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`generating the ${count}-listing catalogue failed (${code ?? signal})`)),
    );
  });
}

/**
 * The catalogue's manifest, generated first when it is missing or stale and generation is
 * allowed; otherwise null and `why` says what to run.
 */
export async function ensureCatalog(
  root: string,
  count: number,
  databaseUrl: string | undefined,
): Promise<{ manifest: Manifest } | { manifest: null; why: string }> {
  const kind: DatasetKind = databaseUrl ? 'postgres' : 'pglite';
  const usable = async () => {
    const m = await loadManifest(root, count, kind);
    return { m, problem: m ? staleness(m) : `no ${count}-listing catalogue for ${kind}` };
  };
  let { m, problem } = await usable();
  if (m && !problem) return { manifest: m };
  if (!generationAllowed())
    return { manifest: null, why: `${problem}: run \`${generateCommand(count, kind)}\` (BENCH_GENERATE=0 is set)` };
  await withLock(root, count, kind, async () => {
    // Another run may have made it while this one waited for the lock.
    ({ m, problem } = await usable());
    if (m && !problem) return;
    process.stderr.write(
      `[bench] ${problem}: generating it (${generateCommand(count, kind)}); BENCH_GENERATE=0 skips instead\n`,
    );
    const started = Date.now();
    await generate(root, count, databaseUrl);
    process.stderr.write(
      `[bench] ${datasetName(count)} generated for ${kind} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
  });
  ({ m, problem } = await usable());
  return m && !problem ? { manifest: m } : { manifest: null, why: `${problem} even after generating it` };
}
