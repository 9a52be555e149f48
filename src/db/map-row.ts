// Turns a row a raw statement returned (column names as in the database, values as the driver
// or to_jsonb gave them) into the table's select type, with the same decoding drizzle applies
// to its own queries. For statements drizzle's builder cannot express (one statement writing
// several tables), so their results read like any other row.
import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

const decoders = new WeakMap<Table, Array<[key: string, name: string, decode: (v: unknown) => unknown]>>();

export function mapRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  let columns = decoders.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, col]) => [
      key,
      col.name,
      (v: unknown) => col.mapFromDriverValue(v),
    ]);
    decoders.set(table, columns);
  }
  const out: Record<string, unknown> = {};
  for (const [key, name, decode] of columns) {
    const v = raw[name];
    if (v === undefined) throw new Error(`mapRow: column ${name} missing from the row`);
    out[key] = v === null ? null : decode(v);
  }
  return out as T['$inferSelect'];
}

/**
 * `alias`'s row of `table` as jsonb, for mapRow. to_jsonb turns numeric into a JSON number,
 * which would drop the scale drizzle keeps ('12.50' read back as '12.5'): those go as text.
 */
export function rowJson(table: Table, alias: string): SQL {
  const row = sql.identifier(alias);
  const numerics = Object.values(getTableColumns(table)).filter((c) => c.columnType === 'PgNumeric');
  if (numerics.length === 0) return sql`to_jsonb(${row})`;
  const pairs = numerics.map((c) => sql`${c.name}::text, ${row}.${sql.identifier(c.name)}::text`);
  return sql`(to_jsonb(${row}) || jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
}
