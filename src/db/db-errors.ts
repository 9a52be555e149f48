// PostgreSQL errors that use cases answer or retry instead of failing with 500. Unique indexes
// and foreign keys decide races that an up-front check cannot (two admins creating the same name,
// a listing taking a type while it is being deleted); a deadlock victim can simply run again.

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

/** A unique index refused the row (23505). */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
/** A foreign key refused the change (23503): the row is referenced, or references nothing. */
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
/** A NUMERIC result did not fit its column (22003). */
export const isNumericOverflow = (err: unknown) => pgCode(err) === '22003';
/** PostgreSQL broke a lock cycle by aborting this transaction (40P01); it can simply be retried. */
export const isDeadlock = (err: unknown) => pgCode(err) === '40P01';
/**
 * A named statement missing on the server connection (26000), or already there (42P05): a
 * transaction pooler gave this transaction another client's connection.
 */
export const isLostStatement = (err: unknown): boolean => {
  const code = pgCode(err);
  return code === '26000' || code === '42P05';
};

/**
 * The server refused a prepared statement whose result no longer fits its tables (0A000, "cached
 * plan must not change result type": a column it returns changed type); prepared again, it runs.
 */
export const isStalePlan = (err: unknown): boolean => {
  // Drizzle's query builder wraps the driver's error (DrizzleQueryError, the driver's as cause).
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '')) return true;
  return e?.cause !== undefined && e.cause !== err && isStalePlan(e.cause);
};
