// The look of the few HTML pages this service serves itself (the local checkout, the payment
// result pages, set-password and reset-password): one card on a grey page, system fonts, no
// script and no external asset, so each works under a `default-src 'none'` policy.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or attribute value → HTML: every value a page shows goes through this. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A response that is one of these pages: documented as text/html, not as a JSON string. */
export const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});

/**
 * A form page's 422: the form again with the problem (text/html), or the API's error body when a
 * field is refused as sent, before any page is made. Goes after errorResponses() in a schema.
 */
export const formProblemResponse = {
  description: 'The form again, with the problem (text/html); or the error body when a field is refused as sent',
  content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: Type.Ref('ErrorBody') } },
};

export const PAGE_STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem 1.75rem;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 1rem}
.note{font-size:.8rem;color:#5b6472;background:#fff7e0;border-radius:6px;padding:.5rem .75rem;margin-bottom:1rem}
.error{font-size:.9rem;color:#8a1c1c;background:#fdecec;border-radius:6px;padding:.5rem .75rem;margin-bottom:1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1rem}
dt{color:#5b6472}dd{margin:0}
.amount{font-size:1.75rem;font-weight:600;margin:1rem 0}
label{display:block;font-size:.85rem;color:#5b6472;margin-top:.6rem}
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #c9ced6;border-radius:6px;font:inherit}
button{font:inherit;padding:.65rem 1.25rem;border-radius:6px;border:0;cursor:pointer;margin-top:1rem}
.pay{background:#2357d9;color:#fff;width:100%}.cancel{background:none;color:#2357d9;padding-left:0}
.button{display:inline-block;background:#2357d9;color:#fff;text-decoration:none;border-radius:6px;padding:.65rem 1.25rem;margin-top:.5rem}
a{color:#2357d9}`;

/** A whole page: `body` is HTML the caller built with esc() around every value. */
export function htmlPage(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${PAGE_STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * Lets the routes of `app` (a plugin's own scope) read the urlencoded bodies plain HTML forms post,
 * up to 8 KiB; the API elsewhere reads JSON only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The headers of such a page: no script, forms only to this origin (plus `formTargets`). */
export function pageSecurityHeaders(formTargets: string[] = []): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return { 'content-security-policy': csp.join('; '), 'cache-control': 'no-store' };
}

/** Sends `html` as such a page with `status`. */
export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(pageSecurityHeaders()).type('text/html; charset=utf-8').send(html);
}
