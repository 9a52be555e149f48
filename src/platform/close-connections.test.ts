// Closing the app waits for the requests being served and for nothing else: not for a connection
// that has sent no request (or half a head), and not for the kept-alive connection of a request
// answered after the close began. Before close-connections.ts each of these held app.close() for
// connectionTimeout (60 s) or keepAliveTimeout (72 s); here a close must end within seconds.
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

const DEADLINE_MS = 3000;

/** `promise`, or a failure naming `what` after `ms` (the test fails fast instead of hanging). */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('closing the app with connections open', () => {
  const sockets: Socket[] = [];
  let t: TestApp | undefined;
  const parked: Array<() => void> = [];
  // A failed assertion must not leave the close waiting on these for a minute.
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    for (const go of parked.splice(0)) go();
    await t?.close().catch(() => {});
    t = undefined;
  });

  async function start(): Promise<{ app: TestApp; port: number }> {
    t = await createTestApp({
      extraRoutes: async (api) => {
        api.get('/test/parked', async () => {
          await new Promise<void>((resolve) => parked.push(resolve));
          return { done: true };
        });
        // Head sent (kept alive) before the close, body finished after it.
        api.get('/test/streamed', async (_req, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/plain', 'content-length': '4' });
          reply.raw.write('ab');
          await new Promise<void>((resolve) => parked.push(resolve));
          reply.raw.end('cd');
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { app: t, port: (t.app.server.address() as AddressInfo).port };
  }

  /** A raw connection; `closed` resolves with all it received once the server closes it. */
  async function open(port: number, send = '') {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (c) => (received += c));
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    await once(socket, 'connect');
    if (send) socket.write(send);
    return { closed, received: () => received };
  }

  const connections = (app: TestApp) =>
    new Promise<number>((resolve) => app.app.server.getConnections((_err, n) => resolve(n)));

  it('cuts connections that carry no request: one that sent nothing, one halfway through its head, one kept alive', async () => {
    const { app, port } = await start();
    // Nothing sent: what Node's fetch leaves after an aborted stream, or a balancer's spare connection.
    const silent = await open(port);
    const halfHead = await open(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const keptAlive = await open(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => /"status":"ok"/.test(keptAlive.received()), 'the kept-alive answer');
    await until(async () => (await connections(app)) === 3, 'the server to hold the three connections');
    const started = Date.now();
    await within(DEADLINE_MS, app.app.close(), 'app.close() with connections that carry no request');
    await within(1000, Promise.all([silent.closed, halfHead.closed, keptAlive.closed]), 'the connections to be closed');
    assert.equal(await silent.closed, '', 'cut without an answer');
    console.log(`# closed with three request-less connections in ${Date.now() - started} ms`);
  });

  it('waits for requests being served, then closes their kept-alive connections once answered', async () => {
    const { app, port } = await start();
    const plain = await open(port, 'GET /api/test/parked HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const streamed = await open(port, 'GET /api/test/streamed HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => parked.length === 2 && streamed.received().includes('ab'), 'both requests to be in progress');
    let closedAt = 0;
    const closing = app.app.close().then(() => void (closedAt = Date.now()));
    await until(() => !app.app.server.listening, 'the listener to close');
    await sleep(200);
    assert.equal(closedAt, 0, 'the close waits for the requests in progress');
    const releasedAt = Date.now();
    for (const go of parked.splice(0)) go();
    const [plainAnswer, streamedAnswer] = await within(
      DEADLINE_MS,
      Promise.all([plain.closed, streamed.closed]),
      'the connections to close after their answers',
    );
    assert.match(plainAnswer, /^HTTP\/1\.1 200 /);
    assert.match(plainAnswer, /\r\nconnection: close\r\n/i, 'a head sent after the close says the connection ends');
    assert.match(plainAnswer, /\{"done":true\}$/);
    assert.match(
      streamedAnswer,
      /^HTTP\/1\.1 200 [\s\S]*\r\n\r\nabcd$/,
      'the streamed body arrives whole before the close',
    );
    await within(DEADLINE_MS, closing, 'app.close() after the answers');
    assert.ok(closedAt - releasedAt < 1000, `closed ${closedAt - releasedAt} ms after the answers`);
  });
});
