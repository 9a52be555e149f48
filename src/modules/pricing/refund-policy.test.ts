import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkinInstant, zoneOffsetMs } from './checkin-instant.ts';
import { refundFor } from './refund-policy.ts';

const H = 3_600_000;
const D = 24 * H;
const checkin = new Date('2025-07-20T13:00:00Z');
const ctx = (beforeCheckinMs: number, bookedBeforeCheckinMs = 30 * D, paidMinor = 10001) => ({
  checkinInstant: checkin,
  now: new Date(checkin.getTime() - beforeCheckinMs),
  bookedAt: new Date(checkin.getTime() - bookedBeforeCheckinMs),
  paidMinor,
});

test('flexible: full until 24 h before check-in, then nothing', () => {
  assert.equal(refundFor(['flexible'], ctx(D)), 10001);
  assert.equal(refundFor(['flexible'], ctx(D - 1)), 0);
});

test('moderate: full until 5 days before', () => {
  assert.equal(refundFor(['moderate'], ctx(5 * D)), 10001);
  assert.equal(refundFor(['moderate'], ctx(5 * D - 1)), 0);
});

test('strict: full within 48 h of booking if check-in ≥ 14 days away, else 50 % until 7 days before', () => {
  assert.equal(refundFor(['strict'], ctx(20 * D, 20 * D + 48 * H)), 10001);
  assert.equal(refundFor(['strict'], ctx(20 * D, 20 * D + 48 * H + 1)), 5001); // 50 % of 10001, half-up
  assert.equal(refundFor(['strict'], ctx(13 * D, 14 * D)), 5001); // booked recently but check-in < 14 days away
  assert.equal(refundFor(['strict'], ctx(7 * D, 8 * D)), 5001);
  assert.equal(refundFor(['strict'], ctx(7 * D - 1, 8 * D)), 0);
});

test('several policies: the most generous that applies; none or unknown: nothing', () => {
  assert.equal(refundFor(['strict', 'flexible'], ctx(2 * D)), 10001);
  assert.equal(refundFor(['strict', 'moderate'], ctx(6 * D, 10 * D)), 10001);
  assert.equal(refundFor(['strict', 'moderate'], ctx(4 * D)), 0);
  assert.equal(refundFor([], ctx(100 * D)), 0);
  assert.equal(refundFor(['lenient'], ctx(100 * D)), 0);
  assert.equal(refundFor(['flexible'], ctx(-D)), 0); // after check-in
});

test('refundFor stays within [0, paid] (property)', () => {
  const policy = fc.subarray(['flexible', 'moderate', 'strict', 'other']);
  fc.assert(
    fc.property(
      policy,
      fc.integer({ min: -10 * D, max: 60 * D }),
      fc.integer({ min: 0, max: 90 * D }),
      fc.integer({ min: 0, max: 1e12 }),
      (p, before, booked, paid) => {
        const r = refundFor(p, ctx(before, Math.max(before, booked), paid));
        assert.ok(Number.isSafeInteger(r) && r >= 0 && r <= paid);
      },
    ),
  );
});

test('checkinInstant: Europe/Paris around the DST transitions', () => {
  const at = (d: string, t: string) => checkinInstant(d, t, 'Europe/Paris').toISOString();
  assert.equal(at('2025-03-29', '15:00:00'), '2025-03-29T14:00:00.000Z'); // CET +01
  assert.equal(at('2025-03-30', '15:00:00'), '2025-03-30T13:00:00.000Z'); // CEST +02, same day
  assert.equal(at('2025-03-30', '01:30:00'), '2025-03-30T00:30:00.000Z');
  assert.equal(at('2025-03-30', '02:30:00'), '2025-03-30T01:30:00.000Z'); // gap → 03:30 CEST
  assert.equal(at('2025-10-26', '02:30:00'), '2025-10-26T00:30:00.000Z'); // overlap → the earlier
  assert.equal(at('2025-10-26', '03:30:00'), '2025-10-26T02:30:00.000Z'); // CET again
  assert.equal(at('2025-10-25', '15:00:00'), '2025-10-25T13:00:00.000Z');
  assert.equal(checkinInstant('2025-07-01', '14:00:00', 'UTC').toISOString(), '2025-07-01T14:00:00.000Z');
  assert.equal(checkinInstant('2025-07-01', '14:00:00', 'Asia/Kolkata').toISOString(), '2025-07-01T08:30:00.000Z');
  assert.throws(() => checkinInstant('2025-07-01', '25:00:00', 'UTC'), RangeError);
});

test('checkinInstant round-trips every existing wall time (property, Paris and New York)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 3650 }),
      fc.integer({ min: 0, max: 24 * 60 - 1 }),
      fc.constantFrom('Europe/Paris', 'America/New_York', 'Australia/Sydney'),
      (day, minute, tz) => {
        const date = new Date(Date.UTC(2020, 0, 1) + day * D).toISOString().slice(0, 10);
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
        const instant = checkinInstant(date, time, tz).getTime();
        const wall = Date.parse(`${date}T${time}Z`);
        const local = instant + zoneOffsetMs(instant, tz);
        // Either the wall time exists and is met exactly, or it is in a spring gap and moved forward by ≤ 1 h.
        assert.ok(local === wall || (local > wall && local - wall <= H), `${date} ${time} ${tz}`);
      },
    ),
    { numRuns: 500 },
  );
});
