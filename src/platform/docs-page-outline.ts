// What /docs loads first: the document's outline. Swagger UI turns the whole document it is given
// into Immutable.js structures before drawing anything, and copies it back to plain objects each
// time an operation opens; on this service's 530 kB document that was about a fifth of a cold
// page's CPU (a page given 45 kB drew its first operations 0.35 s of CPU sooner). The list of
// operations needs only what their collapsed rows show, so the page reads this outline, and each
// operation or schema a reader opens is resolved from the full document, fetched then
// (docs-page-subtrees.ts). /docs/json and /openapi.json stay the full document.

type Json = Record<string, unknown>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** An operation's collapsed row: its tag, method and path, summary, lock, strike-through. */
const ROW_MEMBERS = ['tags', 'summary', 'operationId', 'deprecated', 'security'];
/** A schema's collapsed line in the Schemas section. */
const SCHEMA_MEMBERS = ['title', 'type'];

const pick = (node: unknown, members: string[]): Json =>
  Object.fromEntries(Object.entries((node ?? {}) as Json).filter(([key]) => members.includes(key)));

/**
 * The document with every operation cut to its row, the schemas to their names, title and type,
 * and the security schemes whole (Authorize needs them); every other top-level member as it is.
 */
export function documentOutline(doc: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    paths[path] = Object.fromEntries(
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => [method, pick(operation, ROW_MEMBERS)]),
    );
  }
  const components = (doc.components ?? {}) as Record<string, Record<string, unknown>>;
  const schemas = Object.fromEntries(
    Object.entries(components.schemas ?? {}).map(([name, schema]) => [name, pick(schema, SCHEMA_MEMBERS)]),
  );
  return {
    ...doc,
    paths,
    components: { ...(components.securitySchemes ? { securitySchemes: components.securitySchemes } : {}), schemas },
  };
}
