// HTTP to the Channex API: the `user-api-key` header, JSON both ways, a time limit, and remote
// failures mapped to ChannelManagerError kinds (429 → rate_limited, 5xx and network errors →
// unavailable, 401/403 → unauthorized, 404 → not_found, other 4xx → rejected).
import { ChannelManagerError, type ChannelWarning } from '../../ports/channel-manager.ts';
import { jsonShapeProblem } from '../../platform/json-budget.ts';

/**
 * Channex's rate-limit page documents no Retry-After; it asks to "pause updates for the property
 * for 1 minute" after an error (https://docs.channex.io/api-v.1-documentation/rate-limits).
 */
const RATE_LIMIT_PAUSE_MS = 60_000;
/** The most one list may be paged through in one read: 100 a page, Channex's maximum (API reference, "Pagination"). */
const PAGE_LIMIT = 100;
const MAX_PAGES = 50;
/**
 * An answer is read up to 8 MB and parsed only within 64 levels and 200,000 keys: a page of 100
 * booking revisions (a few KB each) fits several times over, and an answer beyond it (a
 * compromised or broken endpoint) is refused before it can hold the event loop.
 */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_RESPONSE_KEYS = 200_000;

/** The body as text, or null once it passes `max` bytes (the rest is not read). */
async function cappedText(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface ChannexHttpOptions {
  timeoutMs?: number;
  /** Replaces the global fetch (Node 20's), e.g. to route through a proxy. */
  fetch?: typeof fetch;
}

/** The readable part of a Channex error body: title and per-field details. */
function describe(body: any, status: number): string {
  const e = body?.errors;
  if (!e) return `HTTP ${status}`;
  const details =
    e.details && typeof e.details === 'object'
      ? Object.entries(e.details)
          .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`)
          .join('; ')
      : '';
  return [e.title ?? e.code ?? `HTTP ${status}`, details].filter(Boolean).join(': ');
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export class ChannexHttp {
  constructor(
    private readonly apiBase: string,
    private readonly apiKey: string,
    private readonly opts: ChannexHttpOptions = {},
  ) {}

  async request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<any> {
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(`${this.apiBase.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          'user-api-key': this.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const why = (err as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new ChannelManagerError('unavailable', `The channel manager ${why} (${method} ${path})`, 0);
    }
    const text = await cappedText(res, MAX_RESPONSE_BYTES).catch(() => '');
    const unusable = (why: string) =>
      new ChannelManagerError('unavailable', `The channel manager answered ${method} ${path} with ${why}`, res.status);
    if (text === null) throw unusable(`more than the ${MAX_RESPONSE_BYTES} bytes allowed`);
    const shape = jsonShapeProblem(text, 64, MAX_RESPONSE_KEYS);
    if (shape) throw unusable(`JSON that ${shape}`);
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok)
        throw new ChannelManagerError(
          'unavailable',
          `The channel manager answered ${method} ${path} with something that is not JSON`,
          res.status,
        );
    }
    if (res.ok) return json;
    const message = `Channel manager refused ${method} ${path}: ${describe(json, res.status)}`;
    if (res.status === 429)
      throw new ChannelManagerError(
        'rate_limited',
        message,
        429,
        retryAfterMs(res.headers.get('retry-after')) ?? RATE_LIMIT_PAUSE_MS,
      );
    if (res.status >= 500) throw new ChannelManagerError('unavailable', message, res.status);
    if (res.status === 401 || res.status === 403) throw new ChannelManagerError('unauthorized', message, res.status);
    if (res.status === 404) throw new ChannelManagerError('not_found', message, res.status);
    throw new ChannelManagerError('rejected', message, res.status);
  }

  /**
   * Every row of a paginated list: pages of 100 (`pagination[page]`, `pagination[limit]`) until
   * `meta.total` rows are read or a page comes back short. Lists answer 10 rows by default, so
   * reading only the first page loses the rest.
   */
  async all(path: string, query: Record<string, string> = {}): Promise<any[]> {
    const rows: any[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const q = new URLSearchParams({
        ...query,
        'pagination[page]': String(page),
        'pagination[limit]': String(PAGE_LIMIT),
      });
      const res = await this.request('GET', `${path}?${q}`);
      const data: any[] = Array.isArray(res?.data) ? res.data : [];
      rows.push(...data);
      const total = Number(res?.meta?.total);
      if (data.length < PAGE_LIMIT || (Number.isFinite(total) && rows.length >= total)) break;
    }
    return rows;
  }
}

/**
 * A value Channex left out of an ARI push, from its warning entry: the pushed value echoed with
 * `warning: {field: [reasons]}` (https://docs.channex.io/api-v.1-documentation/ari, "Warning Notifications").
 */
export function readWarning(w: unknown): ChannelWarning {
  if (!w || typeof w !== 'object') return { problems: { '': [String(w)] } };
  const { warning, ...value } = w as Record<string, any>;
  const problems: Record<string, string[]> =
    typeof warning === 'string'
      ? { '': [warning] }
      : warning && typeof warning === 'object'
        ? Object.fromEntries(
            Object.entries(warning).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]),
          )
        : { '': [JSON.stringify(value)] };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    roomTypeId: text(value.room_type_id),
    ratePlanId: text(value.rate_plan_id),
    dateFrom: text(value.date) ?? text(value.date_from),
    dateTo: text(value.date) ?? text(value.date_to) ?? text(value.date_from),
    problems,
  };
}

/**
 * A coordinate as Channex takes it: decimal text with at most 7 decimals and `maxDigits` digits
 * (latitude 9, longitude 10: Properties page, "Fields", whose example latitude "51.5285582" shows
 * that the sign and the point do not count), trailing zeros dropped.
 */
export function coordinateText(value: number, maxDigits: number): string {
  for (let decimals = 7; decimals >= 0; decimals--) {
    const text = value
      .toFixed(decimals)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
    if (text.replace(/[-.]/g, '').length <= maxDigits) return text === '-0' ? '0' : text;
  }
  return value.toFixed(0);
}
