// The iCal fetcher against a local HTTP server. The server is on 127.0.0.1, which is not public:
// these tests allow that one address (allowAddresses) and nothing else, so every other private
// address — met directly, through DNS or after a redirect — must be refused before any request.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  neverEnding,
  startCalendarServer,
  type CalendarServer,
  type Handler,
} from '../../../test/fakes/calendar-server.ts';
import { CalendarFetchError, fetchCalendar, type CalendarFetchOptions } from './safe-calendar-fetcher.ts';
import { isPublicAddress } from './public-address.ts';

/** 127.0.0.1 in each IPv6 form that embeds an IPv4 address (Teredo: via the public server 65.54.227.120). */
const LOOPBACK_EMBEDDED = {
  'IPv4-compatible': '::127.0.0.1',
  'IPv4-compatible, hex': '::7f00:1',
  NAT64: '64:ff9b::7f00:1',
  'NAT64 local-use': '64:ff9b:1::7f00:1',
  '6to4': '2002:7f00:1::1',
  Teredo: '2001:0:4136:e378:8000:63bf:80ff:fffe',
};

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Elsewhere//EN\r\nEND:VCALENDAR\r\n';

async function failure(url: string, opts: CalendarFetchOptions): Promise<CalendarFetchError> {
  try {
    await fetchCalendar(url, opts);
  } catch (err) {
    assert.ok(err instanceof CalendarFetchError, String(err));
    return err;
  }
  assert.fail(`${url} was fetched`);
}

describe('safe calendar fetcher', () => {
  let s: CalendarServer;
  let port: string;
  const only127: CalendarFetchOptions = {
    allowPrivate: false,
    allowAddresses: ['127.0.0.1'],
    maxBytes: 4096,
    timeoutMs: 500,
  };
  const redirect =
    (to: string): Handler =>
    (_q, res) =>
      res.writeHead(302, { location: to }).end();

  before(async () => {
    s = await startCalendarServer();
    port = new URL(s.base).port;
    s.serve('/cal.ics', ICS);
    s.serve('/plain', (_q, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(ICS));
    s.serve('/html', (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(ICS));
    s.serve('/untyped', (_q, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(ICS));
    s.serve('/declared-big', (_q, res) =>
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': '100000' }).end('X'.repeat(100_000)),
    );
    s.serve('/streamed-big', (_q, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      for (let i = 0; i < 20; i++) res.write('X'.repeat(1000));
      res.end();
    });
    s.serve('/endless', neverEnding);
    s.serve('/silent', () => undefined);
    s.serve('/boom', (_q, res) => res.writeHead(500).end('boom'));
    s.serve('/hop1', redirect('/hop2'));
    s.serve('/hop2', redirect('/hop3'));
    s.serve('/hop3', redirect('/cal.ics'));
    s.serve('/hop0', redirect('/hop1'));
    s.serve('/to-loopback6', redirect(`http://[::1]:${port}/cal.ics`));
    s.serve('/to-other-loopback', redirect(`http://127.0.0.2:${port}/cal.ics`));
    s.serve('/to-metadata', redirect('http://169.254.169.254/latest/meta-data'));
    s.serve('/to-private-name', redirect(`http://localhost:${port}/cal.ics`));
    s.serve('/to-file', redirect('file:///etc/passwd'));
  });
  after(() => s.close());

  it('fetches text/calendar and text/plain, following up to 3 redirects', async () => {
    assert.equal(await fetchCalendar(`${s.base}/cal.ics`, only127), ICS);
    assert.equal(await fetchCalendar(`${s.base}/plain`, only127), ICS);
    assert.equal(await fetchCalendar(`${s.base}/hop1`, only127), ICS, 'three redirects');
    const tooMany = await failure(`${s.base}/hop0`, only127);
    assert.equal(tooMany.reason, 'http_status');
    assert.match(tooMany.message, /redirects more than 3 times/);
  });

  it('checks every redirect again: a private address after a redirect is refused before any request', async () => {
    const before = s.hits.get('/cal.ics') ?? 0;
    for (const path of ['/to-loopback6', '/to-other-loopback', '/to-metadata']) {
      const e = await failure(`${s.base}${path}`, only127);
      assert.equal(e.reason, 'refused_address', path);
      assert.match(e.message, /not a public address/);
    }
    // Through DNS: localhost resolves to 127.0.0.1; the socket's own lookup refuses it unless that address is allowed.
    const strict = { ...only127, allowAddresses: [] };
    assert.equal(
      (await failure(`http://localhost:${port}/cal.ics`, strict)).reason,
      'refused_address',
      'a name resolving to loopback',
    );
    assert.equal(
      (await failure(`${s.base}/cal.ics`, strict)).reason,
      'refused_address',
      'the literal loopback address',
    );
    assert.equal(
      await fetchCalendar(`${s.base}/to-private-name`, only127),
      ICS,
      'a name reaching the allowed address: the check is on the resolved address',
    );
    assert.equal((await failure(`${s.base}/to-file`, only127)).reason, 'bad_url');
    assert.equal(s.hits.get('/cal.ics') ?? 0, before + 1, 'only the allowed fetch reached the server');
  });

  it('refuses 127.0.0.1 reached through an IPv6 form embedding it, literal or from DNS, without connecting', async () => {
    const connections = s.connections;
    for (const [form, ip] of Object.entries(LOOPBACK_EMBEDDED)) {
      for (const opts of [only127, { ...only127, allowAddresses: [] }]) {
        const literal = await failure(`http://[${ip}]:${port}/cal.ics`, opts);
        assert.equal(literal.reason, 'refused_address', `${form} literal: ${literal.message}`);
        const named = await failure(`http://calendar.example:${port}/cal.ics`, {
          ...opts,
          resolve: async () => [{ address: ip, family: 6 }],
        });
        assert.equal(named.reason, 'refused_address', `${form} from DNS: ${named.message}`);
        // One such record among public ones is enough to refuse the name.
        const mixed = await failure(`http://calendar.example:${port}/cal.ics`, {
          ...opts,
          resolve: async () => [
            { address: '8.8.8.8', family: 4 },
            { address: ip, family: 6 },
          ],
        });
        assert.equal(mixed.reason, 'refused_address', `${form} among public records`);
      }
    }
    assert.equal(s.connections, connections, 'no connection was attempted');
    const resolved = { ...only127, resolve: async () => [{ address: '127.0.0.1', family: 4 }] };
    assert.equal(
      await fetchCalendar(`http://calendar.example:${port}/cal.ics`, resolved),
      ICS,
      'the allowed address itself, through the same resolver',
    );
  });

  it('refuses what is not a calendar, too large, or too slow, and servers that fail', async () => {
    assert.equal((await failure(`${s.base}/html`, only127)).reason, 'bad_content');
    assert.equal((await failure(`${s.base}/untyped`, only127)).reason, 'bad_content');
    assert.equal((await failure(`${s.base}/declared-big`, only127)).reason, 'too_large');
    const streamed = await failure(`${s.base}/streamed-big`, only127);
    assert.equal(streamed.reason, 'too_large');
    assert.match(streamed.message, /larger than the 4096 bytes allowed/);
    for (const path of ['/endless', '/silent']) {
      const started = Date.now();
      const e = await failure(`${s.base}${path}`, only127);
      assert.equal(e.reason, 'timeout', path);
      assert.ok(Date.now() - started < 2000, `${path} gave up after ${Date.now() - started} ms`);
    }
    assert.equal((await failure(`${s.base}/boom`, only127)).reason, 'http_status');
  });

  it('refuses URLs that are not plain http(s)', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/cal.ics',
      'gopher://example.com/',
      'not a url',
      `http://user:pw@127.0.0.1:${port}/cal.ics`,
    ]) {
      assert.equal((await failure(url, only127)).reason, 'bad_url', url);
    }
  });

  it('judges addresses: only public unicast passes, IPv6 forms embedding IPv4 judged by it', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(isPublicAddress(ip), true, ip);
    // 8.8.8.8 in every embedding form (Teredo: server 65.54.227.120, client 8.8.8.8 with its bits flipped).
    for (const ip of [
      '::8.8.8.8',
      '::808:808',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::808:808',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ]) {
      assert.equal(isPublicAddress(ip), true, ip);
    }
    for (const ip of [
      ...Object.values(LOOPBACK_EMBEDDED),
      '::10.0.0.1',
      '::169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::c0a8:101',
      '2002:a00:1::1',
      '2002:a9fe:a9fe::',
      // Teredo naming a private server; a local-use NAT64 prefix shorter than /96, where the IPv4 address cannot be told apart.
      '2001:0:a00:1:8000:63bf:f7f7:f7f7',
      '64:ff9b:1:808:8:800::1',
      'fe80::1%eth0',
    ]) {
      assert.equal(isPublicAddress(ip), false, ip);
    }
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      '2001:db8::1',
      'not-an-ip',
    ]) {
      assert.equal(isPublicAddress(ip), false, ip);
    }
  });
});
