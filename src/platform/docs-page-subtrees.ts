// A Swagger UI plugin, as browser source text: it goes into the page through @fastify/swagger-ui's
// uiConfig, which writes functions out with toString(). Text rather than a TypeScript function, so
// no transpiler helper (tsx's keepNames adds `__name(...)` calls) can end up in the browser.
//
// Why it exists: Swagger UI resolves $refs lazily, one subtree at a time (the security schemes when
// the page loads, then each operation as it is opened), but for an OpenAPI 3.1 document
// swagger-client turns the WHOLE document into ApiDOM elements, normalizes it, dereferences the
// subtree, normalizes the whole again and serializes it back, on every such call. On this
// service's document (168 operations, 774 kB before the shared components) that froze the page
// for 2–3 s right after the first operations appeared and again for 2–3 s on every operation
// opened. The plugin hands swagger-client a document cut down to what the subtree can reach: the
// path item asked for (or the components asked for), the components its `$ref`s reach, transitively,
// and every top-level member but `paths`, `webhooks` and `components`. What is resolved is the same;
// the cost no longer grows with the document. A `$ref` that is not a local `#/components/<kind>/<name>...`
// pointer, or whose target is missing, falls back to the whole document (swagger-client's own
// behaviour, and its own error message).
//
// The page itself reads only the document's outline (docs-page-outline.ts): an operation or a
// schema opened is resolved from the full document, fetched once, the first time one is (the
// security schemes, which the outline has whole, from the outline). The page asks Swagger UI for
// the document at /docs/json as before, which the info block links to; the download of that
// address fetches the outline next to it, /docs/outline.json, instead.

/** Defines `prune(spec, path)` and `plugin()`; both are plain ES2017 for the browser. */
const SOURCE = String.raw`
function prune(spec, path) {
  if (!spec || typeof spec !== 'object' || !/^3\./.test(String(spec.openapi)) || !Array.isArray(path) || path.length < 2) return spec;
  var source = spec.components && typeof spec.components === 'object' ? spec.components : {};
  var own = Object.prototype.hasOwnProperty;
  var out = { paths: {}, components: {} };
  Object.keys(spec).forEach(function (key) {
    if (key !== 'paths' && key !== 'webhooks' && key !== 'components') out[key] = spec[key];
  });
  // Operations name their security schemes without a $ref.
  if (source.securitySchemes) out.components.securitySchemes = source.securitySchemes;
  var stack = [];
  var kept = {};
  function keep(kind, name) {
    if (!source[kind] || typeof source[kind] !== 'object' || !own.call(source[kind], name)) return false;
    if (kept[kind + '/' + name]) return true;
    kept[kind + '/' + name] = true;
    (out.components[kind] = out.components[kind] || {})[name] = source[kind][name];
    stack.push(source[kind][name]);
    return true;
  }
  if (path[0] === 'paths') {
    if (!spec.paths || !own.call(spec.paths, path[1])) return spec;
    out.paths[path[1]] = spec.paths[path[1]];
    stack.push(spec.paths[path[1]]);
  } else if (path[0] === 'components') {
    if (!source[path[1]] || typeof source[path[1]] !== 'object') return spec;
    if (path.length === 2) Object.keys(source[path[1]]).forEach(function (name) { keep(path[1], name); });
    else if (!keep(path[1], path[2])) return spec;
  } else {
    return spec;
  }
  var local = /^#\/components\/([^/]+)\/([^/]+)(?:\/.*)?$/;
  function unescape(segment) {
    return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
  }
  while (stack.length) {
    var node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    var keys = Object.keys(node);
    for (var i = 0; i < keys.length; i++) {
      var value = node[keys[i]];
      if (typeof value === 'string') {
        var m = local.exec(value);
        var isRef = keys[i] === '$ref' && !Array.isArray(node);
        // A discriminator's mapping names components by pointer too, outside a $ref.
        if (m) { if (!keep(unescape(m[1]), unescape(m[2])) && isRef) return spec; }
        else if (isRef) return spec;
      } else if (value && typeof value === 'object') {
        stack.push(value);
      }
    }
  }
  return out;
}
function plugin() {
  var whole = null;
  // The full document, fetched once when an operation or a schema is first opened; null if it
  // cannot be had (the outline is resolved instead, and the console says why).
  function wholeDocument(system) {
    if (!whole) {
      var url = system.specSelectors.url();
      whole = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (res) {
          if (!res.ok) throw new Error(res.status + ' ' + res.statusText);
          return res.json();
        })
        .catch(function (err) {
          whole = null;
          console.error('could not load ' + url + ': ' + err.message);
          return null;
        });
    }
    return whole;
  }
  function needsWhole(path) {
    return Array.isArray(path) && (path[0] === 'paths' || (path[0] === 'components' && path[1] !== 'securitySchemes'));
  }
  return {
    statePlugins: {
      spec: {
        wrapActions: {
          download: function (download) {
            return function (url) {
              return download(typeof url === 'string' && /\/json$/.test(url) ? url.replace(/\/json$/, '/outline.json') : url);
            };
          },
          // The download names the address it fetched; the page keeps showing (and resolving
          // from) the full document's.
          updateUrl: function (updateUrl) {
            return function (url) {
              return updateUrl(typeof url === 'string' ? url.replace(/\/outline\.json$/, '/json') : url);
            };
          },
        },
      },
    },
    // Swagger UI calls afterLoad with this = the system's definitions, where fn.resolveSubtree
    // is swagger-client's, and the system as argument; its callers (operations, models, security
    // schemes) stay as they are.
    afterLoad: function (system) {
      var fn = this.fn;
      if (!fn || typeof fn.resolveSubtree !== 'function' || fn.resolveSubtree.prunesDocument) return;
      var resolveSubtree = fn.resolveSubtree;
      var pruned = function (spec, path, options) {
        if (!needsWhole(path)) return resolveSubtree(prune(spec, path), path, options);
        return wholeDocument(system).then(function (full) {
          return resolveSubtree(prune(full || spec, path), path, options);
        });
      };
      pruned.prunesDocument = true;
      fn.resolveSubtree = pruned;
    },
  };
}
`;

/** For uiConfig.plugins: serialized with toString() into the page. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the function is never called on the server
export const resolveWhatIsShownPlugin = new Function('system', `${SOURCE}\nreturn plugin();`) as SwaggerUiPlugin;

/** A Swagger UI plugin as @fastify/swagger-ui's uiConfig.plugins takes it. */
export type SwaggerUiPlugin = (system: unknown) => Record<string, unknown>;

/** The same prune(), for tests on the server side. */
export function loadPrune(): (spec: unknown, path: unknown[]) => unknown {
  return new Function(`${SOURCE}\nreturn prune;`)() as (spec: unknown, path: unknown[]) => unknown;
}
