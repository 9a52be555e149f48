// A statement as a repository builds it, prepared and run under EXPLAIN ANALYZE twice, with a
// generic plan (as a named statement runs after its fifth call on PostgreSQL) and a custom one,
// and what each plan read of one table: rows returned plus rows thrown away, every loop.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/connection.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

export interface PlanReads {
  mode: 'force_generic_plan' | 'force_custom_plan';
  rows: number;
  via: string[];
}

/** Rows the plan took from `table` (returned and thrown away, every loop), and the indexes it used. */
export function reads(node: PlanNode, table: string, out = { rows: 0, via: [] as string[] }) {
  if (node['Relation Name'] === table) {
    const loops = node['Actual Loops'] ?? 1;
    out.rows +=
      ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      loops;
    out.via.push(`${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`);
  }
  for (const child of node.Plans ?? []) reads(child, table, out);
  return out;
}

const dialect = new PgDialect();
const literal = (v: unknown) => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  const text = v instanceof Date ? v.toISOString() : String(v);
  return `'${text.replace(/'/g, "''")}'`;
};

/** A statement as text with its parameters (a compiled statement bound to its values). */
export interface StatementText {
  text: string;
  params: unknown[];
}

class RolledBack extends Error {}

/**
 * `statement`'s reads of `table`, planned generic and custom. Each probe runs in a transaction
 * that is rolled back, so a write under EXPLAIN ANALYZE leaves nothing behind.
 */
export async function planReads(db: Db, statement: SQL | StatementText, table: string): Promise<PlanReads[]> {
  const { sql: text, params } =
    'text' in statement ? { sql: statement.text, params: statement.params } : dialect.sqlToQuery(statement);
  const out: PlanReads[] = [];
  for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = ${mode}`));
        await tx.execute(sql.raw(`PREPARE plan_probe AS ${text}`));
        try {
          const args = params.length ? `(${params.map(literal).join(', ')})` : '';
          const res = (await tx.execute(
            sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE plan_probe${args}`),
          )) as unknown as { rows: Array<Record<string, unknown>> };
          const cell = Object.values(res.rows[0]!)[0];
          const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
          out.push({ mode, ...reads(plan[0]!.Plan, table) });
        } finally {
          await tx.execute(sql.raw('DEALLOCATE plan_probe'));
        }
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  }
  return out;
}
