#!/usr/bin/env node
// `npm run build`: compiles the service (src/, without its tests) to JavaScript in dist/, with the
// files it reads at run time beside the code that reads them (the SQL migrations, found next to
// db/connection.js), so `node dist/src/server.js` runs it with no TypeScript loader.
// `--out-dir <dir>` builds elsewhere (the runtime test builds into .test-cache/); it must lie
// inside this project, where node_modules is found.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--out-dir');
const outDir = path.resolve(root, at >= 0 && args[at + 1] ? args[at + 1] : 'dist');
if (!outDir.startsWith(root + path.sep) || ['src', 'test', 'scripts', 'node_modules'].includes(path.relative(root, outDir).split(path.sep)[0])) {
  console.error(`build: --out-dir must be a folder of its own inside ${root} (got ${outDir})`);
  process.exit(2);
}

rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', outDir], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
cpSync(path.join(root, 'src/db/migrations'), path.join(outDir, 'src/db/migrations'), { recursive: true });
console.log(`built ${path.relative(root, outDir) || '.'}/ (run: node ${path.relative(root, path.join(outDir, 'src/server.js'))})`);
