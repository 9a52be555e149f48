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
import { parseJsonDocumentPlugin } from './docs-page-json.ts';
import { documentOutline } from './docs-page-outline.ts';

export const DOCS_PREFIX = '/docs';

/** The document's addresses: the page's own (`/docs/json`), the public one, and the outline the page reads first. */
const OUTLINE_URL = `${DOCS_PREFIX}/outline.json`;
const DOCUMENT_URLS = new Set([`${DOCS_PREFIX}/json`, '/openapi.json', OUTLINE_URL]);

// Without its top bar (the StandaloneLayout's logo and URL box) Swagger UI still needs the plugin
// that downloads the document; the initializer's default list is replaced, so it is named again.
// Browser source text, like the other plugin (see docs-page-subtrees.ts for why not a function).
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the function is never called on the server
const downloadUrlPlugin = new Function(
  'system',
  'return SwaggerUIBundle.plugins.DownloadUrl(system);',
) as SwaggerUiPlugin;

/**
 * Swagger UI's page loads the standalone preset (268 kB) for the top bar's layout, which this page
 * does not use (BaseLayout); its initializer names the preset, so a preset that adds nothing is
 * served in its place. The specific route wins over the plugin's static files.
 */
const EMPTY_PRESET = 'window.SwaggerUIStandalonePreset = function () { return []; };\n';

export async function registerDocsPage(app: FastifyInstance, opts: { title: string }): Promise<void> {
  // Before the routes exist (the page's own below, /openapi.json in app.ts): each gets the hook.
  cacheDocument(app);
  app.get(`${DOCS_PREFIX}/static/swagger-ui-standalone-preset.js`, { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(EMPTY_PRESET),
  );
  let outline: string | undefined;
  app.get(OUTLINE_URL, { schema: { hide: true } }, async (_req, reply) => {
    outline ??= JSON.stringify(documentOutline({ ...app.swagger() }));
    return reply.type('application/json; charset=utf-8').send(outline);
  });
  // The page asks for the outline only once Swagger UI's 1.7 MB script has run; a preload hint
  // lets the browser fetch it meanwhile.
  app.addHook('onRoute', (route) => {
    if (route.url !== DOCS_PREFIX && route.url !== `${DOCS_PREFIX}/`) return;
    const preload: onSendHookHandler = async (_request, reply, payload) => {
      reply.header('link', `<${OUTLINE_URL}>; rel=preload; as=fetch; crossorigin=anonymous`);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), preload];
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // @fastify/swagger-ui writes the title into the page unescaped.
    // No favicon link: the service has no icon of its own, and Swagger's is not the product's.
    theme: { title: esc(opts.title), favicon: [] },
    uiConfig: {
      layout: 'BaseLayout',
      plugins: [downloadUrlPlugin, resolveWhatIsShownPlugin, parseJsonDocumentPlugin],
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
 * The document (and its outline) is the same for the life of the process: it gets an ETag (a
 * browser that has it is answered 304), and is compressed once (500–800 kB of JSON is 60–65 kB in
 * gzip) for clients that accept it, rather than on every request. Only the document's routes get
 * the hook, each its own copy.
 */
function cacheDocument(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!DOCUMENT_URLS.has(route.url)) return;
    route.onSend = [...[route.onSend ?? []].flat(), documentAnswer()];
  });
}

function documentAnswer(): onSendHookHandler {
  let last: Encoded | undefined;
  return async (request, reply, payload) => {
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
    reply
      .header('etag', doc.etag)
      .header('cache-control', 'no-cache')
      .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], doc.etag)) {
      reply.code(304).removeHeader('content-type');
      return '';
    }
    const encoding = new Negotiator(request).encoding(['br', 'gzip', 'identity']);
    if (encoding !== 'br' && encoding !== 'gzip') return payload;
    reply.header('content-encoding', encoding);
    return doc[encoding];
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}
