// A Redis server of the test's own on a free port, for tests that stop and restart it: the
// machine's shared Redis must never be stopped under other tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server-process.ts';

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SIGKILL, as a crash or a lost node would. */
  kill(): Promise<void>;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function createPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 100 && !(await accepting(port)); i++) await sleep(50);
    },
    kill: async () => {
      const c = child;
      // Already gone (a killed process has a signalCode and no exitCode): its 'exit' will not come again.
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}
