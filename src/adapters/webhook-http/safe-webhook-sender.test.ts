import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSendError } from '../../ports/webhook-sender.ts';
import { SafeWebhookSender } from './safe-webhook-sender.ts';

describe('webhook sender: the iCal import guard on outgoing posts', () => {
  let server: Server;
  let base: string;
  let port: number;
  const hits: string[] = [];
  before(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect-private') {
        res.writeHead(307, { location: `http://127.0.0.2:${port}/hooks` }).end();
      } else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        // Far more than is read; the sender stops reading and answers with the status.
        res.end(Buffer.alloc(8_000_000, 'x'));
      } else if (req.url === '/silent') {
        // Never answers.
      } else res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  after(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  const strict = new SafeWebhookSender({ allowPrivate: false, httpsOnly: true, timeoutMs: 2000 });
  const post = (s: SafeWebhookSender, url: string) => s.post({ url, headers: {}, body: '{}' });
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'answered',
      (e) => (e instanceof WebhookSendError ? e.reason : `other: ${e}`),
    );

  it('refuses loopback, private, link-local and metadata addresses, and plain http in production', () => {
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.5',
      '169.254.169.254',
      '[::1]',
      '[fd00:ec2::254]',
      '[::ffff:127.0.0.1]',
    ])
      assert.match(strict.refusal(`https://${host}/hooks`) ?? '', /not a public address/, host);
    assert.match(strict.refusal('http://pms.example/hooks') ?? '', /https/);
    assert.equal(strict.refusal('https://pms.example/hooks'), null);
    assert.match(strict.refusal('https://user:pw@pms.example/') ?? '', /user name/);
    const dev = new SafeWebhookSender({ allowPrivate: true, httpsOnly: false, timeoutMs: 2000 });
    assert.equal(dev.refusal('http://127.0.0.1:9/hooks'), null);
  });

  it('refuses a name that resolves to a private address, without connecting', async () => {
    const s = new SafeWebhookSender({
      allowPrivate: false,
      httpsOnly: false,
      timeoutMs: 2000,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const before = hits.length;
    assert.equal(await reason(post(s, `http://hooks.example:${port}/hooks`)), 'refused_address');
    assert.equal(hits.length, before);
  });

  it('re-checks every redirect', async () => {
    const s = new SafeWebhookSender({
      allowPrivate: false,
      allowAddresses: ['127.0.0.1'],
      httpsOnly: false,
      timeoutMs: 2000,
    });
    assert.equal((await post(s, `${base}/ok`)).status, 204);
    assert.equal(await reason(post(s, `${base}/redirect-private`)), 'refused_address');
  });

  it('reads no more than a small part of an answer, and gives up on a silent receiver', async () => {
    const s = new SafeWebhookSender({ allowPrivate: true, httpsOnly: false, timeoutMs: 500 });
    const res = await post(s, `${base}/huge`);
    assert.equal(res.status, 200);
    assert.ok(res.excerpt.length <= 1024);
    assert.equal(await reason(post(s, `${base}/silent`)), 'timeout');
  });
});
