// `npm run client:build` compiles src/ to dist/ (JavaScript and declarations) with the TypeScript
// compiler as tsconfig.build.json says; `--check` compiles the same in memory and fails when the
// committed dist/ differs. dist/ is committed because npm builds nothing when it installs a folder
// or packs one without a `prepare` script, and a `prepare` would need TypeScript, which a fresh
// clone of the repository does not have installed.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const clientDir = fileURLToPath(new URL('..', import.meta.url));
export const distDir = path.join(clientDir, 'dist');

/** The files tsc emits for the package, by path relative to dist/. Throws on any compiler error. */
export function buildFiles(): Record<string, string> {
  const configPath = path.join(clientDir, 'tsconfig.build.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, clientDir);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const files: Record<string, string> = {};
  const emitted = program.emit(undefined, (fileName, text) => {
    files[path.relative(distDir, fileName).split(path.sep).join('/')] = text;
  });
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length) {
    const host = {
      getCanonicalFileName: (f: string) => f,
      getCurrentDirectory: () => clientDir,
      getNewLine: () => '\n',
    };
    throw new Error(ts.formatDiagnostics(diagnostics, host));
  }
  return files;
}

async function committedFiles(dir = distDir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await committedFiles(full)));
    else out.push(path.relative(distDir, full).split(path.sep).join('/'));
  }
  return out;
}

/** Paths under dist/ that differ from `files`: changed, missing, or left over from an older build. */
export async function differences(files: Record<string, string>): Promise<string[]> {
  const out: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const committed = await readFile(path.join(distDir, name), 'utf8').catch(() => null);
    if (committed !== content) out.push(name);
  }
  for (const name of await committedFiles()) if (!(name in files)) out.push(name);
  return out.sort();
}

/** Replaces dist/ with `files`. */
export async function writeBuild(files: Record<string, string>): Promise<void> {
  await rm(distDir, { recursive: true, force: true });
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(distDir, name);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

async function main(args: string[]) {
  const files = buildFiles();
  if (args.includes('--check')) {
    const changed = await differences(files);
    if (changed.length) {
      console.error(
        `clients/typescript/dist is out of date (${changed.join(', ')}): run npm run client:build and commit the result`,
      );
      process.exit(1);
    }
    console.log('clients/typescript/dist matches its sources');
    return;
  }
  await writeBuild(files);
  console.log(`wrote ${Object.keys(files).length} files to clients/typescript/dist`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
