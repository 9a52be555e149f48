// One booking revision from a travel platform (new, modified, cancelled) applied as a reservation,
// exactly once: the revision's row is written in the same transaction as the change, keyed by
// its remote id, so a repeated or concurrent pull finds it and skips it.
//
// Decisions:
// - the platform took the guest's payment: the reservation is 'confirmed' at once, source
//   'channel', provider the spec's OtaA/OtaB, no payment rows, no owner earnings here, no guest
//   account (guest_details keeps the platform's customer);
// - nights are taken with the same conditional update as direct bookings; when a night is full or
//   stopped the booking is still recorded (the guest has booked on the platform): its units are
//   taken anyway, the reservation and the revision are flagged overbooked, and the owner is told
//   ('channel.booking.overbooked');
// - a 'modified' revision for a booking never seen is applied as new; a revision older than one
//   already applied to its booking is recorded as stale and not applied; a 'cancelled' one for a
//   booking never seen is recorded and nothing else; a new or modified revision for a booking
//   cancelled here reinstates that same reservation (confirmed again, nights taken again);
// - a transaction broken by PostgreSQL's deadlock detector (a guest changing the same nights) is
//   run again, like the direct paths (commit-nights-change.ts).
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import type { BookingRevision } from '../../ports/channel-manager.ts';
import { isDeadlock } from '../../db/db-errors.ts';
import { formatMinor, isoDecimals } from '../../kernel/money.ts';
import { flatSnapshot, holdNights, lockStayNights, newBookingRef, releaseNights } from '../reservations/index.ts';
import { daysBetween } from '../../kernel/calendar-dates.ts';
import { channelInboundRepository, type LinkedProperty, type ReservationLine } from './channel-inbound.repository.ts';
import { otaProvider } from './ota-provider.ts';

export const CHANNEL_BOOKING_OVERBOOKED = 'channel.booking.overbooked';
const ATTEMPTS = 3;

export type RevisionOutcome =
  | { kind: 'applied'; reservationId: number | null; overbooked: boolean; propertyId: number }
  | { kind: 'duplicate' }
  | { kind: 'stale' }
  | { kind: 'unmapped'; propertyId: number | null; reason: string };

interface Unit {
  roomTypeId: number;
  count: number;
  checkin: string;
  checkout: string;
  defaultAvailable: number;
  lineTotalMinor: number;
}

/** Our unit lines for the revision's rooms, or why they cannot be placed (unknown room type). */
function unitsOf(rev: BookingRevision, listing: LinkedProperty): Unit[] | string {
  if (listing.whole) {
    return [
      {
        roomTypeId: 0,
        count: 1,
        checkin: rev.arrivalDate,
        checkout: rev.departureDate,
        defaultAvailable: 1,
        lineTotalMinor: rev.amountMinor ?? 0,
      },
    ];
  }
  const units = new Map<string, Unit>();
  for (const room of rev.rooms) {
    const roomType = room.roomTypeId ? listing.roomTypes.get(room.roomTypeId) : undefined;
    if (!roomType)
      return `room type ${room.roomTypeId ?? '(none)'} of booking ${rev.bookingId} is not linked to a room type of listing ${listing.id}`;
    const key = `${roomType.id}|${room.checkinDate}|${room.checkoutDate}`;
    const unit = units.get(key) ?? {
      roomTypeId: roomType.id,
      count: 0,
      checkin: room.checkinDate,
      checkout: room.checkoutDate,
      defaultAvailable: roomType.countOfRooms,
      lineTotalMinor: 0,
    };
    unit.count += 1;
    unit.lineTotalMinor += room.amountMinor ?? 0;
    units.set(key, unit);
  }
  return units.size ? [...units.values()] : 'the booking has no rooms';
}

/**
 * Locks every night the change touches (old and new lines) before any count moves, in the same
 * fixed order as the direct paths (modify-reservation.ts), so a platform change and a guest's own
 * change of the same nights queue up instead of deadlocking.
 */
async function lockAll(
  tx: Tx,
  propertyId: number,
  ranges: Array<{ roomTypeId: number; checkin: string; checkout: string }>,
): Promise<void> {
  if (!ranges.length) return;
  await lockStayNights(
    tx,
    propertyId,
    ranges.map((u) => u.roomTypeId),
    ranges.map((u) => ({ from: u.checkin, to: u.checkout })),
  );
}

/** Takes the units (conditionally first; nights already locked); returns whether any night had to be oversold. */
async function take(tx: Tx, propertyId: number, units: Unit[]): Promise<boolean> {
  let overbooked = false;
  for (const unit of units) {
    // A refused hold may have taken some nights already: its savepoint undoes them before the
    // units are taken unconditionally.
    const held = await tx
      .transaction(async (sp) => {
        if (
          !(await holdNights(sp, {
            propertyId,
            roomTypeId: unit.roomTypeId,
            checkin: unit.checkin,
            checkout: unit.checkout,
            count: unit.count,
            defaultAvailable: unit.defaultAvailable,
          }))
        )
          throw new NotHeld();
      })
      .then(
        () => true,
        (err: unknown) => {
          if (err instanceof NotHeld) return false;
          throw err;
        },
      );
    if (held) continue;
    overbooked = true;
    await channelInboundRepository(tx).forceHold({
      propertyId,
      roomTypeId: unit.roomTypeId,
      checkin: unit.checkin,
      checkout: unit.checkout,
      count: unit.count,
    });
  }
  return overbooked;
}

class NotHeld extends Error {}

async function release(
  tx: Tx,
  propertyId: number,
  checkin: string,
  checkout: string,
  lines: ReservationLine[],
): Promise<void> {
  for (const l of lines)
    await releaseNights(tx, { propertyId, roomTypeId: l.roomTypeId, checkin, checkout, count: l.roomsCount });
}

export async function applyBookingRevision(deps: Deps, rev: BookingRevision): Promise<RevisionOutcome> {
  const repo = channelInboundRepository(deps.db);
  const property = await repo.linkedProperty(rev.propertyId);
  if (!property)
    return { kind: 'unmapped', propertyId: null, reason: `no listing is linked to channel property ${rev.propertyId}` };
  const units = rev.status === 'cancelled' ? [] : unitsOf(rev, property);
  if (typeof units === 'string') return { kind: 'unmapped', propertyId: property.id, reason: units };
  const provider = otaProvider(rev.otaName);
  const now = deps.clock.now();
  const currency = rev.currency ?? 'EUR';
  const total = rev.amountMinor ?? units.reduce((s, u) => s + u.lineTotalMinor, 0);
  const fmt = (minor: number) => formatMinor(minor, isoDecimals(currency));

  const work = async (tx: Tx): Promise<RevisionOutcome> => {
    const repo = channelInboundRepository(tx);
    const events = platformRepository(tx);
    const latest = await repo.latestAppliedAt(rev.bookingId);
    const stale = latest !== null && rev.insertedAt !== '' && rev.insertedAt < latest;
    const claimed = await repo.claimRevision({
      revisionId: rev.id,
      remoteBookingId: rev.bookingId,
      propertyId: property.id,
      status: rev.status,
      appliedAt: now,
      payload: { ...rev, stale },
    });
    if (!claimed) return { kind: 'duplicate' };
    if (stale) return { kind: 'stale' };

    const existing = await repo.lockBooking(rev.bookingId);
    const base = {
      property_id: property.id,
      owner_id: property.ownerId,
      guest_id: null,
      source: 'channel',
      provider: provider.provider,
      currency,
    };
    if (rev.status === 'cancelled') {
      if (!existing || existing.status === 'cancelled')
        return { kind: 'applied', reservationId: existing?.id ?? null, overbooked: false, propertyId: property.id };
      const old = await repo.lines(existing.id);
      await lockAll(
        tx,
        property.id,
        old.map((l) => ({ roomTypeId: l.roomTypeId, checkin: existing.checkinDate, checkout: existing.checkoutDate })),
      );
      await release(tx, property.id, existing.checkinDate, existing.checkoutDate, old);
      await repo.updateReservation(existing.id, {
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: `cancelled on ${provider.provider}`,
        updatedAt: now,
      });
      await repo.setRevisionOutcome(rev.id, { reservationId: existing.id });
      await events.insertEvent('reservation.cancelled', {
        ...base,
        reservation_id: existing.id,
        reason: `cancelled on ${provider.provider}`,
        cancelled_by_role: 'platform',
        refund_amount: '0',
        currency,
      });
      return { kind: 'applied', reservationId: existing.id, overbooked: false, propertyId: property.id };
    }

    const lines = units.map((u) => ({
      roomTypeId: u.roomTypeId,
      ratePlanId: null,
      roomsCount: u.count,
      lineTotalMinor: u.lineTotalMinor,
    }));
    const adults = rev.rooms.reduce((s, x) => s + x.adults, 0) || 1;
    const children = rev.rooms.reduce((s, x) => s + x.children, 0);
    const snapshot = flatSnapshot(currency, total, daysBetween(rev.arrivalDate, rev.departureDate));
    const guestDetails = {
      first_name: rev.customer.name,
      last_name: rev.customer.surname,
      email: rev.customer.mail,
      phone: rev.customer.phone,
      ota_reservation_code: rev.otaReservationCode,
      notes: rev.notes,
    };
    let reservationId: number;
    let overbooked: boolean;
    if (existing) {
      // A booking cancelled here and then revised again on the platform is reinstated on the same
      // reservation (one reservation per platform booking); its cancelled lines hold no nights.
      const reinstated = existing.status === 'cancelled';
      const old = reinstated ? [] : await repo.lines(existing.id);
      await lockAll(tx, property.id, [
        ...old.map((l) => ({
          roomTypeId: l.roomTypeId,
          checkin: existing.checkinDate,
          checkout: existing.checkoutDate,
        })),
        ...units,
      ]);
      await release(tx, property.id, existing.checkinDate, existing.checkoutDate, old);
      overbooked = await take(tx, property.id, units);
      await repo.replaceLines(existing.id, lines);
      await repo.updateReservation(existing.id, {
        checkinDate: rev.arrivalDate,
        checkoutDate: rev.departureDate,
        adults,
        children,
        totalMinor: total,
        currency,
        priceSnapshot: snapshot,
        guestDetails,
        overbooked,
        updatedAt: now,
        ...(reinstated
          ? { status: 'confirmed' as const, cancelledAt: null, cancelReason: null, confirmedAt: now }
          : {}),
      });
      reservationId = existing.id;
      await events.insertEvent('reservation.modified', {
        ...base,
        reservation_id: existing.id,
        modified_by: null,
        old: {
          checkin_date: existing.checkinDate,
          checkout_date: existing.checkoutDate,
          total: fmt(existing.totalMinor),
        },
        new: { checkin_date: rev.arrivalDate, checkout_date: rev.departureDate, total: fmt(total) },
      });
    } else {
      await lockAll(tx, property.id, units);
      overbooked = await take(tx, property.id, units);
      const created = await repo.insertReservation(
        {
          bookingRefCode: newBookingRef(),
          propertyId: property.id,
          guestId: null,
          status: 'confirmed',
          checkinDate: rev.arrivalDate,
          checkoutDate: rev.departureDate,
          adults,
          children,
          guestDetails,
          specialRequests: rev.notes,
          currency,
          totalMinor: total,
          priceSnapshot: snapshot,
          confirmedAt: now,
          source: 'channel',
          provider: provider.provider,
          externalId: rev.bookingId,
          overbooked,
          createdAt: now,
          updatedAt: now,
        },
        lines,
      );
      reservationId = created.id;
      await events.insertEvent('reservation.created', {
        ...base,
        reservation_id: created.id,
        total: fmt(total),
        guest_name: `${rev.customer.name} ${rev.customer.surname}`.trim(),
      });
    }
    await repo.setRevisionOutcome(rev.id, { reservationId, overbooked });
    if (overbooked) {
      await events.insertEvent(CHANNEL_BOOKING_OVERBOOKED, {
        ...base,
        reservation_id: reservationId,
        revision_id: rev.id,
        checkin_date: rev.arrivalDate,
        checkout_date: rev.departureDate,
      });
    }
    return { kind: 'applied', reservationId, overbooked, propertyId: property.id };
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(work);
    } catch (err) {
      if (!isDeadlock(err) || attempt >= ATTEMPTS) throw err;
    }
  }
}
