// Whether an instance loads the e-mail renderer right after it listens: a serving instance (jobs on)
// does unless MAIL_WARM_UP is false; an instance without jobs never does.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { loadConfig } from '../../config.ts';
import { emailsModule } from './index.ts';

async function readyHooks(env: Record<string, string>): Promise<unknown[]> {
  const hooks: unknown[] = [];
  const app = {
    addHook: (name: string, fn: unknown) => (name === 'onReady' || name === 'onListen') && hooks.push(fn),
  } as unknown as FastifyInstance;
  const metrics = { gauge: () => ({ set() {} }), beforeScrape() {} };
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'warm-up-wiring-secret-0123456789abcdef', ...env });
  await emailsModule(app, { deps: { config, metrics } as unknown as Deps });
  return hooks;
}

describe('the e-mail renderer at start', () => {
  it('is loaded right after listening by a serving instance, by default', async () => {
    const hooks = await readyHooks({ JOBS_ENABLED: 'true' });
    assert.deepEqual(
      hooks.map((h) => (h as { name: string }).name),
      ['warmEmailRenderingSoon'],
    );
  });

  it('is left to the first mail with MAIL_WARM_UP=false, and by an instance without jobs', async () => {
    assert.deepEqual(await readyHooks({ JOBS_ENABLED: 'true', MAIL_WARM_UP: 'false' }), []);
    assert.deepEqual(await readyHooks({ JOBS_ENABLED: 'false' }), []);
  });

  it('refuses a MAIL_WARM_UP that is not a boolean, naming it', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'test', MAIL_WARM_UP: 'sometimes' }), /MAIL_WARM_UP/);
  });
});
