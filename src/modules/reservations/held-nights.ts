// What a reservation holds on the calendar, as runs of nights per unit kind. Usually its own
// lines over its stay; while a change that added unpaid value waits for its money, the union of
// the stay as changed and the stay as paid for (per kind and night, the larger count), so the
// change can be reverted at its deadline without the paid nights having been sold meanwhile.
import type { Tx } from '../../db/connection.ts';
import type { PaidStay } from '../../db/schema/index.ts';
import { addDays, dayNumber, fromDayNumber } from '../../kernel/calendar-dates.ts';
import { AppError } from '../../platform/errors.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { reservationWritesRepository } from './reservations.repository.ts';

export interface Stay {
  checkin: string;
  checkout: string;
  lines: Array<{ roomTypeId: number; roomsCount: number }>;
}

/** `count` units of a kind over [from, to). */
export interface NightRun {
  roomTypeId: number;
  from: string;
  to: string;
  count: number;
}

/** The stays' union: per kind and night the largest count any of them holds, as runs of equal counts. */
export function heldRuns(stays: Stay[]): NightRun[] {
  const perKind = new Map<number, Map<number, number>>();
  for (const stay of stays) {
    const counts = new Map<number, number>();
    for (const line of stay.lines) counts.set(line.roomTypeId, (counts.get(line.roomTypeId) ?? 0) + line.roomsCount);
    for (const [kind, count] of counts) {
      const nights = perKind.get(kind) ?? new Map<number, number>();
      perKind.set(kind, nights);
      for (let d = dayNumber(stay.checkin); d < dayNumber(stay.checkout); d++)
        nights.set(d, Math.max(nights.get(d) ?? 0, count));
    }
  }
  const runs: NightRun[] = [];
  for (const [roomTypeId, nights] of perKind) {
    const days = [...nights.keys()].sort((a, b) => a - b);
    let start = 0;
    for (let i = 1; i <= days.length; i++) {
      const broken =
        i === days.length || days[i] !== days[i - 1]! + 1 || nights.get(days[i]!) !== nights.get(days[start]!);
      if (!broken) continue;
      const count = nights.get(days[start]!)!;
      const from = fromDayNumber(days[start]!);
      if (count > 0) runs.push({ roomTypeId, from, to: addDays(fromDayNumber(days[i - 1]!), 1), count });
      start = i;
    }
  }
  return runs;
}

/** The stays a reservation holds now: its own, and the paid one while a change waits for its money. */
export function staysHeld(current: Stay, paid: PaidStay | null): Stay[] {
  return paid ? [current, { checkin: paid.checkin, checkout: paid.checkout, lines: paid.lines }] : [current];
}

/**
 * Gives back `before` and takes `after` (both as heldRuns), nights locked first in the one fixed
 * order, or throws 409 DATES_UNAVAILABLE (the caller's transaction rolls back).
 */
export async function moveHeldNights(tx: Tx, propertyId: number, before: NightRun[], after: NightRun[]): Promise<void> {
  const inventory = inventoryRepository(tx);
  const all = [...before, ...after];
  await inventory.lockStays(
    propertyId,
    all.map((run) => run.roomTypeId),
    all.map((run) => ({ from: run.from, to: run.to })),
  );
  for (const run of before)
    await inventory.release({
      propertyId,
      roomTypeId: run.roomTypeId,
      checkin: run.from,
      checkout: run.to,
      count: run.count,
    });
  const counts = after.some((run) => run.roomTypeId !== 0)
    ? await reservationWritesRepository(tx).roomCounts(propertyId)
    : new Map<number, number>();
  for (const run of after) {
    const held = await inventory.hold({
      propertyId,
      roomTypeId: run.roomTypeId,
      checkin: run.from,
      checkout: run.to,
      count: run.count,
      defaultAvailable: run.roomTypeId === 0 ? 1 : (counts.get(run.roomTypeId) ?? 0),
    });
    if (!held) throw new AppError('DATES_UNAVAILABLE', 'These dates are not available; the reservation is unchanged');
  }
}
