// A column changing type under a prepared statement makes the database refuse that statement
// where it is prepared: PGlite keeps every statement prepared (pglite-statements.ts), a server's
// connections the named ones (raw-query.ts). The transaction that meets it fails before the
// statement ran, and the statement is prepared afresh from then on. Every transaction is
// therefore run once more when that is why it failed, so a booking, a modification, a late
// payment's hold or a channel revision does not answer 500 once per statement and connection.
// A transaction's work must already be safe to run again: use cases retry deadlocks the same way.
import type { Db } from './executor.ts';
import { isLostStatement, isStalePlan } from './db-errors.ts';

/**
 * Each try meets at most one stale statement, which is prepared afresh for the next: a transaction
 * using several (on PGlite every statement is prepared) needs one try more than it has. The bound
 * only stops a transaction that keeps meeting changes.
 */
const ATTEMPTS = 16;

export function retryStalePlans(db: Db): void {
  const transaction = db.transaction.bind(db) as Db['transaction'];
  db.transaction = (async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (err) {
        if (!(isStalePlan(err) || isLostStatement(err)) || attempt >= ATTEMPTS) throw err;
      }
    }
  }) as Db['transaction'];
}
