// The document's info.description: what a client developer needs before the first call, which
// /docs shows above the operations. Only the service's own settings vary (its address, the token
// and session lifetimes). Notes on how the document itself is written are for maintainers and
// live in the repository (docs/openapi-conventions.md).
import { durationInWords } from '../kernel/durations.ts';

export interface IntroductionSettings {
  /** PUBLIC_BASE_URL: the address the examples call. */
  baseUrl: string;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  maxUrlBytes: number;
  firstDay: string;
  lastDay: string;
}

/** A section that opens on a click, so the operations stay near the top of /docs. */
const section = (title: string, body: string) =>
  `<details><summary><strong>${title}</strong></summary>\n\n${body}\n\n</details>`;

export function apiIntroduction(s: IntroductionSettings): string {
  const tokenLife = durationInWords(s.accessTokenTtlSeconds, 'en-GB');
  const sessionLife = durationInWords(s.sessionTtlSeconds, 'en-GB');
  return [
    'Property rentals and bookings: listings and their calendars, prices and previews, reservations, payments ' +
      'and payouts, messages and notifications. Every operation below is under `/api` except the health checks ' +
      'and the HTML pages (checkout, payment results, password forms). JSON in and out, UTF-8.',
    '**A first request.** Public reads need no token; the rest take the token login returns. The demo accounts ' +
      'exist on a server seeded with `npm run seed:demo`; elsewhere, use your own.',
    [
      '```sh',
      `BASE=${s.baseUrl}`,
      'curl -s "$BASE/api/properties/public?per_page=2"',
      'TOKEN=$(curl -s -X POST "$BASE/api/auth/login" -H "content-type: application/json" \\',
      `  -d '{"login":"traveller@demo.stays.test","password":"demo-traveller-pass","type":"client"}' | jq -r .data.token)`,
      'curl -s "$BASE/api/reservations?per_page=5" -H "authorization: Bearer $TOKEN"',
      '```',
    ].join('\n'),
    section(
      'Authentication',
      `\`POST /api/auth/login\` \`{login, password, type}\` answers \`data: {token, role, user}\`. Send the token as ` +
        '`Authorization: Bearer <token>` (here: **Authorize**). A token lives ' +
        `${tokenLife}; before it expires, \`POST /api/auth/refresh\` with it returns the next one (each token ` +
        `refreshes once; a session ends after ${sessionLife} at the latest, at logout, or when the password ` +
        'changes). A lock on an operation means it needs a token; operations that also serve anonymous callers ' +
        'show signed-in ones more. Browsers may rely on the HttpOnly cookie login sets instead of the header; a ' +
        'change made with the cookie alone must come from an allowed origin.',
    ),
    section(
      'Answers and errors',
      'Success: `{"success": true, "message": "…", "data": …}`. Error: `{"success": false, "message": "…", ' +
        '"code": "UPPER_SNAKE"}`, with `errors: {field: ["…"]}` on a 422 and `request_id` on a 500 (the ' +
        '`X-Request-Id` every answer carries: quote it when reporting a problem). Statuses: 400 unreadable ' +
        'request, 401 no, expired or revoked token, 403 signed in but not allowed, 404 unknown or not yours ' +
        'to see, 409 conflict (dates taken, a state that does not allow it), 413 too large, 415 wrong file ' +
        'type, 422 invalid input (naming the field), 429 too many requests and 503 overloaded or restarting ' +
        '(both with `Retry-After`). Also refused before any route runs, in the same error body: 400 unreadable ' +
        'request (a JSON body with a member named __proto__, or a constructor member holding prototype, is one), ' +
        '408 not whole in time, 413 body too large, 414 URL over ' +
        `${s.maxUrlBytes / 1024} KiB or a path parameter over 100 characters, 431 request line and headers over 16 KiB.`,
    ),
    section(
      'Retries and idempotency',
      'Operations that book, pay or send (they list an `Idempotency-Key` header) take a key of yours, a UUID: ' +
        'a repeat with the same key and body answers the first success again (`Idempotent-Replayed: true`) ' +
        'instead of acting twice, so after a lost answer, a 502, 503 or 504, send the same request with the ' +
        'same key. The same key with another body is a 422 (`IDEMPOTENCY_KEY_REUSED`), a repeat while the ' +
        'first is still running a 409. Keys are per caller and operation, kept 24 hours.',
    ),
    section(
      'Pagination',
      'Lists take `page` (from 1) and `per_page` (20 by default, at most 100) and answer the page in `data` ' +
        'with `meta: {current_page, per_page, total, last_page}`. A page past the last is empty.',
    ),
    section(
      'Money, dates and numbers',
      'Amounts are exact, in the currency the member or its resource names. A member typed **string** is ' +
        'decimal text with the currency’s decimals (`"120.00"`, `"1500"` in JPY); one typed **number** is in ' +
        'currency units, rounded to those decimals; the payment processor’s session counts integer **minor ' +
        'units** (`amount_total: 12000` for EUR 120.00). Decimals per currency: `GET /api/currencies` (EUR 2, ' +
        'JPY 0). A listing’s `tax` is a rate in percent, not an amount. Stay dates are the listing’s local ' +
        '`YYYY-MM-DD`; instants are ISO 8601 in UTC.',
    ),
    section(
      'How input is read',
      // test/proof/fuzz-document-rules.ts judges requests by these sentences: reword both together.
      'In paths, query strings, JSON and multipart alike: an integer or number sent as text is a plain decimal ' +
        'numeral (integers -?digits within ±9007199254740991, numbers -?digits[.digits]; no exponent, hex, +, ' +
        'leading zero or space), numbers are finite; a boolean sent as text is true or false; flags are read both ' +
        'ways (1 and 0 for a boolean, true and false for a number); a number or boolean sent for text is read as ' +
        'its text; empty text sent for a member that may be null is null, and null is never read as anything ' +
        'else; one value sent for a list is a list of one, and a list of one sent for a single value is that ' +
        `value; a date is a real YYYY-MM-DD day from ${s.firstDay} to ${s.lastDay}; no text (a value, a member ` +
        'name or an uploaded file name) holds a NUL character or an unpaired surrogate. Anything else is a 422 ' +
        'naming the field, never read another way.',
    ),
    section(
      'Typed client',
      'The repository’s `clients/typescript` is `@stays/client`: types generated from this document, calls ' +
        'through openapi-fetch, token refresh, SSE and WebSocket reconnection, idempotency keys and money ' +
        'helpers. Its README says how to install it in your project.',
    ),
    'Where the interface specification leaves a decision open, the operation’s description states it.',
  ].join('\n\n');
}
