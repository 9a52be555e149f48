// `npm run repair:earnings`: writes the owners' earnings that bookings with a payment of the wrong
// amount or currency were short of before 50dbd25 (src/modules/payouts/resync-mismatched-earnings.ts).
// Under the service's own settings (DATABASE_URL, or the embedded database in DATA_DIR). Safe
// beside a running service on PostgreSQL (each booking is re-synced under its row lock) and to
// rerun (a ledger already right gets no line). The embedded database is one process's: stop the
// server first. Ctrl-C stops after the booking in hand. One summary line on stdout. Exit status:
// 0 done; 75 DATA_DIR in use by a server; 78 wrong settings or an unreachable database; 130
// interrupted (rerun to finish).
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { databaseOptions, openDatabase } from '../src/db/connection.ts';
import { unreachableAtStart } from '../src/db/unavailable.ts';
import { resyncMismatchedEarnings } from '../src/modules/payouts/index.ts';
import { ExitError } from './lib/backup-manifest.ts';
import { operatorScript, serviceConfig } from './lib/operator-script.ts';

const script = operatorScript((line) => console.error(`repair:earnings: ${line}`));

async function main(): Promise<number> {
  const config = serviceConfig();
  let database;
  try {
    database = await openDatabase(databaseOptions(config));
  } catch (err) {
    if (err instanceof DataDirInUseError)
      throw new ExitError(75, `${err.message}\nStop the server, run the repair, start it again.`);
    const unreachable = config.DATABASE_URL ? unreachableAtStart(err, config.DATABASE_URL) : null;
    if (unreachable) throw new ExitError(78, unreachable);
    throw err;
  }
  try {
    const outcome = await resyncMismatchedEarnings({
      db: database.db,
      config,
      now: new Date(),
      stopped: script.stopped,
    });
    const lines = outcome.corrected.map(
      (c) => `reservation ${c.reservationId} ${c.deltaMinor > 0 ? '+' : ''}${c.deltaMinor}`,
    );
    console.log(
      `repair:earnings: ${outcome.bookings} booking(s) with a mismatched payment; ${outcome.corrected.length} ledger line(s) written` +
        (lines.length ? ` (minor units: ${lines.join(', ')})` : ''),
    );
    if (outcome.left > 0) throw new ExitError(130, `interrupted with ${outcome.left} booking(s) left: rerun to finish`);
    return 0;
  } finally {
    await database.close();
  }
}

script.run(main);
