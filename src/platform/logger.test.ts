import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD } from '../../test/helpers/factories.ts';
import { createLogger } from './logger.ts';

/** A pino destination that keeps everything written to it. */
function capture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, any>),
  };
}

describe('createLogger', () => {
  const out = capture();
  const log = createLogger('info', out.stream);
  const last = () => out.lines().at(-1)!;

  it('redacts the Authorization header and cookies wherever headers are logged', () => {
    log.info(
      { req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'client_token=xyz', host: 'app.test' } } },
      'request',
    );
    assert.deepEqual(last().req.headers, { authorization: '[redacted]', cookie: '[redacted]', host: 'app.test' });
    log.info(
      { headers: { Authorization: 'Bearer abc.def.ghi', 'set-cookie': ['admin_token=xyz; HttpOnly'] } },
      'outgoing call',
    );
    assert.deepEqual(last().headers, { Authorization: '[redacted]', 'set-cookie': '[redacted]' });
    log.info({ res: { headers: { 'set-cookie': 'client_token=xyz' } } }, 'response');
    assert.equal(last().res.headers['set-cookie'], '[redacted]');
  });

  it('redacts password and token fields at the top level and nested', () => {
    log.info({ password: 'hunter2-top', token: 'tok-top' }, 'top level');
    assert.equal(last().password, '[redacted]');
    assert.equal(last().token, '[redacted]');
    log.info(
      { body: { login: 'a@b.c', password: 'hunter2-body', password_confirmation: 'hunter2-body' } },
      'one level',
    );
    assert.deepEqual(last().body, { login: 'a@b.c', password: '[redacted]', password_confirmation: '[redacted]' });
    log.info(
      { req: { body: { current_password: 'old-pw', new_password: 'new-pw', reset_token: 'rt', id_token: 'it' } } },
      'two levels',
    );
    assert.deepEqual(last().req.body, {
      current_password: '[redacted]',
      new_password: '[redacted]',
      reset_token: '[redacted]',
      id_token: '[redacted]',
    });
    log.info(
      { a: { b: { c: { access_token: 'deep', newToken: 'deep2', passwordHash: '$argon2id$' } } } },
      'three levels',
    );
    assert.deepEqual(last().a.b.c, { access_token: '[redacted]', newToken: '[redacted]', passwordHash: '[redacted]' });
    log.info({ users: [{ email: 'a@b.c', password_hash: '$argon2id$x' }] }, 'in an array');
    assert.deepEqual(last().users, [{ email: 'a@b.c', password_hash: '[redacted]' }]);
  });

  it('redacts secrets carried by a logged error', () => {
    const err = Object.assign(new Error('upstream refused'), {
      config: { headers: { Authorization: 'Bearer leaked' } },
    });
    log.error({ err }, 'call failed');
    assert.equal(last().err.config.headers.Authorization, '[redacted]');
    assert.equal(last().err.message, 'upstream refused');
  });

  it('leaves other fields alone', () => {
    log.info({ user: { id: 7, email: 'a@b.c' }, job: 'outbox-relay' }, 'ordinary');
    assert.deepEqual(last().user, { id: 7, email: 'a@b.c' });
    assert.equal(last().job, 'outbox-relay');
    assert.equal(last().msg, 'ordinary');
    for (const secret of [
      'abc.def.ghi',
      'xyz',
      'hunter2',
      'tok-top',
      'old-pw',
      'new-pw',
      'deep',
      'leaked',
      '$argon2id$',
    ]) {
      assert.ok(!out.text().includes(secret), `the log contains ${secret}`);
    }
  });
});

describe('createLogger on a terminal', () => {
  it('writes human-readable lines when asked (stdout a TTY), still without secrets', () => {
    const out = capture();
    const log = createLogger('info', out.stream, { pretty: true });
    log.info({ job: 'outbox-relay', password: 'pretty-secret-77' }, 'a readable line');
    const text = out.text();
    assert.match(text, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: a readable line$/m);
    assert.match(text, /job: "outbox-relay"/);
    assert.ok(!text.includes('pretty-secret-77'), text);
    assert.throws(() => JSON.parse(text.split('\n')[0]!));
  });

  it('writes JSON lines otherwise', () => {
    const out = capture();
    createLogger('info', out.stream, { pretty: false }).info({ job: 'x' }, 'a JSON line');
    createLogger('info', out.stream).info('the default for a stream of its own');
    assert.deepEqual(
      out.lines().map((l) => l.msg),
      ['a JSON line', 'the default for a stream of its own'],
    );
  });
});

describe('the app log', () => {
  const out = capture();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      log: createLogger('trace', out.stream),
      extraRoutes: async (api) => {
        // A careless handler that dumps what it got: the logger still must not leak.
        api.post('/test/dump', async (req) => {
          req.log.info({ headers: req.headers, body: req.body }, 'dumping the request');
          return { success: true, message: 'OK', data: null };
        });
      },
    });
  });
  after(() => t.close());

  it('never contains the password or the tokens of a login, a refresh and authenticated calls', async () => {
    const password = 'Unique-Pa55word-For-Log-Test';
    const user = await createUser(t.deps, { password });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: user.email, password: 'Wrong-Pa55word-Also-Secret' },
    });
    assert.equal(wrong.statusCode, 401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: user.email, password },
    });
    assert.equal(login.statusCode, 200, login.body);
    const token: string = login.json().data.token;
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
    assert.notEqual(session.statusCode, 500);
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { current_token_type: 'client', client_token: token },
    });
    assert.notEqual(cookie.statusCode, 500);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
    assert.equal(refresh.statusCode, 200, refresh.body);
    const newToken: string = refresh.json().data.newToken;
    const dump = await t.app.inject({
      method: 'POST',
      url: '/api/test/dump',
      headers: bearer(newToken),
      cookies: { client_token: newToken },
      payload: { password, token: newToken },
    });
    assert.equal(dump.statusCode, 200);

    const text = out.text();
    // The capture really holds the requests, so the absence checks below mean something.
    assert.match(text, /incoming request/);
    assert.match(text, /\/api\/auth\/login/);
    const dumped = out.lines().find((l) => l.msg === 'dumping the request');
    assert.ok(dumped, 'the dump line was logged');
    assert.equal(dumped.headers.authorization, '[redacted]');
    assert.equal(dumped.headers.cookie, '[redacted]');
    assert.equal(dumped.body.password, '[redacted]');
    for (const secret of [password, 'Wrong-Pa55word-Also-Secret', DEFAULT_PASSWORD, token, newToken]) {
      assert.ok(!text.includes(secret), `the log contains ${secret.slice(0, 12)}…`);
    }
    // A token's signature alone is as good as the token to someone reading logs.
    assert.ok(!text.includes(token.split('.')[2]!));
  });
});

describe('request lines in production (NODE_ENV=production, LOG_LEVEL=info)', () => {
  const out = capture();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ log: createLogger('info', out.stream), env: { NODE_ENV: 'production' } });
  });
  after(() => t.close());

  it('writes one line per request, saying what was asked and how it was answered; health checks none', async () => {
    const asked = [
      { method: 'GET', url: '/api/properties/public?per_page=2', status: 200 },
      { method: 'GET', url: '/api/no/such/route', status: 404 },
      { method: 'POST', url: '/api/auth/login', status: 401, payload: { login: 'a@b.c', password: 'not-this-one' } },
    ] as const;
    const ids: string[] = [];
    for (const r of asked) {
      const res = await t.app.inject({ method: r.method, url: r.url, payload: 'payload' in r ? r.payload : undefined });
      assert.equal(res.statusCode, r.status, res.body);
      ids.push(String(res.headers['x-request-id']));
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.statusCode, 200);
    const lines = out.lines();
    for (const [i, r] of asked.entries()) {
      const mine = lines.filter((l) => l.reqId === ids[i]);
      assert.equal(mine.length, 1, `${r.method} ${r.url}: ${JSON.stringify(mine)}`);
      const [line] = mine;
      assert.deepEqual(
        { msg: line?.msg, method: line?.req.method, url: line?.req.url, status: line?.res.statusCode },
        { msg: 'request completed', method: r.method, url: r.url, status: r.status },
      );
      assert.equal(typeof line?.responseTime, 'number');
    }
    assert.deepEqual(
      lines.filter((l) => l.reqId === health.headers['x-request-id']),
      [],
    );
  });
});
