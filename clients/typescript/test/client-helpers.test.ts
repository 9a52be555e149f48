// The helpers a client always writes, against the service listening on a port: the token refreshed
// ahead of its expiry (once for concurrent calls) and a new session after a 401, idempotent
// retries after a lost answer, the WebSocket reopened after the session ends, the stream and the
// socket kept alive across token expiries; and the money and
// form helpers on their own.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { WebSocket } from 'ws';
import { createUser, DEFAULT_PASSWORD } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import type { UserRow } from '../../../src/modules/users/users.repository.ts';
import {
  IDEMPOTENT_OPERATIONS,
  currencyDecimals,
  fromMinorUnits,
  openNotificationStream,
  openRealtimeSocket,
  toFormData,
  toMinorUnits,
  toMinorUnitsBig,
  unwrap,
  ApiError,
  type NotificationFrame,
  type StaysClient,
  type StreamEvent,
} from '../src/index.ts';
import { day, startWorld, type World } from './support/world.ts';

const MIN = 60_000;

describe('client helpers', () => {
  let w: World;
  let guest: UserRow;
  let staff: StaysClient;
  before(async () => {
    w = await startWorld();
    guest = await createUser(w.t.deps);
    const support = await createUser(w.t.deps, { role: 'support' });
    staff = w.client({
      onSessionExpired: async () =>
        (await staff.login({ login: support.email, password: DEFAULT_PASSWORD, type: 'support' })).token,
    });
    await staff.login({ login: support.email, password: DEFAULT_PASSWORD, type: 'support' });
  });
  after(() => w?.close());

  /** A client that counts its calls to /api/auth/refresh and logs in again when its session ends. */
  function guestClient() {
    const calls = { refresh: 0, relogin: 0 };
    const client: StaysClient = w.client({
      fetch: (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/api/auth/refresh')) calls.refresh += 1;
        return globalThis.fetch(input, init);
      },
      onSessionExpired: async () => {
        calls.relogin += 1;
        return (await client.login({ login: guest.email, password: DEFAULT_PASSWORD })).token;
      },
    });
    return { client, calls };
  }

  it('refreshes the token ahead of its expiry, once for concurrent calls', async () => {
    const { client, calls } = guestClient();
    const first = (await client.login({ login: guest.email, password: DEFAULT_PASSWORD })).token;
    w.t.clock.advance(14.5 * MIN); // ACCESS_TOKEN_TTL is 15 min; the margin 60 s
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.api.GET('/api/user/profile')));
    assert.deepEqual(
      answers.map((a) => a.response.status),
      [200, 200, 200, 200, 200],
    );
    assert.equal(calls.refresh, 1);
    assert.notEqual(client.auth.token, first);
    w.t.clock.advance(10 * MIN);
    assert.equal((await client.api.GET('/api/user/profile')).response.status, 200, 'the refreshed token lives on');
    assert.equal(calls.relogin, 0);
  });

  it('after a 401 (session ended elsewhere) or an expired token, takes the new session onSessionExpired gives and retries once', async () => {
    const { client, calls } = guestClient();
    const token = (await client.login({ login: guest.email, password: DEFAULT_PASSWORD })).token;
    // Another device with the same token logs out: the session is revoked.
    const elsewhere = w.client();
    elsewhere.auth.setToken(token);
    await elsewhere.logout();
    const profile = await client.api.GET('/api/user/profile');
    assert.equal(profile.response.status, 200);
    assert.equal(calls.relogin, 1);
    assert.notEqual(client.auth.token, token);

    w.t.clock.advance(20 * MIN);
    assert.equal((await client.api.GET('/api/user/profile')).response.status, 200);
    assert.equal(calls.relogin, 2, 'an expired token cannot be refreshed: a new session');

    // Without onSessionExpired the 401 comes back as an ApiError from unwrap.
    const plain = w.client();
    plain.auth.setToken(client.auth.token);
    await client.logout();
    await assert.rejects(
      async () => unwrap(await plain.api.GET('/api/user/profile')),
      (e: unknown) => e instanceof ApiError && e.status === 401 && e.code === 'SESSION_REVOKED',
    );
  });

  it('sends a booking again with the same Idempotency-Key when its answer was lost: one booking', async () => {
    const owner = await createUser(w.t.deps, { role: 'owner' });
    const property = await createProperty(w.t.deps, owner.id);
    let lost = 0;
    const keys: string[] = [];
    const client = w.client({
      retry: { backoffMs: () => 20 },
      fetch: async (input, init) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const isBooking = req.method === 'POST' && new URL(req.url).pathname === '/api/reservations';
        if (isBooking) keys.push(req.headers.get('idempotency-key') ?? '');
        const res = await globalThis.fetch(req);
        if (isBooking && lost === 0) {
          lost += 1;
          await res.body?.cancel();
          throw new TypeError('fetch failed: the connection dropped before the answer');
        }
        return res;
      },
    });
    await client.login({ login: guest.email, password: DEFAULT_PASSWORD });
    const booked = unwrap(
      await client.api.POST('/api/reservations', {
        body: {
          property_id: property.id,
          checkin_date: day(w.t, 40),
          checkout_date: day(w.t, 42),
          guests: { adults: 1, children: 0 },
        },
      }),
    ).data;
    assert.equal(keys.length, 2);
    assert.equal(keys[0], keys[1], 'the retry carries the same key');
    assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
    const mine = unwrap(await client.api.GET('/api/reservations')).data;
    assert.deepEqual(
      mine.filter((r) => r.property.id === property.id).map((r) => r.id),
      [booked.id],
      'one booking',
    );
  });

  it('sends a payment again with the same key after a 503 in front of a service that had made it: one checkout', async () => {
    const owner = await createUser(w.t.deps, { role: 'owner' });
    const property = await createProperty(w.t.deps, owner.id);
    const traveller = await createUser(w.t.deps);
    const sent: string[] = [];
    const client = w.client({
      retry: { backoffMs: () => 20 },
      fetch: async (input, init) => {
        const req = input instanceof Request ? input : new Request(input, init);
        const isPayment = new URL(req.url).pathname === '/api/payments/process';
        if (isPayment) sent.push(req.headers.get('idempotency-key') ?? '');
        const res = await globalThis.fetch(req);
        // A balancer that lost the backend's answer and answers 503 itself.
        if (isPayment && sent.length === 1)
          return new Response('{"success":false,"message":"unavailable","code":"SERVICE_UNAVAILABLE"}', {
            status: 503,
          });
        return res;
      },
    });
    await client.login({ login: traveller.email, password: DEFAULT_PASSWORD });
    const booked = unwrap(
      await client.api.POST('/api/reservations', {
        body: {
          property_id: property.id,
          checkin_date: day(w.t, 50),
          checkout_date: day(w.t, 51),
          guests: { adults: 1 },
        },
      }),
    ).data;
    const paid = unwrap(
      await client.api.POST('/api/payments/process', {
        body: { payment_method: 'card', reservation_id: booked.id, type: 'reservation', currency: 'EUR' },
      }),
    ).data;
    assert.equal(sent.length, 2);
    assert.equal(sent[0], sent[1]);
    const payments = unwrap(
      await client.api.GET('/api/payments/{userId}/all-payments', { params: { path: { userId: traveller.id } } }),
    ).data;
    assert.deepEqual(
      payments.map((p) => p.id),
      [paid.payment.id],
      'one payment, one checkout',
    );
  });

  it('reopens the notifications WebSocket with a new session after a 4401, and hears what follows', async () => {
    const { client, calls } = guestClient();
    const token = (await client.login({ login: guest.email, password: DEFAULT_PASSWORD })).token;
    const frames: NotificationFrame[] = [];
    const closes: number[] = [];
    let opens = 0;
    const socket = openRealtimeSocket(client, 'notifications', {
      WebSocket,
      minDelayMs: 20,
      onFrame: (f) => frames.push(f),
      onOpen: () => (opens += 1),
      onClose: (code) => closes.push(code),
    });
    try {
      await w.until(() => opens === 1, 'the socket to open');
      const elsewhere = w.client();
      elsewhere.auth.setToken(token);
      await elsewhere.logout();
      await w.until(() => opens === 2, 'the socket to reopen');
      assert.equal(closes[0], 4401);
      assert.equal(calls.relogin, 1);
      unwrap(
        await staff.api.POST('/api/notifications/send', {
          body: { title: 'Pool closed', message: 'The pool is closed on Monday', user_ids: [guest.id] },
        }),
      );
      await w.until(() => frames.some((f) => f.title === 'Pool closed'), 'the notification on the reopened socket');
    } finally {
      socket.close();
    }
  });

  it('opens the WebSocket with a new session when its upgrade is refused (token revoked before connecting)', async () => {
    const { client, calls } = guestClient();
    const token = (await client.login({ login: guest.email, password: DEFAULT_PASSWORD })).token;
    const elsewhere = w.client();
    elsewhere.auth.setToken(token);
    await elsewhere.logout();
    const closes: number[] = [];
    let opens = 0;
    const socket = openRealtimeSocket(client, 'notifications', {
      WebSocket,
      minDelayMs: 20,
      onOpen: () => (opens += 1),
      onClose: (code) => closes.push(code),
      onFrame: () => {},
    });
    try {
      await w.until(() => opens === 1, 'the socket to open with the new session');
      assert.equal(closes.length, 1, 'one refused attempt');
      assert.equal(calls.relogin, 1);
    } finally {
      socket.close();
    }
  });

  it('gives a key to every operation the document says honours Idempotency-Key', async () => {
    const doc = JSON.parse(await readFile(new URL('../src/generated/openapi.json', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { description?: string; parameters?: Array<{ name?: string }> }>>;
    };
    const said = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(
          ([, op]) =>
            /Idempotency-Key/i.test(op.description ?? '') ||
            (op.parameters ?? []).some((p) => /^idempotency-key$/i.test(p.name ?? '')),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    assert.ok(said.length >= 7);
    assert.deepEqual(
      said.filter((op) => !IDEMPOTENT_OPERATIONS.has(op)),
      [],
    );
  });

  it('reads money in minor units from either wire form, with the currency exponent', () => {
    assert.equal(toMinorUnits('12.50', 'EUR'), 1250);
    assert.equal(toMinorUnits(12.5, 'EUR'), 1250);
    assert.equal(toMinorUnits(120.1, 'EUR'), 12010);
    assert.equal(toMinorUnits('1500', 'JPY'), 1500);
    assert.equal(toMinorUnits('1.250', 'KWD'), 1250);
    assert.equal(toMinorUnits('-3.4', { decimals: 2 }), -340);
    assert.equal(toMinorUnitsBig('92233720368547758.07', 'USD'), 9223372036854775807n);
    assert.throws(() => toMinorUnits('12.505', 'EUR'), RangeError);
    assert.throws(() => toMinorUnits('1e3', 'EUR'), RangeError);
    assert.throws(() => toMinorUnits('92233720368547758.07', 'USD'), RangeError);
    assert.deepEqual(
      [currencyDecimals('EUR'), currencyDecimals('JPY'), currencyDecimals('KWD'), currencyDecimals('XYZ')],
      [2, 0, 3, 2],
    );
    assert.deepEqual(
      [
        fromMinorUnits(1250, 'EUR'),
        fromMinorUnits(5, 'EUR'),
        fromMinorUnits(-1250n, 'KWD'),
        fromMinorUnits(1500, 'JPY'),
      ],
      ['12.50', '0.05', '-1.250', '1500'],
    );
  });

  it('builds multipart bodies: repeated parts for arrays, files with their names, nothing for null', async () => {
    const form = toFormData({
      files: [new File(['a'], 'a.png'), new File(['b'], 'b.png')],
      n: 2.5,
      flag: false,
      none: null,
      obj: { k: 1 },
    });
    assert.deepEqual(
      form.getAll('files').map((f) => (f as File).name),
      ['a.png', 'b.png'],
    );
    assert.deepEqual(
      [form.get('n'), form.get('flag'), form.has('none'), form.get('obj')],
      ['2.5', 'false', false, '{"k":1}'],
    );
  });
});

describe('client SSE and WebSocket with short-lived tokens', () => {
  let w: World;
  let tick: ReturnType<typeof setInterval>;
  before(async () => {
    // Tokens of 4 s: the socket would be closed (4401 "token expired") after at most 4 s unless the
    // client refreshes on time and re-authenticates in band; the stream would end and an expired
    // token could not be refreshed to reopen it.
    w = await startWorld({ ACCESS_TOKEN_TTL: '4s' });
    // The service's clock runs in real time here, so that it refuses tokens once they expire.
    let last = Date.now();
    tick = setInterval(() => {
      const now = Date.now();
      w.t.clock.advance(now - last);
      last = now;
    }, 10);
  });
  after(async () => {
    clearInterval(tick);
    await w?.close();
  });

  it('outlives the token it was opened with: refreshed on time, re-authenticated in band, no reconnect', async () => {
    const user = await createUser(w.t.deps);
    const support = await createUser(w.t.deps, { role: 'support' });
    const client = w.client();
    const tokens = [(await client.login({ login: user.email, password: DEFAULT_PASSWORD })).token];
    client.auth.subscribe((t) => void (t && tokens.push(t)));
    const frames: NotificationFrame[] = [];
    const closes: number[] = [];
    let opens = 0;
    const socket = openRealtimeSocket(client, 'notifications', {
      WebSocket,
      onFrame: (f) => frames.push(f),
      onOpen: () => (opens += 1),
      onClose: (code) => closes.push(code),
    });
    try {
      await w.until(() => opens === 1, 'the socket to open');
      await new Promise((r) => setTimeout(r, 6000));
      assert.deepEqual(closes, [], 'never closed');
      assert.equal(opens, 1);
      assert.ok(tokens.length >= 3, `refreshed at least twice in 6 s (${tokens.length - 1})`);
      const staff = w.client();
      await staff.login({ login: support.email, password: DEFAULT_PASSWORD, type: 'support' });
      unwrap(
        await staff.api.POST('/api/notifications/send', {
          body: { title: 'Still here', message: 'The socket lives on', user_ids: [user.id] },
        }),
      );
      await w.until(() => frames.some((f) => f.title === 'Still here'), 'the notification on the same socket');
      assert.equal(opens, 1);
    } finally {
      socket.close();
    }
  });

  it('the SSE stream, ended by the service when its token expires, resumes with the refreshed token and Last-Event-ID', async () => {
    const user = await createUser(w.t.deps);
    const support = await createUser(w.t.deps, { role: 'support' });
    const client = w.client();
    await client.login({ login: user.email, password: DEFAULT_PASSWORD });
    // Calls further apart than a token's life: a new session each time, through onSessionExpired.
    const staffLogin = { login: support.email, password: DEFAULT_PASSWORD, type: 'support' as const };
    const staff: StaysClient = w.client({ onSessionExpired: async () => (await staff.login(staffLogin)).token });
    await staff.login(staffLogin);
    const events: StreamEvent[] = [];
    const errors: unknown[] = [];
    let opens = 0;
    const stream = openNotificationStream(client, {
      onEvent: (e) => events.push(e),
      onOpen: () => (opens += 1),
      onError: (e) => errors.push(e),
      reconnectDelayMs: 100,
    });
    try {
      await w.until(() => opens === 1, 'the stream to open');
      unwrap(
        await staff.api.POST('/api/notifications/send', {
          body: { title: 'First', message: 'before the expiry', user_ids: [user.id] },
        }),
      );
      await w.until(() => events.length === 1, 'the first event');
      await w.until(() => opens >= 2, 'the stream ended at the token expiry and reopened', 8000);
      unwrap(
        await staff.api.POST('/api/notifications/send', {
          body: { title: 'Second', message: 'after the expiry', user_ids: [user.id] },
        }),
      );
      await w.until(() => events.some((e) => e.data.data.title === 'Second'), 'the event after the expiry');
      assert.deepEqual(
        events.map((e) => e.data.data.title),
        ['First', 'Second'],
        'no duplicate, nothing lost',
      );
      assert.ok(
        errors.every((e) => (e as Error).message === 'the stream ended'),
        `only ended streams: ${errors.map(String).join(', ')}`,
      );
    } finally {
      stream.close();
      await stream.closed;
    }
  });
});
