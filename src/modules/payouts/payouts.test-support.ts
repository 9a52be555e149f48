// Ledger lines written straight into owner_earnings, for tests of the payout logic (the real
// payment flow writes them through sync-owner-earnings; one test goes that way end to end).
import { queryRows } from '../../db/query-rows.ts';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../../kernel/deps.ts';
import { ownerEarnings, payouts, users } from '../../db/schema/index.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';

let seq = 0;
const reservationsByApp = new WeakMap<Deps, Map<number, number>>();

export interface LineSpec {
  currency?: string;
  /** Minor units: positive earning, negative reversal. */
  amount: number;
  payableAt: Date;
}

/** Adds ledger lines for an owner (one cancelled reservation of theirs carries them all). */
export async function addLines(deps: Deps, ownerId: number, lines: LineSpec[]): Promise<number[]> {
  const reservationOf = reservationsByApp.get(deps) ?? new Map<number, number>();
  reservationsByApp.set(deps, reservationOf);
  let reservationId = reservationOf.get(ownerId);
  if (reservationId === undefined) {
    const p = await createProperty(deps, ownerId);
    reservationId = (
      await seedReservation(deps, {
        propertyId: p.id,
        status: 'cancelled',
        checkin: '2030-01-10',
        checkout: '2030-01-12',
      })
    ).id;
    reservationOf.set(ownerId, reservationId);
  }
  const ids: number[] = [];
  for (const l of lines) {
    seq += 1;
    const [row] = await deps.db
      .insert(ownerEarnings)
      .values({
        ownerId,
        reservationId,
        kind: l.amount >= 0 ? 'earning' : 'reversal',
        sourceRef: `test:${process.pid}:${seq}`,
        currency: l.currency ?? 'EUR',
        amountMinor: l.amount,
        payableAt: l.payableAt,
      })
      .returning({ id: ownerEarnings.id });
    ids.push(row!.id);
  }
  return ids;
}

export async function setAccount(deps: Deps, userId: number, account: string | null): Promise<void> {
  await deps.db.update(users).set({ payoutAccountId: account }).where(eq(users.id, userId));
}

/** Empties the payout state so each test starts from its own ledger. */
export async function resetPayouts(deps: Deps): Promise<void> {
  await deps.db.execute(sql`DELETE FROM owner_earnings`);
  await deps.db.execute(sql`DELETE FROM payouts`);
  await deps.db.execute(sql`DELETE FROM payout_settings`);
  await deps.db.execute(sql`DELETE FROM local_processor_records WHERE kind = 'transfer'`);
}

export async function boundLines(deps: Deps) {
  return deps.db.select().from(ownerEarnings).where(isNotNull(ownerEarnings.payoutId));
}

export async function allPayouts(deps: Deps) {
  return deps.db.select().from(payouts).orderBy(payouts.id);
}

export async function transferRecords(
  deps: Deps,
): Promise<
  Array<{ idempotencyKey: string; data: { amountMinor: number; currency: string; destination: string; id: string } }>
> {
  const res = await queryRows<{
    idempotency_key: string;
    data: { amountMinor: number; currency: string; destination: string; id: string };
  }>(
    deps.db,
    sql`SELECT idempotency_key, data FROM local_processor_records WHERE kind = 'transfer' ORDER BY created_at, id`,
  );
  return res.rows.map((r) => ({
    idempotencyKey: r.idempotency_key,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  }));
}

/** What the owner's ledger books for a reservation, in minor units. */
export async function earnedFor(deps: Deps, reservationId: number): Promise<number> {
  const [row] = await deps.db
    .select({ sum: sql<string>`COALESCE(sum(${ownerEarnings.amountMinor}), 0)` })
    .from(ownerEarnings)
    .where(eq(ownerEarnings.reservationId, reservationId));
  return Number(row!.sum);
}
