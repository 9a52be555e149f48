// Statements that read one guest's or one listing's rows must read only those, however stale the
// planner's statistics. The case that broke: the booking's count of a guest's live unpaid holds,
// planned while no hold was pending (a vacuum at a quiet hour, as the benchmark's before it
// starts), took the expiry job's index whole, so after a burst of holds every booking walked
// every guest's pending holds and the benchmark's rounds collapsed (bench/README.md). Each
// statement here is planned in that state, generic and custom plans both, and its plan's
// reads of the table (rows returned plus rows thrown away, every loop) must stay within what the
// one guest or listing owns.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type SQL } from 'drizzle-orm';
import { planReads, type StatementText } from './helpers/plan-reads.ts';
import { createTestDatabase, recycleTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { livePendingCount } from '../src/modules/reservations/reservations.repository.ts';
import { unacknowledgedRevisions, unplacedRevisions } from '../src/modules/channel/channel-inbound.repository.ts';
import { INSERT_FOR_EVENTS } from '../src/modules/notifications/notifications.repository.ts';

const GUEST = 5_000_001;
const LISTING = 7_000_001;
const BURST = 3_000;
// Enough history that the guest's own index no longer looks the cheaper of two "empty" ones
// (at 6,000 rows PostgreSQL 15 still chose it by a hair; at 60,000 it did not).
const HISTORY = 60_000;
// A table of users small enough that scanning it whole looks cheaper than a hundred lookups by
// key (the batch size a plan assumes): the relay must still read only its recipients.
const USERS = 2_000;
const FIRST_USER = 6_000_001;

describe('per-guest and per-listing reads under stale statistics', () => {
  let database: TestDatabase;
  const exec = (q: SQL | string) =>
    database.db.execute(typeof q === 'string' ? sql.raw(q) : q) as unknown as Promise<{
      rows: Array<Record<string, unknown>>;
    }>;

  before(async () => {
    database = await createTestDatabase();
    // History that is not pending nor unacknowledged: what the statistics see. The rows name no
    // real guest or listing (replica mode skips the foreign keys): only the plans matter here.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO reservations (booking_ref_code, property_id, guest_id, status, checkin_date, checkout_date, currency, total_minor, price_snapshot)
        SELECT 'HIST' || g, 1 + g % 300, 1 + g % 1000, CASE WHEN g % 3 = 0 THEN 'confirmed' ELSE 'completed' END,
               DATE '2030-01-01' + g % 700, DATE '2030-01-02' + g % 700, 'EUR', 10000, '{}'
        FROM generate_series(1, ${HISTORY}) g`);
      await tx.execute(sql`
        INSERT INTO channel_booking_revisions (revision_id, remote_booking_id, property_id, status, payload, acked_at)
        SELECT 'hist-' || g, 'b-' || g, 1 + g % 300, 'new', '{}', now() FROM generate_series(1, 6000) g`);
      await tx.execute(sql`
        INSERT INTO users (id, username, email, password_hash)
        SELECT ${FIRST_USER - 1} + g, 'plan-user-' || g, 'plan-user-' || g || '@example.test', 'x'
        FROM generate_series(1, ${USERS}) g`);
    });
    await exec('VACUUM ANALYZE reservations');
    await exec('VACUUM ANALYZE users');
    await exec('VACUUM ANALYZE channel_booking_revisions');
    // Then a burst the statistics know nothing of: other guests' live holds, other listings'
    // unacknowledged and unplaced revisions, and a few of the guest's and the listing's own.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO reservations (booking_ref_code, property_id, guest_id, status, checkin_date, checkout_date, currency, total_minor, price_snapshot, hold_expires_at)
        SELECT 'HOLD' || g, 1 + g % 300, CASE WHEN g <= 3 THEN ${GUEST} ELSE 2000 + g % 1000 END, 'pending',
               DATE '2031-01-01' + g % 700, DATE '2031-01-03' + g % 700, 'EUR', 10000, '{}',
               CASE WHEN g % 50 = 0 THEN NULL ELSE now() + interval '30 minutes' END
        FROM generate_series(1, ${BURST}) g`);
      await tx.execute(sql`
        INSERT INTO channel_booking_revisions (revision_id, remote_booking_id, property_id, status, payload, unplaced_reason)
        SELECT 'new-' || g, 'nb-' || g, CASE WHEN g <= 3 THEN ${LISTING} ELSE 1 + g % 300 END, 'new', '{}', 'room not mapped'
        FROM generate_series(1, ${BURST}) g`);
    });
  });
  after(() => recycleTestDatabase(database));

  const explain = (statement: SQL | StatementText, table: string) => planReads(database.db, statement, table);

  it("counts a guest's live holds from the guest's own (the booking's pending limit)", async () => {
    const at = new Date().toISOString();
    const [{ n }] = (await exec(sql`SELECT (${livePendingCount(GUEST, at)})::int AS n`)).rows as Array<{ n: number }>;
    assert.equal(n, 3);
    for (const r of await explain(livePendingCount(GUEST, at), 'reservations')) {
      assert.ok(
        r.rows <= 10,
        `${r.mode}: the count read ${r.rows} reservation rows (${r.via.join(', ')}) for a guest with 3 holds`,
      );
    }
  });

  it("counts a listing's unacknowledged channel revisions from the listing's own", async () => {
    const [{ n }] = (await exec(unacknowledgedRevisions(LISTING))).rows as Array<{ n: number }>;
    assert.equal(n, 3);
    for (const r of await explain(unacknowledgedRevisions(LISTING), 'channel_booking_revisions')) {
      assert.ok(
        r.rows <= 10,
        `${r.mode}: the count read ${r.rows} revisions (${r.via.join(', ')}) for a listing with 3`,
      );
    }
  });

  it("lists a listing's unplaced channel revisions from the listing's own", async () => {
    assert.equal((await exec(unplacedRevisions(LISTING, 20))).rows.length, 3);
    for (const r of await explain(unplacedRevisions(LISTING, 20), 'channel_booking_revisions')) {
      // Its own three rows, and for each the later revisions of the same remote booking (none).
      assert.ok(
        r.rows <= 10,
        `${r.mode}: the list read ${r.rows} revisions (${r.via.join(', ')}) for a listing with 3`,
      );
    }
  });

  it("writes a batch's notifications looking up only its recipients (the outbox relay)", async () => {
    const recipients = [FIRST_USER, FIRST_USER + 7, FIRST_USER + 1_242];
    const rows = recipients.map((userId, ord) => ({
      ord,
      event_id: 1,
      user_id: userId,
      type: 'new_reservation',
      title: { en: 'New reservation' },
      message: { en: 'A guest booked' },
      data: {},
    }));
    const bound = INSERT_FOR_EVENTS.bind({ rows: JSON.stringify(rows), at: new Date().toISOString() });
    for (const r of await explain({ text: INSERT_FOR_EVENTS.text, params: bound }, 'users')) {
      assert.ok(
        r.rows <= recipients.length,
        `${r.mode}: the insert read ${r.rows} users (${r.via.join(', ')}) for ${recipients.length} recipients`,
      );
    }
  });
});
