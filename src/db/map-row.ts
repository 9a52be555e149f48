// Turns a row a raw statement returned (column names as in the database, values as the driver
// or to_jsonb gave them) into the table's select type, with the same decoding drizzle applies
// to its own queries. For statements drizzle's builder cannot express (one statement writing
// several tables), so their results read like any other row.
import { getTableColumns, type Table } from 'drizzle-orm';

const decoders = new WeakMap<Table, Array<[key: string, name: string, decode: (v: unknown) => unknown]>>();

export function mapRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  let columns = decoders.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, col]) => [key, col.name, (v: unknown) => col.mapFromDriverValue(v)]);
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
