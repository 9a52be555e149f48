// The client installs in a project of its own exactly as its README says, with nothing of the
// service present: the README's install command is run as written (the repository's path put in
// for /path/to/stays) in a scratch project in the system's temporary directory, outside the
// repository, so nothing there can resolve the service's node_modules. Plain `node` then imports
// the package (its JavaScript, no TypeScript loader) and calls a local server through it, and
// `tsc --strict` checks the example app and a small file against the installed declarations.
// run-once: npm and tsc on the package; no database, no service
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(clientDir, '../..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The README's install command: the `npm install` line of the first sh block under "## Install". */
async function readmeInstallCommand(): Promise<string> {
  const readme = await readFile(path.join(clientDir, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const line = block.split('\n').find((l) => l.startsWith('npm install'));
  assert.ok(line, 'the README has an npm install command under "## Install"');
  assert.ok(line.includes('/path/to/stays/clients/typescript'), `the command names the client's folder: ${line}`);
  const rootReadme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
  assert.ok(rootReadme.includes(line), "the repository's README gives the same command");
  return line.replace(/\s+#.*$/, '').replaceAll('/path/to/stays', repoRoot);
}

/** The environment of a shell a developer opens: none of the npm_* settings `npm test` passes down. */
function developerEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  // The registry's packages come from npm's cache when it has them (it has after the root npm ci).
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env: developerEnv(), encoding: 'utf8', timeout: 180_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}${result.error ?? ''}` };
}

// A plain Node script as an app would write it: the package's exports, one call through
// openapi-fetch to a local server (the idempotency middleware adds its key), and the money helper.
const APP = `import http from 'node:http';
import { createStaysClient, unwrap, toMinorUnits, ApiError } from '@stays/client';

const seen = [];
const server = http.createServer((req, res) => {
  seen.push({ method: req.method, url: req.url, key: req.headers['idempotency-key'] ?? null });
  res.setHeader('content-type', 'application/json');
  if (req.url === '/api/currencies') return res.end(JSON.stringify({ success: true, data: [{ code: 'EUR' }] }));
  res.statusCode = 422;
  res.end(JSON.stringify({ success: false, code: 'VALIDATION_ERROR', message: 'guests is required', errors: { guests: ['required'] } }));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const stays = createStaysClient({ baseUrl: 'http://127.0.0.1:' + server.address().port });
const currencies = unwrap(await stays.api.GET('/api/currencies')).data;
let status = null;
try {
  unwrap(await stays.api.POST('/api/reservations', { body: {} }));
} catch (err) {
  status = err instanceof ApiError ? err.status : String(err);
}
server.close();
console.log(JSON.stringify({ currencies, status, seen, minor: toMinorUnits('12.50', 'EUR') }));
`;

// Types that must hold against the installed declarations; the @ts-expect-error lines fail the
// check if the types were lost (an `any` accepts them all).
const TYPES = `import { createStaysClient, type OperationBody, type ResponseData } from '@stays/client';

const stays = createStaysClient({ baseUrl: 'http://localhost:3000' });
export const stay: OperationBody<'createReservation'> = {
  property_id: 1,
  checkin_date: '2027-06-01',
  checkout_date: '2027-06-04',
  guests: { adults: 2, children: 0 },
};
export async function firstName(): Promise<string | undefined> {
  const { data } = await stays.api.GET('/api/properties/{id}', { params: { path: { id: 1 } } });
  const name: string | undefined = data?.data.public_name;
  // @ts-expect-error: not a path of the document
  await stays.api.GET('/api/no-such-path');
  // @ts-expect-error: the path parameter is required
  await stays.api.GET('/api/properties/{id}', {});
  return name;
}
export type Card = ResponseData<'/api/properties/filter', 'get'>[number];
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['*.ts'],
};

describe('the client installed as its README says, in a project outside the repository', () => {
  let project: string;
  before(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'stays-client-app-'));
    await writeFile(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'an-app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
    );
    const command = await readmeInstallCommand();
    const install = run('sh', ['-c', command], project);
    assert.equal(install.status, 0, `${command} failed:\n${install.output}`);
  });
  after(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('brings its dependencies and its built files, not its sources', async () => {
    const manifest = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'));
    assert.ok(manifest.dependencies?.['@stays/client'], 'the app depends on @stays/client');
    const installed = path.join(project, 'node_modules');
    const lock = JSON.parse(await readFile(path.join(project, 'package-lock.json'), 'utf8'));
    assert.ok(lock.packages['node_modules/openapi-fetch'], 'openapi-fetch installed in the app');
    assert.ok(!lock.packages['node_modules/@stays/client'].link, 'a copy of the package, not a link into the clone');
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/generated/schema.d.ts', 'README.md'])
      await readFile(path.join(installed, '@stays/client', file)).catch(() => assert.fail(`${file} installed`));
    await assert.rejects(readFile(path.join(installed, '@stays/client/src/index.ts')), 'sources are not shipped');
  });

  it('is imported and used by plain node', async () => {
    await writeFile(path.join(project, 'app.mjs'), APP);
    const app = run(process.execPath, ['app.mjs'], project);
    assert.equal(app.status, 0, `node app.mjs failed:\n${app.output}`);
    const result = JSON.parse(app.output.trim().split('\n').at(-1) ?? '{}');
    assert.deepEqual(result.currencies, [{ code: 'EUR' }]);
    assert.equal(result.status, 422, 'a refused call is an ApiError with its status');
    assert.equal(result.minor, 1250);
    const booking = result.seen.find((r: { url: string }) => r.url === '/api/reservations');
    assert.match(booking?.key ?? '', /^[0-9a-f-]{36}$/, 'the booking carried an Idempotency-Key');
  });

  it('type-checks the example app and typed calls with tsc --strict against its declarations', async () => {
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    await writeFile(path.join(project, 'typed-calls.ts'), TYPES);
    await copyFile(path.join(clientDir, 'example/book-a-stay.ts'), path.join(project, 'book-a-stay.ts'));
    const check = run(process.execPath, [tsc, '-p', project, '--listFiles'], project);
    assert.equal(check.status, 0, `tsc failed:\n${check.output}`);
    const compiled = check.output.split('\n');
    for (const file of ['dist/index.d.ts', 'dist/generated/schema.d.ts'])
      assert.ok(
        compiled.some((f) => f.endsWith(`node_modules/@stays/client/${file}`)),
        `${file} was read from the installed package`,
      );
    // The compiler's own lib files come from the repository's node_modules (its tsc runs the check).
    const fromRepo = compiled.filter((f) => f.startsWith(repoRoot) && !f.includes('/node_modules/'));
    assert.deepEqual(fromRepo, [], 'nothing of the repository but the compiler was read');
  });
});
