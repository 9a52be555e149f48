import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../config.ts';
import { browsableUrl, describeInstance } from './instance-summary.ts';

const address = { address: '127.0.0.1', family: 'IPv4', port: 3521 };

describe('describeInstance', () => {
  it('names the embedded defaults', () => {
    const { fields, text } = describeInstance(loadConfig({ PORT: '3521', DATA_DIR: '/srv/stays' }), {
      address,
      jwtSecret: 'file',
    });
    assert.deepEqual(
      { ...fields, node: undefined },
      {
        listening: '127.0.0.1:3521',
        docs: 'http://127.0.0.1:3521/docs',
        public_base_url: 'http://127.0.0.1:3521',
        database: 'PGlite in /srv/stays/pgdata',
        redis: 'none (in-memory bus and limits: one instance)',
        mail: 'outbox (kept in the database and logged, not sent)',
        payments: 'local checkout (built in, no money moves)',
        storage: 'disk in /srv/stays/files',
        jwt_secret: 'kept in /srv/stays/jwt-secret',
        channel_manager: 'none',
        jobs: 'on',
        metrics: 'off',
        node: undefined,
      },
    );
    assert.match(
      text,
      /^listening on 127\.0\.0\.1:3521, docs at http:\/\/127\.0\.0\.1:3521\/docs; database: PGlite in \/srv\/stays\/pgdata; Redis: none/,
    );
  });

  it('names the servers of a scaled deployment, never a credential', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      PUBLIC_BASE_URL: 'https://stays.example.com',
      DATABASE_URL: 'postgres://stays:Db-Pw-1@db.internal:6432/stays_prod',
      REDIS_URL: 'redis://:Redis-Pw-2@cache.internal',
      SMTP_URL: 'smtp://mailer:Smtp-Pw-3@smtp.example.com:587',
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_Stripe-Key-4',
      STORAGE: 's3',
      S3_BUCKET: 'stays-files',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'AKIA-Key-5',
      S3_SECRET_ACCESS_KEY: 'S3-Secret-6',
      JWT_SECRET: 'Jwt-Secret-7-0123456789abcdef0123456789',
      METRICS_TOKEN: 'Metrics-Token-8-0123',
      METRICS_PORT: '9464',
      JOBS_ENABLED: 'false',
    });
    const { fields, text } = describeInstance(config, {
      address: { address: '0.0.0.0', family: 'IPv4', port: 8080 },
      jwtSecret: 'configured',
      metricsUrl: 'http://0.0.0.0:9464/metrics',
    });
    assert.equal(fields.listening, '0.0.0.0:8080');
    assert.equal(fields.docs, 'http://127.0.0.1:8080/docs');
    assert.equal(fields.database, 'PostgreSQL at db.internal:6432, database stays_prod');
    assert.equal(fields.redis, 'Redis at cache.internal:6379');
    assert.equal(fields.mail, 'SMTP at smtp.example.com:587');
    assert.equal(fields.payments, 'Stripe');
    assert.equal(fields.storage, 'S3 bucket stays-files at http://minio.internal:9000');
    assert.equal(fields.jwt_secret, 'from JWT_SECRET');
    assert.equal(fields.metrics, 'http://127.0.0.1:8080/metrics (bearer token) and http://0.0.0.0:9464/metrics');
    assert.equal(fields.jobs, 'off');
    assert.match(text, /\(public address https:\/\/stays\.example\.com\)/);
    const all = JSON.stringify(fields) + text;
    for (const secret of [
      'Db-Pw-1',
      'Redis-Pw-2',
      'Smtp-Pw-3',
      'Stripe-Key-4',
      'AKIA-Key-5',
      'S3-Secret-6',
      'Jwt-Secret-7',
      'Metrics-Token-8',
      'mailer',
      'stays:',
    ]) {
      assert.ok(!all.includes(secret), `the start-up line shows ${secret}`);
    }
  });

  it('says how many JWT_SECRETS keys rotate, never the keys', () => {
    const keys = ['New-Key-a-0123456789abcdef0123456789', 'Old-Key-b-0123456789abcdef0123456789'];
    const { fields, text } = describeInstance(
      loadConfig({ JWT_SECRET: 'Base-Key-c-0123456789abcdef0123456789', JWT_SECRETS: keys.join(',') }),
      { address, jwtSecret: 'configured' },
    );
    assert.equal(fields.jwt_secret, 'from JWT_SECRET (access tokens: the first of 2 JWT_SECRETS keys)');
    for (const k of [...keys, 'Base-Key-c']) assert.ok(!text.includes(k));
  });

  it('says when the JWT secret was generated at this start', () => {
    assert.match(
      describeInstance(loadConfig({ DATA_DIR: './data' }), { address, jwtSecret: 'generated' }).text,
      /JWT secret generated now, kept in \.\/data\/jwt-secret/,
    );
  });

  it('names AWS and the region for S3 without an endpoint', () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-3' });
    assert.equal(
      describeInstance(config, { address, jwtSecret: 'file' }).fields.storage,
      'S3 bucket b at AWS eu-west-3',
    );
  });
});

describe('browsableUrl', () => {
  it('turns a wildcard address into loopback and brackets IPv6', () => {
    assert.equal(browsableUrl({ address: '0.0.0.0', family: 'IPv4', port: 1 }), 'http://127.0.0.1:1');
    assert.equal(browsableUrl({ address: '::', family: 'IPv6', port: 2 }), 'http://127.0.0.1:2');
    assert.equal(browsableUrl({ address: '::1', family: 'IPv6', port: 3 }), 'http://[::1]:3');
    assert.equal(browsableUrl('/tmp/socket'), null);
  });
});
