// `npm run repair:earnings`: a booking whose ledger the pre-50dbd25 code left short (a payment of the
// wrong amount, then the right one) is credited the difference, once; other bookings are left as
// they are. On PostgreSQL the script itself runs beside the app on the app's database; PGlite's
// in-memory test copy is one process's, so there the use case runs in-process and the script
// runs on an embedded DATA_DIR of its own.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createStripeTestApp, postSessionCompleted, type StripeTestApp } from '../../../test/helpers/stripe-app.ts';
import { onPostgres, seededDataDir } from '../../../test/helpers/test-database.ts';
import { runScript } from '../../../test/helpers/run-script.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { bookAsNewGuest, openCheckout } from '../../../test/helpers/booking-flow.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { ownerEarnings } from '../../db/schema/index.ts';
import { earnedFor } from './payouts.test-support.ts';
import { resyncMismatchedEarnings } from './resync-mismatched-earnings.ts';

describe('repair:earnings re-syncs the ledgers of bookings with a mismatched payment', () => {
  let app: StripeTestApp;
  let ownerId: number;
  before(async () => {
    app = await createStripeTestApp();
    ownerId = (await createUser(app.t.deps, { role: 'owner' })).id;
  });
  after(() => app?.close());

  const day = (n: number) => new Date(app.t.clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const earned = (reservationId: number) => earnedFor(app.t.deps, reservationId);
  /** A 2-night booking confirmed on Stripe; `mismatchFirst`: its first checkout paid 5.00 short. */
  const paidBooking = async (from: number, mismatchFirst: boolean) => {
    const { t, stripe } = app;
    const p = await createProperty(t.deps, ownerId);
    const { id, tok } = await bookAsNewGuest(t, { propertyId: p.id, checkin: day(from), checkout: day(from + 2) });
    const pay = async (short: number) => {
      const payment = await openCheckout(t, { reservationId: id, tok });
      const asked = Math.round(Number(payment.amount) * 100);
      const session = payment.payment_details.id;
      stripe.completeSession(session, {}, short ? { paidAs: { amount: asked - short, currency: 'eur' } } : {});
      const res = await postSessionCompleted(app, session);
      assert.equal(res.statusCode, 200, res.body);
    };
    if (mismatchFirst) await pay(500);
    await pay(0);
    return id;
  };
  /** What the code before 50dbd25 left: the ledger short by `minor`, as a reversal line. */
  const shortenLedger = async (reservationId: number, minor: number) => {
    const [line] = await app.t.deps.db
      .select()
      .from(ownerEarnings)
      .where(eq(ownerEarnings.reservationId, reservationId));
    await app.t.deps.db.insert(ownerEarnings).values({
      ...line!,
      id: undefined,
      kind: 'reversal',
      sourceRef: `legacy:${reservationId}`,
      amountMinor: -minor,
      commissionMinor: 0,
    });
  };
  const repair = async () => {
    if (!onPostgres) {
      const { t } = app;
      return resyncMismatchedEarnings({ db: t.deps.db, config: t.deps.config, now: t.clock.now() });
    }
    const run = await runScript('repair-earnings.ts', { DATABASE_URL: app.t.database.url! });
    assert.equal(run.code, 0, run.stderr);
    const [, bookings, lines] =
      /(\d+) booking\(s\) with a mismatched payment; (\d+) ledger line/.exec(run.stdout) ?? [];
    assert.ok(bookings, run.stdout);
    return { bookings: Number(bookings), corrected: Array.from({ length: Number(lines) }) };
  };

  it('credits what the old ledger held back, once, and touches no other booking', async () => {
    const mismatched = await paidBooking(30, true);
    const plain = await paidBooking(40, false);
    const full = await earned(mismatched);
    assert.ok(full > 0);
    assert.equal(await earned(plain), full, 'the same stay earns the same');
    await shortenLedger(mismatched, 1234);
    await shortenLedger(plain, 99);

    const { t } = app;
    const halted = await resyncMismatchedEarnings({
      db: t.deps.db,
      config: t.deps.config,
      now: t.clock.now(),
      stopped: () => true,
    });
    assert.deepEqual([halted.bookings, halted.corrected.length, halted.left], [1, 0, 1], 'stopped before the first');
    assert.equal(await earned(mismatched), full - 1234, 'a stopped run writes nothing');

    const first = await repair();
    assert.equal(first.bookings, 1, 'only the booking with a mismatched payment is looked at');
    assert.equal(first.corrected.length, 1);
    assert.equal(await earned(mismatched), full, 'credited the difference');
    assert.equal(await earned(plain), full - 99, 'a booking outside the class is left alone');

    const second = await repair();
    assert.equal(second.corrected.length, 0, 'a rerun writes nothing');
    assert.equal(await earned(mismatched), full);
  });

  it('runs on an embedded DATA_DIR: a fresh database has nothing to repair', {
    skip: onPostgres ? 'the embedded variant runs in the PGlite run of the suite' : false,
  }, async () => {
    const run = await runScript('repair-earnings.ts', { DATA_DIR: await seededDataDir('repair-earnings-') });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^repair:earnings: 0 booking\(s\) with a mismatched payment; 0 ledger line\(s\) written\n$/,
    );
  });
});
