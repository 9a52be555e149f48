// Reading schemas out of the served /openapi.json, where shared parts are components: `$ref`s are
// followed and `allOf` parts merged, so a test can walk a schema as if it were written out whole.
type Schema = Record<string, unknown>;

/** The schema with its `$ref` followed and its `allOf` parts merged (one level; call again to go deeper). */
export function resolved(doc: Schema, schema: unknown): Schema {
  let s = schema as Schema;
  while (typeof s?.$ref === 'string') {
    s = (s.$ref as string).slice(2).split('/').reduce<Schema>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema, doc);
  }
  if (!Array.isArray(s.allOf)) return s;
  const parts = (s.allOf as unknown[]).map((p) => resolved(doc, p));
  return {
    type: 'object',
    required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
  };
}

/** `data` of an operation's JSON success answer, resolved. */
export function responseData(doc: Schema, path: string, method: string, status: string): Schema {
  const op = ((doc.paths as Schema)[path] as Schema)[method] as Schema;
  const response = resolved(doc, (op.responses as Schema)[status]);
  const envelope = resolved(doc, ((response.content as Schema)['application/json'] as Schema).schema);
  return resolved(doc, (envelope.properties as Schema).data);
}
