// SQL of payouts: due balances from the earnings ledger, the payout rows and the lines they bind,
// the settings row and the owners' payout accounts. Writes take the caller's transaction.
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { currencies, ownerEarnings, payoutSettings, payouts, users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query-rows.ts';

export type PayoutRow = typeof payouts.$inferSelect;
/** The saved settings row; updatedAt null while none was saved (the defaults). */
export type SettingsRow = Omit<typeof payoutSettings.$inferSelect, 'updatedAt'> & { updatedAt: Date | null };

/** One owner's due, unpaid balance in one currency. */
export interface DueBalance {
  ownerId: number;
  currency: string;
  balanceMinor: number;
  earningsCount: number;
  linesCount: number;
  firstName: string;
  lastName: string;
  email: string;
  payoutAccountId: string | null;
}

export interface CurrencyRate {
  code: string;
  rate: string;
  decimals: number;
  isActive: boolean;
  isDefault: boolean;
  name: string;
  symbol: string;
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);

export function payoutsRepository(db: Executor) {
  return {
    /**
     * Per owner and currency, the sum of the lines not yet in a payout and payable by `now`;
     * only positive sums (a reversal-heavy balance waits for later earnings).
     */
    async dueBalances(now: Date): Promise<DueBalance[]> {
      const res = await queryRows<Record<string, string | number | null>>(
        db,
        sql`
        SELECT e.owner_id, e.currency, sum(e.amount_minor) AS balance,
               count(*) FILTER (WHERE e.kind = 'earning') AS earnings, count(*) AS lines,
               u.first_name, u.last_name, u.email, u.payout_account_id
        FROM owner_earnings e JOIN users u ON u.id = e.owner_id
        WHERE e.payout_id IS NULL AND e.payable_at <= ${now.toISOString()}::timestamptz
        GROUP BY e.owner_id, e.currency, u.first_name, u.last_name, u.email, u.payout_account_id
        HAVING sum(e.amount_minor) > 0
        ORDER BY e.owner_id, e.currency`,
      );
      return res.rows.map((r) => ({
        ownerId: num(r.owner_id),
        currency: String(r.currency),
        balanceMinor: num(r.balance),
        earningsCount: num(r.earnings),
        linesCount: num(r.lines),
        firstName: String(r.first_name ?? ''),
        lastName: String(r.last_name ?? ''),
        email: String(r.email),
        payoutAccountId: (r.payout_account_id as string | null) ?? null,
      }));
    },

    /** Payouts not yet paid, by status (GET /metrics). */
    async countOpen(): Promise<Record<'pending' | 'failed', number>> {
      const rows = await db
        .select({ status: payouts.status, n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(inArray(payouts.status, ['pending', 'failed']))
        .groupBy(payouts.status);
      return { pending: 0, failed: 0, ...Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) };
    },

    async currencies(): Promise<Map<string, CurrencyRate>> {
      const rows = await db.select().from(currencies).orderBy(asc(currencies.code));
      return new Map(
        rows.map((c) => [
          c.code,
          {
            code: c.code,
            rate: c.exchangeRate,
            decimals: c.decimals,
            isActive: c.isActive,
            isDefault: c.isDefault,
            name: c.name,
            symbol: c.symbol,
          },
        ]),
      );
    },

    /**
     * The owner row, locked: payout runs queue per owner here, so the second of two racing runs
     * reads the ledger only after the first has bound its lines. NO KEY UPDATE lets new ledger
     * lines (whose foreign key takes KEY SHARE) keep being written meanwhile.
     */
    async lockOwner(ownerId: number): Promise<{ id: number; payoutAccountId: string | null } | undefined> {
      const [row] = await db
        .select({ id: users.id, payoutAccountId: users.payoutAccountId })
        .from(users)
        .where(eq(users.id, ownerId))
        .for('no key update');
      return row;
    },

    async dueLines(
      ownerId: number,
      currency: string,
      now: Date,
    ): Promise<Array<{ id: number; amountMinor: number; kind: string }>> {
      return db
        .select({ id: ownerEarnings.id, amountMinor: ownerEarnings.amountMinor, kind: ownerEarnings.kind })
        .from(ownerEarnings)
        .where(
          and(
            eq(ownerEarnings.ownerId, ownerId),
            eq(ownerEarnings.currency, currency),
            isNull(ownerEarnings.payoutId),
            lte(ownerEarnings.payableAt, now),
          ),
        )
        .orderBy(asc(ownerEarnings.id))
        .for('update');
    },

    async insertPayout(values: typeof payouts.$inferInsert): Promise<PayoutRow> {
      const [row] = await db.insert(payouts).values(values).returning();
      return row!;
    },

    async payout(id: number): Promise<PayoutRow | undefined> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row;
    },

    /** Binds lines to a payout; only lines still free are taken, and the count says how many. */
    async bindLines(ids: number[], payoutId: number): Promise<number> {
      if (ids.length === 0) return 0;
      const bound = await db
        .update(ownerEarnings)
        .set({ payoutId })
        .where(and(inArray(ownerEarnings.id, ids), isNull(ownerEarnings.payoutId)))
        .returning({ id: ownerEarnings.id });
      return bound.length;
    },

    /** Settles an open payout (pending or failed); null when another attempt settled it first. */
    async settle(id: number, values: Partial<typeof payouts.$inferInsert>): Promise<PayoutRow | null> {
      const [row] = await db
        .update(payouts)
        .set(values)
        .where(and(eq(payouts.id, id), inArray(payouts.status, ['pending', 'failed'])))
        .returning();
      return row ?? null;
    },

    async releaseLines(payoutId: number): Promise<number> {
      const freed = await db
        .update(ownerEarnings)
        .set({ payoutId: null })
        .where(eq(ownerEarnings.payoutId, payoutId))
        .returning({ id: ownerEarnings.id });
      return freed.length;
    },

    /** Open payouts a run may send again: failed ones, and pending ones left behind by a crash. */
    async retryable(createdSince: Date, pendingBefore: Date): Promise<PayoutRow[]> {
      return db.select().from(payouts).where(retryableWhere(createdSince, pendingBefore)).orderBy(asc(payouts.id));
    },

    /** Takes one retryable payout for this attempt (back to pending, fresh updated_at); null when another took it. */
    async claimRetry(id: number, createdSince: Date, pendingBefore: Date, at: Date): Promise<PayoutRow | null> {
      const [row] = await db
        .update(payouts)
        .set({ status: 'pending', updatedAt: at })
        .where(and(eq(payouts.id, id), retryableWhere(createdSince, pendingBefore)))
        .returning();
      return row ?? null;
    },

    /** Open payouts too old to send again safely (the processor may have forgotten their key): for a person to reconcile. */
    async unresolved(createdBefore: Date): Promise<PayoutRow[]> {
      return db
        .select()
        .from(payouts)
        .where(and(lt(payouts.createdAt, createdBefore), inArray(payouts.status, ['pending', 'failed'])))
        .orderBy(asc(payouts.id))
        .limit(100);
    },

    async payoutAccount(ownerId: number): Promise<string | null> {
      const [row] = await db.select({ account: users.payoutAccountId }).from(users).where(eq(users.id, ownerId));
      return row?.account ?? null;
    },

    async lineCount(payoutId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(ownerEarnings)
        .where(eq(ownerEarnings.payoutId, payoutId));
      return Number(row?.n ?? 0);
    },

    /** Payouts of an owner whose transfer is not settled (its destination must not change meanwhile). */
    async openPayoutCount(ownerId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(and(eq(payouts.ownerId, ownerId), inArray(payouts.status, ['pending', 'failed'])));
      return Number(row?.n ?? 0);
    },

    /** A user's payout facts; `lock` holds the row for the caller's transaction (see lockOwner). */
    async user(
      id: number,
      lock = false,
    ): Promise<{ id: number; role: string; payoutAccountId: string | null; deletedAt: Date | null } | undefined> {
      const q = db
        .select({ id: users.id, role: users.role, payoutAccountId: users.payoutAccountId, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, id));
      const [row] = lock ? await q.for('no key update') : await q;
      return row;
    },

    async setPayoutAccount(id: number, account: string | null, at: Date): Promise<void> {
      await db.update(users).set({ payoutAccountId: account, updatedAt: at }).where(eq(users.id, id));
    },

    /**
     * The settings row, or the defaults while none was saved (min 0, max 100, the table's default
     * currency, else EUR). Reading never writes, so a dry run stays write-free.
     */
    async settings(): Promise<SettingsRow> {
      const [found] = await db.select().from(payoutSettings).where(eq(payoutSettings.id, 1));
      if (found) return found;
      const [def] = await db
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.isDefault, true))
        .limit(1);
      return {
        id: 1,
        minAmount: '0',
        maxPayouts: 100,
        currency: def?.code ?? 'EUR',
        autoEnabled: false,
        updatedAt: null,
      };
    },

    /** Saves the one settings row (created on the first save). */
    async saveSettings(values: {
      minAmount: string;
      maxPayouts: number;
      currency: string;
      updatedAt: Date;
    }): Promise<SettingsRow> {
      const [row] = await db
        .insert(payoutSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: payoutSettings.id, set: values })
        .returning();
      return row!;
    },
  };
}

function retryableWhere(createdSince: Date, pendingBefore: Date) {
  return and(
    gte(payouts.createdAt, createdSince),
    or(eq(payouts.status, 'failed'), and(eq(payouts.status, 'pending'), lt(payouts.updatedAt, pendingBefore))),
  );
}
