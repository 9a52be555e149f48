#!/usr/bin/env node
// `npm run build`: compiles the service (src/, without its tests) to JavaScript in dist/, with the
// files it reads at run time beside the code that reads them (the SQL migrations, found next to
// db/connection.js), so `node dist/src/server.js` runs it with no TypeScript loader.
// `--out-dir <dir>` builds elsewhere (the runtime test builds into .test-cache/); it must lie
// inside this project, where node_modules is found.
// `--no-check` emits the same JavaScript file by file (TypeScript's transpileModule) without
// type-checking the program: about 8 s of CPU instead of 35–45 s. For builds whose types are
// checked elsewhere: CI's build beside its `npm run typecheck`, the runtime test's and the
// benchmark's builds of a checkout the suite or CI type-checks. A release build type-checks.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--out-dir');
const outDir = path.resolve(root, at >= 0 && args[at + 1] ? args[at + 1] : 'dist');
if (
  !outDir.startsWith(root + path.sep) ||
  ['src', 'test', 'scripts', 'node_modules'].includes(path.relative(root, outDir).split(path.sep)[0])
) {
  console.error(`build: --out-dir must be a folder of its own inside ${root} (got ${outDir})`);
  process.exit(2);
}
const buildConfig = path.join(root, 'tsconfig.build.json');

rmSync(outDir, { recursive: true, force: true });
if (args.includes('--no-check')) await transpile();
else {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', buildConfig, '--outDir', outDir], { stdio: 'inherit' });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
}
cpSync(path.join(root, 'src/db/migrations'), path.join(outDir, 'src/db/migrations'), { recursive: true });
console.log(
  `built ${path.relative(root, outDir) || '.'}/ (run: node ${path.relative(root, path.join(outDir, 'src/server.js'))})`,
);

/**
 * tsc's emit for each file of tsconfig.build.json, one file at a time. The package is an ES
 * module package, which NodeNext reads from package.json: transpileModule sees no package.json,
 * so it is told ESNext (the output was compared file by file with tsc's: identical).
 */
async function transpile() {
  const ts = (await import('typescript')).default;
  const parsed = ts.getParsedCommandLineOfConfigFile(
    buildConfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        process.exit(1);
      },
    },
  );
  if (parsed.errors.length) {
    console.error(parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
    process.exit(1);
  }
  const compilerOptions = {
    ...parsed.options,
    outDir: undefined,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  for (const file of parsed.fileNames.filter((f) => !f.endsWith('.d.ts'))) {
    const out = path.join(outDir, path.relative(root, file)).replace(/\.ts$/, '.js');
    const result = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions,
      fileName: file,
      reportDiagnostics: true,
    });
    if (result.diagnostics?.length) {
      console.error(
        ts.formatDiagnostics(result.diagnostics, {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: () => root,
          getNewLine: () => '\n',
        }),
      );
      process.exit(1);
    }
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, result.outputText);
    if (result.sourceMapText) {
      // tsc names the source relative to the map, as the map's reader resolves it.
      const map = JSON.parse(result.sourceMapText);
      map.sources = [path.relative(path.dirname(out), file)];
      writeFileSync(`${out}.map`, JSON.stringify(map));
    }
  }
}
