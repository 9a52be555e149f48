// Every task of the pool enters here, in its worker thread: the task's module is loaded (once per
// thread; a thread's first load under tsx took seconds on a loaded machine), then the start is
// marked for the pool, whose time limit counts from that mark, and the task's function runs.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface RunnerInput {
  file: string;
  name: string;
  input: unknown;
  /** One Int32 slot: 0 until the task's function starts, then 1. */
  started: SharedArrayBuffer;
}

// Node 20 carries tsx's require hook into worker threads but not its ESM hooks: a .ts source
// (tests, `npm start`) loads through require, as piscina loads this file; the build's .js is ESM.
const load = (file: string): Promise<Record<string, unknown>> =>
  file.endsWith('.ts') ? Promise.resolve(createRequire(import.meta.url)(fileURLToPath(file))) : import(file);

export async function runTask({ file, name, input, started }: RunnerInput): Promise<unknown> {
  const fn = (await load(file))[name];
  if (typeof fn !== 'function') throw new Error(`${file} exports no function ${name}`);
  const flag = new Int32Array(started);
  Atomics.store(flag, 0, 1);
  return fn(input);
}
