// HTTP to the Channex API: the `user-api-key` header, JSON both ways, a time limit, and remote
// failures mapped to ChannelManagerError kinds (429 → rate_limited with Retry-After, 5xx and
// network errors → unavailable, 401/403 → unauthorized, 404 → not_found, other 4xx → rejected).
import { ChannelManagerError } from '../../ports/channel-manager.ts';

export interface ChannexHttpOptions {
  timeoutMs?: number;
  /** Replaces the global fetch (Node 20's), e.g. to route through a proxy. */
  fetch?: typeof fetch;
}

/** The readable part of a Channex error body: title and per-field details. */
function describe(body: any, status: number): string {
  const e = body?.errors;
  if (!e) return `HTTP ${status}`;
  const details = e.details && typeof e.details === 'object'
    ? Object.entries(e.details).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; ')
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
  constructor(private readonly apiBase: string, private readonly apiKey: string, private readonly opts: ChannexHttpOptions = {}) {}

  async request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<any> {
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(`${this.apiBase.replace(/\/+$/, '')}${path}`, {
        method,
        headers: { 'user-api-key': this.apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const why = (err as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new ChannelManagerError('unavailable', `The channel manager ${why} (${method} ${path})`, 0);
    }
    const text = await res.text().catch(() => '');
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) throw new ChannelManagerError('unavailable', `The channel manager answered ${method} ${path} with something that is not JSON`, res.status);
    }
    if (res.ok) return json;
    const message = `Channel manager refused ${method} ${path}: ${describe(json, res.status)}`;
    if (res.status === 429) throw new ChannelManagerError('rate_limited', message, 429, retryAfterMs(res.headers.get('retry-after')));
    if (res.status >= 500) throw new ChannelManagerError('unavailable', message, res.status);
    if (res.status === 401 || res.status === 403) throw new ChannelManagerError('unauthorized', message, res.status);
    if (res.status === 404) throw new ChannelManagerError('not_found', message, res.status);
    throw new ChannelManagerError('rejected', message, res.status);
  }
}

/** What a value left out of an ARI push was and why, from Channex's warning entry (the pushed value
 * plus `warning: {field: [reasons]}`), e.g. "rate plan 9f…, 2030-01-01..2030-01-03: min_stay_arrival must be greater than 0". */
export function warningText(w: unknown): string {
  if (typeof w === 'string') return w;
  if (!w || typeof w !== 'object') return String(w);
  const { warning, ...value } = w as Record<string, any>;
  const target = value.rate_plan_id ? `rate plan ${value.rate_plan_id}` : value.room_type_id ? `room type ${value.room_type_id}` : '';
  const dates = value.date ?? (value.date_from ? (value.date_to && value.date_to !== value.date_from ? `${value.date_from}..${value.date_to}` : value.date_from) : '');
  const where = [target, dates].filter(Boolean).join(', ');
  const why = typeof warning === 'string' ? warning
    : warning && typeof warning === 'object'
      ? Object.entries(warning).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; ')
      : JSON.stringify(value);
  return where ? `${where}: ${why}` : why;
}

/** Minor units → the decimal text Channex takes ("120.50"), without floating point. */
export function toDecimal(minor: number, decimals: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/** Decimal text or number from Channex → minor units, rounded half away from zero at the currency's decimals. */
export function toMinor(value: unknown, decimals: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? value.toFixed(Math.min(decimals + 2, 20)) : String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(decimals + 1, '0');
  let minor = Number(m[2]) * 10 ** decimals + Number(frac.slice(0, decimals) || '0');
  if (Number(frac[decimals]) >= 5) minor += 1;
  return m[1] === '-' ? -minor : minor;
}
