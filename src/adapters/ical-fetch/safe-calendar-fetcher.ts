// Fetches an external calendar (iCal) URL without letting it reach inside our network: only
// http(s); every address the name resolves to must be public unicast (no loopback, private,
// link-local, unique-local, multicast, unspecified, CGNAT or reserved ranges, IPv4-mapped IPv6
// included) unless allowPrivate; the connection goes to the address that was checked (the
// check runs in the socket's own DNS lookup, so a second resolution cannot swap it); at most 3
// redirects, each checked again; a size limit and an overall time limit.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';

export type FetchFailure = 'bad_url' | 'refused_address' | 'too_large' | 'timeout' | 'http_status' | 'network';

export class CalendarFetchError extends Error {
  constructor(readonly reason: FetchFailure, message: string) {
    super(message);
    this.name = 'CalendarFetchError';
  }
}

export interface CalendarFetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
}

/** Whether an address is public unicast (IPv4-mapped IPv6 judged as the IPv4 inside). */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() === 'unicast';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = addresses.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (refused || !addresses.length) {
        const e = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`), { code: 'EREFUSEDADDRESS' });
        return callback(e, '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CalendarFetchError('bad_url', 'is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CalendarFetchError('bad_url', 'must be an http or https URL');
  if (url.username || url.password) throw new CalendarFetchError('bad_url', 'must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without any lookup: it is checked here.
  if (ipaddr.isValid(host) && !allowPrivate && !isPublicAddress(host)) throw new CalendarFetchError('refused_address', `points to ${host}, which is not a public address`);
  return url;
}

function once(url: URL, opts: CalendarFetchOptions, deadline: number): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new CalendarFetchError('timeout', `did not answer within ${opts.timeoutMs} ms`));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: 'GET', headers: { accept: 'text/calendar, text/plain;q=0.5', 'user-agent': 'stays-ical-import/1' }, lookup: checkedLookup(opts.allowPrivate) as never }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ status, location: res.headers.location, body: '' });
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > opts.maxBytes) {
        req.destroy();
        return reject(new CalendarFetchError('too_large', `is larger than ${opts.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > opts.maxBytes) {
          req.destroy();
          reject(new CalendarFetchError('too_large', `is larger than ${opts.maxBytes} bytes`));
        } else chunks.push(c);
      });
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new CalendarFetchError('network', `could not be read: ${err.message}`)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new CalendarFetchError('timeout', `did not answer within ${opts.timeoutMs} ms`));
    }, remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EREFUSEDADDRESS') reject(new CalendarFetchError('refused_address', err.message));
      else reject(new CalendarFetchError('network', `could not be reached (${err.code ?? err.message})`));
    });
    req.end();
  });
}

/** The calendar's text, or a CalendarFetchError saying why not. */
export async function fetchCalendar(raw: string, opts: CalendarFetchOptions): Promise<string> {
  const deadline = Date.now() + opts.timeoutMs;
  let url = checkUrl(raw, opts.allowPrivate);
  for (let hops = 0; ; hops++) {
    const res = await once(url, opts, deadline);
    if (res.location !== undefined) {
      if (hops >= (opts.maxRedirects ?? 3)) throw new CalendarFetchError('http_status', 'redirects too many times');
      url = checkUrl(new URL(res.location, url).toString(), opts.allowPrivate);
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new CalendarFetchError('http_status', `answered HTTP ${res.status}`);
    return res.body;
  }
}
