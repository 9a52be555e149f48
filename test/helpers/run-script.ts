// Runs one of the operator scripts (scripts/*.ts) as the operator would: a child process with only
// the given environment (and PATH), its output collected. `onStart` may signal the running child.
import { spawn } from 'node:child_process';
import { root } from './server-process.ts';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(
  file: string,
  env: Record<string, string>,
  args: string[] = [],
  onStart?: (signal: (s: NodeJS.Signals) => void) => void,
): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${file}`, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  onStart?.((s) => child.kill(s));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
