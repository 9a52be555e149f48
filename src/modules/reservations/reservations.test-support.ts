// Reservations built straight in the database for the job, review and stats tests (creation has
// its own use case and tests). Nights are held through the inventory repository, so booked
// counts stay consistent with what the reservations hold.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../container.ts';
import { outboxEvents, reservationRooms, reservations } from '../../db/schema/index.ts';
import { inventoryRepository } from './inventory.repository.ts';

export interface SeedLine {
  roomTypeId?: number;
  roomsCount?: number;
  /** Units of the kind (count_of_rooms, or 1 for the whole listing). */
  defaultAvailable?: number;
}

export interface SeedReservation {
  propertyId: number;
  guestId?: number | null;
  status?: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired';
  checkin: string;
  checkout: string;
  holdExpiresAt?: Date | null;
  currency?: string;
  totalMinor?: number;
  feedbackId?: string | null;
  lines?: SeedLine[];
}

const HOLDING = new Set(['pending', 'confirmed', 'completed']);

export async function seedReservation(deps: Deps, s: SeedReservation) {
  const status = s.status ?? 'pending';
  const lines = s.lines ?? [{}];
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reservations)
      .values({
        bookingRefCode: `BK-${randomBytes(5).toString('hex').toUpperCase()}`,
        propertyId: s.propertyId,
        guestId: s.guestId ?? null,
        status,
        checkinDate: s.checkin,
        checkoutDate: s.checkout,
        currency: s.currency ?? 'EUR',
        totalMinor: s.totalMinor ?? 10_000,
        priceSnapshot: {},
        holdExpiresAt: s.holdExpiresAt ?? null,
        feedbackId: s.feedbackId ?? null,
      })
      .returning();
    for (const l of lines) {
      const roomTypeId = l.roomTypeId ?? 0;
      const count = l.roomsCount ?? 1;
      await tx.insert(reservationRooms).values({ reservationId: row!.id, roomTypeId, roomsCount: count, lineTotalMinor: s.totalMinor ?? 10_000 });
      if (!HOLDING.has(status)) continue;
      const held = await inventoryRepository(tx).hold({ propertyId: s.propertyId, roomTypeId, checkin: s.checkin, checkout: s.checkout, count, defaultAvailable: l.defaultAvailable ?? 1 });
      if (!held) throw new Error('seedReservation: nights not available');
    }
    return row!;
  });
}

export async function reservationById(deps: Deps, id: number) {
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, id));
  return row!;
}

/** Outbox events of a topic about one reservation. */
export async function eventsFor(deps: Deps, topic: string, reservationId: number) {
  return deps.db
    .select()
    .from(outboxEvents)
    .where(sql`${outboxEvents.topic} = ${topic} AND (${outboxEvents.payload}->>'reservation_id')::bigint = ${reservationId}`);
}

/** Total booked units over a property's nights of one unit kind. */
export async function bookedTotal(deps: Deps, propertyId: number, roomTypeId = 0, from = '2000-01-01', to = '2100-01-01'): Promise<number> {
  const m = await inventoryRepository(deps.db).bookedByNight(propertyId, roomTypeId, from, to);
  return [...m.values()].reduce((a, b) => a + b, 0);
}
