// Payment history for `npm run seed:demo`, through the real payment use cases and the built-in
// (local) processor, backdated with a ManualClock:
// - seed-demo-reservations.ts pays its confirmed and completed bookings with payDemoReservation
//   (POST /payments/process → Pay on the hosted page → GET /subscription-payment/verify), shortens
//   one paid stay (modifyReservation: a refund of the difference) and cancels one paid stay as the
//   guest (cancelReservation: a full refund by its policy); each refund is executed by the refund
//   job (executeRefunds) shortly after it was requested;
// - seedDemoPayments then gives both demo owners a payout account (setPayoutAccount, as the owner)
//   and makes one real payout run (processPayouts, not a dry run) just after the completed stays'
//   earnings became payable, so the payouts table has paid payouts and the ledger lines carry
//   their payout_id.
//
// The history lives in the local processor's tables: with PAYMENT_PROCESSOR=stripe no payment is
// seeded (booking paid stays stops with a message; the payouts part is skipped).
//
// Safe to run again: payout accounts are only set where none is, and the payout run is made only
// while no demo owner has a payout yet.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Deps } from '../src/kernel/deps.ts';
import { currencies, ownerEarnings, payments, payouts, refunds, reservations, users } from '../src/db/schema/index.ts';
import { LocalPaymentProcessor } from '../src/adapters/local-payments/local-payment-processor.ts';
import { ManualClock } from '../src/ports/clock.ts';
import type { AuthUser } from '../src/kernel/caller.ts';
import { formatMinor } from '../src/kernel/money.ts';
import { executeRefunds } from '../src/modules/payments/execute-refunds.ts';
import { processPayment } from '../src/modules/payments/process-payment.ts';
import { verifyPayment } from '../src/modules/payments/verify-payment.ts';
import { processPayouts } from '../src/modules/payouts/process-payouts.ts';
import { setPayoutAccount } from '../src/modules/payouts/set-payout-account.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { DEMO_OWNER_EMAIL, SECOND_OWNER } from './seed-demo-catalog.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Payout accounts of the demo owners (any opaque id does for the local processor). */
const PAYOUT_ACCOUNTS: Array<[email: string, account: string]> = [
  [DEMO_OWNER_EMAIL, 'acct_demo_owner'],
  [SECOND_OWNER.email, 'acct_demo_owner2'],
];

/** Deps whose clock, and whose local processor's clock, read a time the seed sets. */
export type Backdated = (at: Date) => Deps;

/**
 * A view of the container at a past instant. The container's own processor reads the system
 * clock (a checkout expiring with a past hold would be refused), so the seed uses a second local
 * processor over the same tables with the manual clock. Its signing keys are its own: it never
 * signs a webhook, and every session it opens is paid at once, so no form token is ever checked.
 * Calls are sequential: each at() moves the one clock they share.
 */
export function backdated(deps: Deps): Backdated {
  if (deps.payments.name !== 'local') {
    throw new Error(
      'seed:demo pays its demo bookings through the built-in checkout: run it with PAYMENT_PROCESSOR=local (the default)',
    );
  }
  const clock = new ManualClock(deps.clock.now());
  const processor = new LocalPaymentProcessor(deps.db, clock, deps.config.PUBLIC_BASE_URL, { secret: randomBytes(32) });
  const at = { ...deps, clock, payments: processor };
  return (t) => {
    clock.set(t);
    return at;
  };
}

/**
 * Pays a pending booking in full the way the guest does: a checkout for it at `paidAt` minus
 * two minutes, Pay on the hosted page and the return to the success URL (verify) at `paidAt`.
 * The booking is confirmed, paid_minor set and the owner's earning written by the one
 * confirmation path.
 */
export async function payDemoReservation(
  at: Backdated,
  guest: AuthUser,
  reservationId: number,
  paidAt: Date,
): Promise<void> {
  const [r] = await at(paidAt)
    .db.select({ currency: reservations.currency, ref: reservations.bookingRefCode })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (!r) throw new Error(`reservation ${reservationId} is missing`);
  const payment = await processPayment(at(new Date(paidAt.getTime() - 2 * MINUTE_MS)), guest, {
    reservationId,
    type: 'reservation',
    currency: r.currency,
    paymentMethod: 'card',
  });
  const deps = at(paidAt);
  const paid = await (deps.payments as LocalPaymentProcessor).payFromPage(payment.sessionId!, {
    email: null,
    name: 'Tom Traveller',
  });
  if (!paid) throw new Error(`${r.ref}: the checkout session ${payment.sessionId} could not be paid`);
  const verified = await verifyPayment(deps, paid.id);
  if (verified.outcome !== 'confirmed')
    throw new Error(`${r.ref}: payment ${payment.id} verified as ${verified.outcome}`);
}

/** The refund job's run shortly after a refund was requested; every requested refund must succeed. */
export async function runRefundJob(at: Backdated, when: Date, what: string): Promise<void> {
  const result = await executeRefunds(at(when));
  if (result.failed || !result.succeeded)
    throw new Error(`${what}: the refund job made ${result.succeeded} refund(s), ${result.failed} failed`);
}

export interface DemoPaymentsResult {
  /** Payout accounts set on this run (owner login → account). */
  accountsSet: string[][];
  /** Whether the payout run was made now; null: skipped, with `note` saying why. */
  payoutRun: { at: Date; paid: number } | null;
  note: string | null;
  /** payments per status, for the demo traveller's bookings. */
  paymentsByStatus: Array<[status: string, count: number]>;
  /** One row per refund: booking, reason, amount, status, payment status. */
  refunds: string[][];
  /** One row per payout of the demo owners: id, owner, amount, transferred, status, transfer, ledger lines. */
  payouts: string[][];
}

export async function seedDemoPayments(deps: Deps, guestEmail: string): Promise<DemoPaymentsResult> {
  const guest = await usersRepository(deps.db).findByEmail(guestEmail);
  if (!guest) throw new Error(`${guestEmail} is missing: seed the demo accounts first`);
  const out: DemoPaymentsResult = {
    accountsSet: [],
    payoutRun: null,
    note: null,
    paymentsByStatus: [],
    refunds: [],
    payouts: [],
  };
  const owners = await deps.db
    .select({ id: users.id, email: users.email, account: users.payoutAccountId })
    .from(users)
    .where(
      inArray(
        users.email,
        PAYOUT_ACCOUNTS.map(([e]) => e),
      ),
    );
  const ownerIds = owners.map((o) => o.id);
  if (deps.payments.name !== 'local') {
    out.note = 'PAYMENT_PROCESSOR is not local: no payout accounts or payouts seeded';
  } else if (ownerIds.length) {
    await payOwners(deps, owners, out);
  }
  await summarise(deps, guest.id, ownerIds, out);
  return out;
}

async function payOwners(
  deps: Deps,
  owners: Array<{ id: number; email: string; account: string | null }>,
  out: DemoPaymentsResult,
): Promise<void> {
  const ownerIds = owners.map((o) => o.id);
  const [done] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(inArray(payouts.ownerId, ownerIds));
  if (Number(done?.n ?? 0) > 0) {
    out.note = 'the demo owners were already paid out: no payout run';
    return;
  }
  // The run follows the last completed stay's earning becoming payable (check-in + PAYOUT_DELAY_HOURS).
  const [latest] = await deps.db
    .select({ payableAt: max(ownerEarnings.payableAt) })
    .from(ownerEarnings)
    .innerJoin(reservations, eq(reservations.id, ownerEarnings.reservationId))
    .where(
      and(
        inArray(ownerEarnings.ownerId, ownerIds),
        eq(reservations.status, 'completed'),
        isNull(ownerEarnings.payoutId),
      ),
    );
  if (!latest?.payableAt) {
    out.note =
      'no completed demo stay has earnings (reservations seeded before payments were): no payout run; seed a fresh DATA_DIR to see one';
    return;
  }
  const now = deps.clock.now();
  const runAt = new Date(Math.min(now.getTime(), new Date(latest.payableAt).getTime() + 6 * HOUR_MS));
  const at = backdated(deps);

  // Each owner enters their payout account the day before the run (kept if they already have one).
  for (const o of owners) {
    const account = PAYOUT_ACCOUNTS.find(([e]) => e === o.email)![1];
    if (o.account) continue;
    const when = new Date(runAt.getTime() - DAY_MS);
    const self: AuthUser = {
      id: o.id,
      role: 'owner',
      sessionId: 'seed-demo',
      loginType: 'client',
      sessionCreatedAt: when,
      jti: 'seed-demo',
    };
    await setPayoutAccount(at(when), self, { payout_account_id: account });
    out.accountsSet.push([o.email, account]);
  }

  const run = await processPayouts(at(runAt), { dry_run: false });
  if (run.totals.errors || run.totals.failed || run.totals.rejected) {
    throw new Error(`the demo payout run did not pay everything: ${JSON.stringify(run.totals)}`);
  }
  out.payoutRun = { at: runAt, paid: run.totals.paid };
}

async function summarise(deps: Deps, guestId: number, ownerIds: number[], out: DemoPaymentsResult): Promise<void> {
  const mine = eq(reservations.guestId, guestId);
  out.paymentsByStatus = (
    await deps.db
      .select({ status: payments.status, n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(reservations, eq(reservations.id, payments.reservationId))
      .where(mine)
      .groupBy(payments.status)
      .orderBy(payments.status)
  ).map((r) => [r.status, Number(r.n)]);

  const dec = new Map(
    (await deps.db.select({ code: currencies.code, decimals: currencies.decimals }).from(currencies)).map((c) => [
      c.code,
      c.decimals,
    ]),
  );
  const money = (minor: number, currency: string) => `${formatMinor(minor, dec.get(currency) ?? 2)} ${currency}`;

  const refundRows = await deps.db
    .select({
      ref: reservations.bookingRefCode,
      reason: refunds.reason,
      amount: refunds.amountMinor,
      currency: refunds.currency,
      status: refunds.status,
      payment: sql<string>`(SELECT string_agg(p.status, ', ' ORDER BY p.id) FROM payments p WHERE p.reservation_id = ${reservations.id} AND p.paid_at IS NOT NULL)`,
    })
    .from(refunds)
    .innerJoin(reservations, eq(reservations.id, refunds.reservationId))
    .where(mine)
    .orderBy(asc(refunds.id));
  out.refunds = refundRows.map((r) => [r.ref, r.reason, money(r.amount, r.currency), r.status, r.payment ?? '']);

  if (!ownerIds.length) return;
  const payoutRows = await deps.db
    .select({
      id: payouts.id,
      owner: users.username,
      currency: payouts.currency,
      amount: payouts.amountMinor,
      transferCurrency: payouts.transferCurrency,
      transfer: payouts.transferAmountMinor,
      status: payouts.status,
      transferId: payouts.transferId,
      createdAt: payouts.createdAt,
      lines: sql<number>`(SELECT count(*)::int FROM owner_earnings e WHERE e.payout_id = ${payouts.id})`,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.ownerId))
    .where(inArray(payouts.ownerId, ownerIds))
    .orderBy(asc(payouts.id));
  out.payouts = payoutRows.map((p) => [
    String(p.id),
    p.owner ?? '',
    money(p.amount, p.currency),
    money(p.transfer, p.transferCurrency),
    p.status,
    p.transferId ?? '',
    String(p.lines),
    `${p.createdAt.toISOString().slice(0, 16)}Z`,
  ]);
}
