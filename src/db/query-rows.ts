// Hand-written statements (CTEs, FOR UPDATE SKIP LOCKED, aggregates Drizzle's builder cannot
// say) run through db.execute, whose row type the driver union leaves unknown. This is the one
// place that names it: the caller states the row its SELECT list produces.
import type { SQL } from 'drizzle-orm';
import type { Executor } from './executor.ts';

/** The statement's result, its rows typed as the caller's SELECT list names them. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<{ rows: T[] }> {
  // Both drivers (pg, PGlite) answer { rows, ... }; Drizzle types it per driver, unknown here.
  return (await db.execute(query)) as { rows: T[] };
}
