// Reading schemas out of the served /openapi.json, where shared parts are components: `$ref`s are
// followed and `allOf` parts merged, so a test can walk a schema as if it were written out whole.
type Schema = Record<string, unknown>;

/** The schema with its `$ref` followed and its `allOf` parts merged (one level; call again to go deeper). */
export function resolved(doc: Schema, schema: unknown): Schema {
  let s = schema as Schema;
  while (typeof s?.$ref === 'string') {
    s = (s.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Schema>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema, doc);
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

/** The branch of an anyOf/oneOf that can describe `value` (null matches no branch: nothing to walk). */
function branchFor(doc: Schema, branches: unknown[], value: unknown): Schema | undefined {
  const kinds = branches.map((b) => resolved(doc, b));
  if (Array.isArray(value)) return kinds.find((k) => k.type === 'array' || k.items !== undefined);
  if (value !== null && typeof value === 'object') return kinds.find((k) => k.type === 'object' || k.properties);
  return undefined;
}

/**
 * Every member the schema declares (required or not) that `value` lacks, as paths ("pricing",
 * "property.owner.email", "rooms_details[].line_total"), walking nested objects and every item of
 * arrays. `absentWhen` lists the paths a test has a documented reason to accept missing.
 */
export function missingMembers(
  doc: Schema,
  schema: unknown,
  value: unknown,
  absentWhen: ReadonlySet<string> = new Set(),
  at = '',
): string[] {
  let s = resolved(doc, schema);
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (union) {
    const branch = branchFor(doc, union, value);
    if (!branch) return [];
    s = branch;
  }
  if (Array.isArray(value)) {
    if (!s.items) return [];
    return [...new Set(value.flatMap((item) => missingMembers(doc, s.items, item, absentWhen, `${at}[]`)))];
  }
  if (value === null || typeof value !== 'object' || !s.properties) return [];
  const out: string[] = [];
  for (const [name, member] of Object.entries(s.properties as Schema)) {
    const path = at ? `${at}.${name}` : name;
    if (!(name in value)) {
      if (!absentWhen.has(path)) out.push(path);
      continue;
    }
    out.push(...missingMembers(doc, member, (value as Schema)[name], absentWhen, path));
  }
  return out;
}

/**
 * The members the schema leaves optional (not in `required`), as paths like missingMembers', at
 * any depth: what a client must be ready to find missing.
 */
export function optionalMembers(doc: Schema, schema: unknown, at = '', depth = 0): string[] {
  const s = resolved(doc, schema);
  if (depth > 12) return [];
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (union) return [...new Set(union.flatMap((b) => optionalMembers(doc, b, at, depth + 1)))];
  if (s.items) return optionalMembers(doc, s.items, `${at}[]`, depth + 1);
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries((s.properties as Schema | undefined) ?? {}).flatMap(([name, member]) => {
    const path = at ? `${at}.${name}` : name;
    return [...(required.has(name) ? [] : [path]), ...optionalMembers(doc, member, path, depth + 1)];
  });
}
