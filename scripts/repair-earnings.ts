// `npm run repair:earnings`: writes the owners' earnings that bookings with a payment of the wrong
// amount or currency were short of before 50dbd25 (src/modules/payouts/resync-mismatched-earnings.ts).
// Under the service's own settings (DATABASE_URL, or the embedded database in DATA_DIR). Safe
// beside a running service on PostgreSQL (each booking is re-synced under its row lock) and to
// rerun (a ledger already right gets no line). The embedded database is one process's: stop the
// server first. One summary line on stdout. Exit status: 0 done; 75 DATA_DIR in use by a server;
// 78 wrong settings or an unreachable database.
import { ConfigError, loadConfig } from '../src/config.ts';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { databaseOptions, openDatabase } from '../src/db/connection.ts';
import { unreachableAtStart } from '../src/db/unavailable.ts';
import { resyncMismatchedEarnings } from '../src/modules/payouts/index.ts';

function fail(code: number, message: string): never {
  console.error(`repair:earnings: ${message}`);
  process.exit(code);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(78, err.message);
  throw err;
}
let database;
try {
  database = await openDatabase(databaseOptions(config));
} catch (err) {
  if (err instanceof DataDirInUseError) fail(75, `${err.message}\nStop the server, run the repair, start it again.`);
  const unreachable = config.DATABASE_URL ? unreachableAtStart(err, config.DATABASE_URL) : null;
  if (unreachable) fail(78, unreachable);
  throw err;
}
try {
  const { bookings, corrected } = await resyncMismatchedEarnings({ db: database.db, config, now: new Date() });
  const lines = corrected.map((c) => `reservation ${c.reservationId} ${c.deltaMinor > 0 ? '+' : ''}${c.deltaMinor}`);
  console.log(
    `repair:earnings: ${bookings} booking(s) with a mismatched payment; ${corrected.length} ledger line(s) written` +
      (lines.length ? ` (minor units: ${lines.join(', ')})` : ''),
  );
} finally {
  await database.close();
}
