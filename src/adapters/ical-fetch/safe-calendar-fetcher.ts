// Fetches an external calendar (iCal) URL without letting it reach inside our network: only
// http(s); every address the name resolves to must be public unicast (no loopback, private,
// link-local, unique-local, multicast, unspecified, CGNAT or reserved ranges; IPv6 forms that
// embed an IPv4 address judged by it: public-address.ts) unless allowed; the connection goes to the address that was checked
// (the check runs in the socket's own DNS lookup, so a second resolution — DNS rebinding — cannot
// swap it); at most 3 redirects, each checked again; only text/calendar or text/plain; a size
// limit and one time limit for the whole fetch, redirects included.
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { CalendarFetchError, type CalendarFetcher } from '../../ports/calendar-fetcher.ts';
import { isPublicAddress, parseAddress } from './public-address.ts';

export { CalendarFetchError, type FetchFailure } from '../../ports/calendar-fetcher.ts';

export interface CalendarFetchOptions {
  /** Any address may be fetched (ICAL_ALLOW_PRIVATE: development and tests with a local server). */
  allowPrivate: boolean;
  /** Non-public addresses allowed all the same (a mirror the operator runs inside; tests). */
  allowAddresses?: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Resolves a name to all its addresses (default: the system's lookup); tests answer with fixed records. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

const CALENDAR_TYPES = new Set(['text/calendar', 'text/plain']);

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true });

/** Which addresses an outbound request may reach (shared with the webhook sender). */
export type AddressPolicy = Pick<CalendarFetchOptions, 'allowPrivate' | 'allowAddresses' | 'resolve'>;

export function permitted(ip: string, opts: AddressPolicy): boolean {
  if (opts.allowPrivate || isPublicAddress(ip)) return true;
  const canonical = parseAddress(ip)?.toString();
  // Exact matches only: allowing 127.0.0.1 does not allow the IPv6 forms that embed it.
  return canonical !== undefined && (opts.allowAddresses ?? []).some((a) => parseAddress(a)?.toString() === canonical);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for the socket that fails (code EREFUSEDADDRESS) unless every address of the name is permitted. */
export function checkedLookup(opts: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    (opts.resolve ?? systemResolve)(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !permitted(a.address, opts));
        if (refused || !addresses.length) {
          const e = Object.assign(
            new Error(
              `points to ${hostname}, which resolves to ${refused?.address ?? 'nothing'}: not a public address`,
            ),
            { code: 'EREFUSEDADDRESS' },
          );
          return callback(e, '');
        }
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

function checkUrl(raw: string, opts: CalendarFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CalendarFetchError('bad_url', 'is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CalendarFetchError('bad_url', 'must be an http or https URL');
  if (url.username || url.password) throw new CalendarFetchError('bad_url', 'must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without any lookup, so it is checked here.
  if (parseAddress(host) && !permitted(host, opts))
    throw new CalendarFetchError('refused_address', `points to ${host}, which is not a public address`);
  return url;
}

type Hop = { location: string } | { body: string };

function once(url: URL, opts: CalendarFetchOptions, deadline: number): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new CalendarFetchError('timeout', `did not answer within ${opts.timeoutMs} ms`));
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      fn();
    };
    const fail = (e: CalendarFetchError) =>
      settle(() => {
        req.destroy();
        reject(e);
      });
    const tooLarge = () => new CalendarFetchError('too_large', `is larger than the ${opts.maxBytes} bytes allowed`);
    const client = url.protocol === 'https:' ? https : http;
    // agent: false — no pooled socket outlives the fetch or carries one check over to another.
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: checkedLookup(opts) as never,
        headers: { accept: 'text/calendar, text/plain;q=0.5', 'user-agent': 'stays-ical-import/1' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          const location = res.headers.location;
          return settle(() => {
            req.destroy();
            resolve({ location });
          });
        }
        if (status < 200 || status >= 300)
          return fail(new CalendarFetchError('http_status', `answered HTTP ${status}`));
        const type = String(res.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (!CALENDAR_TYPES.has(type))
          return fail(
            new CalendarFetchError('bad_content', `answered ${type || 'without a content type'}, not text/calendar`),
          );
        if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) fail(tooLarge());
          else chunks.push(c);
        });
        res.on('end', () => settle(() => resolve({ body: Buffer.concat(chunks).toString('utf8') })));
        res.on('aborted', () =>
          fail(new CalendarFetchError('network', 'closed the connection before the end of the calendar')),
        );
        res.on('error', (err) => fail(new CalendarFetchError('network', `could not be read (${err.message})`)));
      },
    );
    timer = setTimeout(
      () => fail(new CalendarFetchError('timeout', `did not send the whole calendar within ${opts.timeoutMs} ms`)),
      remaining,
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EREFUSEDADDRESS') fail(new CalendarFetchError('refused_address', err.message));
      else fail(new CalendarFetchError('network', `could not be reached (${err.code ?? err.message})`));
    });
    req.end();
  });
}

/** The calendar's text, or a CalendarFetchError saying why not (messages read after "The calendar URL …"). */
export async function fetchCalendar(raw: string, opts: CalendarFetchOptions): Promise<string> {
  const deadline = Date.now() + opts.timeoutMs;
  let url = checkUrl(raw, opts);
  for (let hops = 0; ; hops++) {
    const res = await once(url, opts, deadline);
    if ('body' in res) return res.body;
    if (hops >= (opts.maxRedirects ?? 3))
      throw new CalendarFetchError('http_status', `redirects more than ${opts.maxRedirects ?? 3} times`);
    let next: string;
    try {
      next = new URL(res.location, url).toString();
    } catch {
      throw new CalendarFetchError('bad_url', 'redirects to something that is not a URL');
    }
    url = checkUrl(next, opts);
  }
}

/** The calendar-fetcher port with its limits fixed (ICAL_ALLOW_PRIVATE, ICAL_MAX_BYTES, ICAL_TIMEOUT_MS). */
export class SafeCalendarFetcher implements CalendarFetcher {
  constructor(private readonly opts: CalendarFetchOptions) {}

  fetch(url: string): Promise<string> {
    return fetchCalendar(url, this.opts);
  }
}
