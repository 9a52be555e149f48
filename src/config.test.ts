import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { root, serverEntry } from '../test/helpers/server-process.ts';
import { ConfigError, durationMs, loadConfig } from './config.ts';

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
    assert.equal(c.PUBLIC_BASE_URL, 'http://127.0.0.1:3000');
    assert.equal(c.METRICS_TOKEN, undefined);
    assert.equal(c.METRICS_PORT, undefined);
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
    [
      'S3_ACCESS_KEY_ID without its secret',
      { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIA' },
      'S3_SECRET_ACCESS_KEY',
    ],
    ['S3_FORCE_PATH_STYLE=yes', { S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    ['S3_ENDPOINT without a scheme', { S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    ['METRICS_TOKEN shorter than 16', { METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    ['METRICS_PORT=99999', { METRICS_PORT: '99999' }, 'METRICS_PORT'],
  ];
  for (const [what, env, variable] of bad) {
    it(`refuses ${what}, naming ${variable}`, () => {
      const err = configError(env);
      assert.match(err.message, new RegExp(`\\b${variable}\\b`));
    });
  }

  it('lists the allowed values of a setting with a fixed set of them', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ STORAGE: 'nfs' }, 'STORAGE: must be one of disk, s3 (got "nfs")'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
      [{ PAYMENT_PROCESSOR: 'paypal' }, 'PAYMENT_PROCESSOR: must be one of local, stripe (got "paypal")'],
      [{ NODE_ENV: 'staging' }, 'NODE_ENV: must be one of development, production, test (got "staging")'],
      [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: must be true or false (got "maybe")'],
    ];
    for (const [env, line] of cases) {
      const err = configError(env);
      assert.equal(err.message, `Invalid configuration:\n  ${line}`);
    }
  });

  it('says in words what a patterned setting accepts', () => {
    assert.match(
      configError({ DATABASE_URL: 'mysql://root@db/stays' }).message,
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/root@db\/stays"\)/,
    );
    assert.match(
      configError({ REDIS_URL: 'localhost:6379' }).message,
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    assert.match(
      configError({ SESSION_TTL: '1w' }).message,
      /SESSION_TTL: must be a duration: .*ms, s \(the default\), m, h or d/,
    );
    assert.match(
      configError({ PUBLIC_BASE_URL: 'stays.example.com' }).message,
      /PUBLIC_BASE_URL: must be an absolute URL/,
    );
  });

  it('refuses a HOST that is neither an IP address nor a host name', () => {
    for (const host of ['http://0.0.0.0', '[::1]', '0.0.0.0:3000', 'my host', '-bad.example', 'a..b']) {
      const err = configError({ HOST: host });
      assert.match(
        err.message,
        /\bHOST: must be an IP address \(e\.g\. 127\.0\.0\.1, 0\.0\.0\.0 or ::\) or a host name/,
        host,
      );
      assert.ok(err.message.includes(JSON.stringify(host)), err.message);
    }
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'api-1.internal.example'])
      assert.equal(loadConfig({ HOST: host }).HOST, host);
  });

  it('defaults PUBLIC_BASE_URL to http://HOST:PORT, with loopback for a wildcard HOST', () => {
    assert.equal(loadConfig({ PORT: '3521' }).PUBLIC_BASE_URL, 'http://127.0.0.1:3521');
    assert.equal(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_BASE_URL, 'http://127.0.0.1:8080');
    assert.equal(loadConfig({ HOST: '::', PORT: '8080' }).PUBLIC_BASE_URL, 'http://127.0.0.1:8080');
    assert.equal(loadConfig({ HOST: '::1' }).PUBLIC_BASE_URL, 'http://[::1]:3000');
    assert.equal(loadConfig({ HOST: 'stays.internal' }).PUBLIC_BASE_URL, 'http://stays.internal:3000');
    assert.equal(
      loadConfig({ PORT: '3521', PUBLIC_BASE_URL: 'https://stays.example.com' }).PUBLIC_BASE_URL,
      'https://stays.example.com',
    );
  });

  it('reads the object storage settings: region us-east-1 and virtual-host style unless set, the secret never shown', () => {
    const d = loadConfig({ STORAGE: 's3', S3_BUCKET: 'stays-files' });
    assert.deepEqual(
      [d.S3_REGION, d.S3_ENDPOINT, d.S3_ACCESS_KEY_ID, d.S3_SECRET_ACCESS_KEY, d.S3_FORCE_PATH_STYLE],
      ['us-east-1', undefined, undefined, undefined, false],
    );
    const c = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    assert.deepEqual([c.S3_REGION, c.S3_ENDPOINT, c.S3_FORCE_PATH_STYLE], ['eu-west-3', 'http://minio:9000', true]);
    assert.ok(!configError({ S3_SECRET_ACCESS_KEY: 'Zq81-hidden' }).message.includes('Zq81-hidden'));
  });

  it('names every bad variable at once', () => {
    // Several enums at once too: each alone makes TypeBox report one error per allowed value.
    const env = {
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'qa',
      STORAGE: 'nfs',
      FAULT_POINT: 'nowhere',
      TRUST_PROXY: 'maybe',
    };
    const err = configError(env);
    for (const name of Object.keys(env)) assert.match(err.message, new RegExp(`^  ${name}: must be `, 'm'), name);
  });

  it('reads JWT_SECRETS as a comma-separated list, signing key first, and refuses a short or repeated key without showing it', () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    assert.deepEqual(loadConfig({}).jwtSecrets, []);
    assert.deepEqual(loadConfig({ JWT_SECRETS: ` ${b} ,${a}` }).jwtSecrets, [b, a]);
    assert.deepEqual(loadConfig({ JWT_SECRET: a, JWT_SECRETS: `${b},${a}` }).jwtSecrets, [b, a]);
    for (const list of [`${b},short-key-Zq81`, `${b},,${a}`, `${b},${a},${b}`, 'short-key-Zq81']) {
      const err = configError({ JWT_SECRETS: list });
      assert.match(err.message, /\bJWT_SECRETS\b/);
      for (const key of [a, b, 'short-key-Zq81']) assert.ok(!err.message.includes(key), err.message);
    }
  });

  it('does not repeat a secret it refuses', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ JWT_SECRET: 'my-secret-Zq81' }, 'my-secret-Zq81'],
      [{ ADMIN_EMAIL: 'admin@example.test', ADMIN_PASSWORD: 'Pw7!x' }, 'Pw7!x'],
      [{ DATABASE_URL: 'mysql://root:hunter2pw@db/stays' }, 'hunter2pw'],
      [{ SMTP_URL: 'http://mailer:s3cr3tpw@mail.test' }, 's3cr3tpw'],
      [{ METRICS_TOKEN: 'tiny-Mx9' }, 'tiny-Mx9'],
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
    const child = spawn(process.execPath, serverEntry(), {
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
