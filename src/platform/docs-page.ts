// The /docs page: Swagger UI (@fastify/swagger-ui, its assets served from this process, so it works
// offline) over this service's OpenAPI document, under the product's name and without the
// framework's top bar, logo or favicon. What made it slow and what was done is in
// bench/README.md ("The /docs page"); `npm run bench:docs` measures it in Chromium.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import Negotiator from 'negotiator';
import { esc } from './html-page.ts';
import { resolveWhatIsShownPlugin, type SwaggerUiPlugin } from './docs-page-subtrees.ts';

export const DOCS_PREFIX = '/docs';

/** The document's two addresses: the page's own (`/docs/json`) and the public one. */
const DOCUMENT_URLS = new Set([`${DOCS_PREFIX}/json`, '/openapi.json']);

// Without its top bar (the StandaloneLayout's logo and URL box) Swagger UI still needs the plugin
// that downloads the document; the initializer's default list is replaced, so it is named again.
// Browser source text, like the other plugin (see docs-page-subtrees.ts for why not a function).
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the function is never called on the server
const downloadUrlPlugin = new Function('system', 'return SwaggerUIBundle.plugins.DownloadUrl(system);') as SwaggerUiPlugin;

export async function registerDocsPage(app: FastifyInstance, opts: { title: string }): Promise<void> {
  // Before the routes exist (the page's own below, /openapi.json in app.ts): each gets the hook.
  cacheDocument(app);
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // @fastify/swagger-ui writes the title into the page unescaped.
    // No favicon link: the service has no icon of its own, and Swagger's is not the product's.
    theme: { title: esc(opts.title), favicon: [] },
    uiConfig: {
      layout: 'BaseLayout',
      plugins: [downloadUrlPlugin, resolveWhatIsShownPlugin],
      // Operations listed under their tags, closed: the summaries are what a reader scans first.
      docExpansion: 'list',
      filter: true,
      displayRequestDuration: true,
    },
  });
}

interface Encoded {
  etag: string;
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The document is the same for the life of the process: it gets an ETag (a browser that has it
 * is answered 304), and is compressed once (500–800 kB of JSON is 60–65 kB in gzip) for clients
 * that accept it, rather than on every request. Only the document's routes get the hook.
 */
function cacheDocument(app: FastifyInstance): void {
  let last: Encoded | undefined;
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (last?.identity !== payload) {
      const hash = createHash('sha256').update(payload).digest('base64url').slice(0, 27);
      last = {
        // Weak: one tag for the plain and the compressed forms of the same document.
        etag: `W/"${hash}"`,
        identity: payload,
        br: brotliCompressSync(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(payload, { level: 9 }),
      };
    }
    const doc = last;
    const vary = reply.getHeader('vary');
    reply.header('etag', doc.etag).header('cache-control', 'no-cache').header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], doc.etag)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    const encoding = new Negotiator(request).encoding(['br', 'gzip', 'identity']);
    if (encoding !== 'br' && encoding !== 'gzip') return payload;
    reply.header('content-encoding', encoding);
    return doc[encoding];
  };
  app.addHook('onRoute', (route) => {
    if (!DOCUMENT_URLS.has(route.url)) return;
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}
