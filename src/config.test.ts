import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError, durationMs, loadConfig } from './config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The ConfigError loading `env` throws; fails the test when it loads. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected ConfigError, got ${String(err)}`);
    return err;
  }
  assert.fail(`${JSON.stringify(env)} was accepted`);
}

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const c = loadConfig({});
    assert.equal(c.NODE_ENV, 'development');
    assert.equal(c.PORT, 3000);
    assert.equal(c.HOST, '127.0.0.1');
    assert.equal(c.DATA_DIR, './data');
    assert.equal(c.DATABASE_URL, undefined);
    assert.equal(c.REDIS_URL, undefined);
    assert.equal(c.SMTP_URL, undefined);
    assert.equal(c.JWT_SECRET, undefined);
    assert.equal(c.LOG_LEVEL, 'info');
    assert.equal(c.BODY_LIMIT_BYTES, 1_048_576);
    assert.equal(c.TRUST_PROXY, false);
    assert.equal(c.JOBS_ENABLED, true);
    assert.equal(c.PAYMENT_PROCESSOR, 'local');
    assert.equal(c.DEFAULT_TIMEZONE, 'UTC');
    assert.equal(c.accessTokenTtlSeconds, 15 * 60);
    assert.equal(c.sessionTtlSeconds, 30 * 86_400);
    assert.equal(c.rateLimitWindowMs, 15 * 60_000);
    assert.deepEqual(c.corsOrigins, []);
  });

  it('converts the text of the environment to typed values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/stays',
      TRUST_PROXY: 'true',
      JOBS_ENABLED: 'false',
      SERVICE_FEE_PERCENT: '12.5',
      ACCESS_TOKEN_TTL: '900',
      SESSION_TTL: '2h',
      CORS_ORIGINS: ' https://a.test , ,https://b.test',
      DEFAULT_TIMEZONE: 'Europe/Paris',
      LOG_LEVEL: 'debug',
    });
    assert.equal(c.PORT, 8080);
    assert.equal(c.DATABASE_URL, 'postgres://u:p@db:5432/stays');
    assert.equal(c.TRUST_PROXY, true);
    assert.equal(c.JOBS_ENABLED, false);
    assert.equal(c.SERVICE_FEE_PERCENT, 12.5);
    assert.equal(c.accessTokenTtlSeconds, 900);
    assert.equal(c.sessionTtlSeconds, 7200);
    assert.deepEqual(c.corsOrigins, ['https://a.test', 'https://b.test']);
    assert.equal(c.DEFAULT_TIMEZONE, 'Europe/Paris');
  });

  it('treats an empty variable as unset', () => {
    assert.equal(loadConfig({ PORT: '', LOG_LEVEL: '' }).PORT, 3000);
  });

  const bad: Array<[string, Record<string, string>, string]> = [
    ['PORT=abc', { PORT: 'abc' }, 'PORT'],
    ['PORT=3.5', { PORT: '3.5' }, 'PORT'],
    ['PORT=70000', { PORT: '70000' }, 'PORT'],
    ['DATABASE_URL=mysql://…', { DATABASE_URL: 'mysql://root@localhost/stays' }, 'DATABASE_URL'],
    ['LOG_LEVEL=loud', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['DEFAULT_TIMEZONE=Mars/Base', { DEFAULT_TIMEZONE: 'Mars/Base' }, 'DEFAULT_TIMEZONE'],
    ['PAYMENT_PROCESSOR=stripe without a key', { PAYMENT_PROCESSOR: 'stripe' }, 'STRIPE_SECRET_KEY'],
    ['ADMIN_EMAIL without ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.test' }, 'ADMIN_PASSWORD'],
    ['ADMIN_PASSWORD without ADMIN_EMAIL', { ADMIN_PASSWORD: 'long-enough-password' }, 'ADMIN_PASSWORD'],
    ['JWT_SECRET shorter than 32', { JWT_SECRET: 'too-short-secret' }, 'JWT_SECRET'],
    ['TRUST_PROXY=maybe', { TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    ['ACCESS_TOKEN_TTL=15x', { ACCESS_TOKEN_TTL: '15x' }, 'ACCESS_TOKEN_TTL'],
    ['SERVICE_FEE_PERCENT=150', { SERVICE_FEE_PERCENT: '150' }, 'SERVICE_FEE_PERCENT'],
    ['CHANNEL_MANAGER=channex without its settings', { CHANNEL_MANAGER: 'channex' }, 'CHANNEX_API_KEY'],
    ['STORAGE=s3 without a bucket', { STORAGE: 's3' }, 'S3_BUCKET'],
  ];
  for (const [what, env, variable] of bad) {
    it(`refuses ${what}, naming ${variable}`, () => {
      const err = configError(env);
      assert.match(err.message, new RegExp(`\\b${variable}\\b`));
    });
  }

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', LOG_LEVEL: 'loud' });
    assert.match(err.message, /\bPORT\b/);
    assert.match(err.message, /\bLOG_LEVEL\b/);
  });

  it('does not repeat a secret it refuses', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ JWT_SECRET: 'my-secret-Zq81' }, 'my-secret-Zq81'],
      [{ ADMIN_EMAIL: 'admin@example.test', ADMIN_PASSWORD: 'Pw7!x' }, 'Pw7!x'],
      [{ DATABASE_URL: 'mysql://root:hunter2pw@db/stays' }, 'hunter2pw'],
      [{ SMTP_URL: 'http://mailer:s3cr3tpw@mail.test' }, 's3cr3tpw'],
    ];
    for (const [env, secret] of cases) {
      const err = configError(env);
      assert.match(err.message, new RegExp(`\\b${Object.keys(env).at(-1)}\\b`));
      assert.ok(!err.message.includes(secret), err.message);
    }
  });
});

describe('durationMs', () => {
  it('reads ms, s (the default), m, h and d', () => {
    assert.equal(durationMs('500ms'), 500);
    assert.equal(durationMs('90'), 90_000);
    assert.equal(durationMs('90s'), 90_000);
    assert.equal(durationMs('15m'), 900_000);
    assert.equal(durationMs('2h'), 7_200_000);
    assert.equal(durationMs('30d'), 2_592_000_000);
    assert.throws(() => durationMs('1w'), ConfigError);
  });
});

describe('server start with a bad configuration', () => {
  it('exits non-zero and prints the variable name', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', DATA_DIR: '/nonexistent-stays-data' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.notEqual(code, 0, output);
    assert.notEqual(code, null, 'killed by a signal');
    assert.match(output, /\bPORT\b/);
    assert.doesNotMatch(output, /listening/i);
  });
});
