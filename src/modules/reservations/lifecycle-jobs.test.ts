// Hold expiry and stay completion: what they change, that a repeat changes nothing, and that
// two instances (two apps on one database) do each change once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty, createRoomType } from '../../../test/helpers/catalog-factories.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { jobDefinitions } from '../../jobs/index.ts';
import { EXPIRE_HOLDS_JOB, expireHolds } from './expire-holds.ts';
import { COMPLETE_STAYS_JOB, completeStays } from './complete-stays.ts';
import { bookedTotal, eventsFor, reservationById, seedReservation } from './reservations.test-support.ts';

const START = new Date('2031-03-10T12:00:00Z');
const minutes = (n: number) => n * 60_000;

describe('reservation lifecycle jobs', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ start: START });
  });
  after(() => t.close());

  it('expires only holds that have ended and releases exactly their nights, once', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    const p = await createProperty(t.deps, owner.id);
    const { roomType } = await createRoomType(t.deps, p.id, { countOfRooms: 3 });
    const now = t.clock.now();
    const ended = await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: guest.id,
      checkin: '2031-04-01',
      checkout: '2031-04-04',
      holdExpiresAt: new Date(now.getTime() - 1000),
      lines: [
        { roomTypeId: roomType.id, roomsCount: 2, defaultAvailable: 3 },
        { roomTypeId: 0, roomsCount: 1 },
      ],
    });
    const running = await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: guest.id,
      checkin: '2031-04-02',
      checkout: '2031-04-03',
      holdExpiresAt: new Date(now.getTime() + minutes(10)),
      lines: [{ roomTypeId: roomType.id, roomsCount: 1, defaultAvailable: 3 }],
    });
    const confirmed = await seedReservation(t.deps, {
      propertyId: p.id,
      status: 'confirmed',
      checkin: '2031-04-03',
      checkout: '2031-04-05',
      holdExpiresAt: new Date(now.getTime() - minutes(60)),
      lines: [{ roomTypeId: roomType.id, roomsCount: 1, defaultAvailable: 3 }],
    });
    assert.equal(await bookedTotal(t.deps, p.id, roomType.id), 2 * 3 + 1 + 2);
    assert.equal(await bookedTotal(t.deps, p.id, 0), 3);

    assert.equal(await expireHolds(t.deps), 1);
    assert.equal((await reservationById(t.deps, ended.id)).status, 'expired');
    assert.equal((await reservationById(t.deps, running.id)).status, 'pending');
    assert.equal(
      (await reservationById(t.deps, confirmed.id)).status,
      'confirmed',
      'a paid reservation keeps its nights whatever its old hold',
    );
    assert.equal(await bookedTotal(t.deps, p.id, roomType.id), 1 + 2);
    assert.equal(await bookedTotal(t.deps, p.id, 0), 0);
    const events = await eventsFor(t.deps, 'reservation.expired', ended.id);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]!.payload, { reservation_id: ended.id, property_id: p.id, guest_id: guest.id });

    assert.equal(await expireHolds(t.deps), 0, 'a second run changes nothing');
    assert.equal(await bookedTotal(t.deps, p.id, roomType.id), 3);
    assert.equal((await eventsFor(t.deps, 'reservation.expired', ended.id)).length, 1);

    t.clock.advance(minutes(11));
    assert.equal(await expireHolds(t.deps), 1, 'the later hold ends in its turn');
    assert.equal(await bookedTotal(t.deps, p.id, roomType.id), 2);
  });

  it('works through batches larger than one', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const past = new Date(t.clock.now().getTime() - 1000);
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await seedReservation(t.deps, {
            propertyId: p.id,
            checkin: `2031-05-0${i + 1}`,
            checkout: `2031-05-0${i + 2}`,
            holdExpiresAt: past,
          })
        ).id,
      );
    assert.equal(await expireHolds(t.deps, t.clock.now(), 2), 5);
    assert.equal(await bookedTotal(t.deps, p.id), 0);
  });

  it('two instances running the expiry job at once expire each hold once', async (tc) => {
    if (!onPostgres)
      tc.diagnostic('PGlite runs one transaction at a time; the SKIP LOCKED race is exercised on PostgreSQL');
    const other = await createTestApp({ database: t.database, start: t.clock.now() });
    try {
      const owner = await createUser(t.deps, { role: 'owner' });
      const p = await createProperty(t.deps, owner.id);
      const past = new Date(t.clock.now().getTime() - 1000);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++)
        ids.push(
          (
            await seedReservation(t.deps, {
              propertyId: p.id,
              checkin: `2031-06-0${i + 1}`,
              checkout: `2031-06-0${i + 2}`,
              holdExpiresAt: past,
            })
          ).id,
        );
      const only = (app: TestApp) =>
        jobDefinitions(app.deps, app.deps.outbox).filter((j) => j.name === EXPIRE_HOLDS_JOB);
      const a = new JobRunner(t.deps.db, only(t), t.deps.instanceId, t.deps.log);
      const b = new JobRunner(other.deps.db, only(other), other.deps.instanceId, other.deps.log);
      const [ranA, ranB] = await Promise.all([a.runNow(EXPIRE_HOLDS_JOB), b.runNow(EXPIRE_HOLDS_JOB)]);
      assert.ok(ranA || ranB);
      // Whatever the runner lets through, SKIP LOCKED keeps direct overlapping calls apart too.
      const [x, y] = await Promise.all([expireHolds(t.deps), expireHolds(other.deps)]);
      assert.equal(x + y, 0);
      for (const id of ids) {
        assert.equal((await reservationById(t.deps, id)).status, 'expired');
        assert.equal((await eventsFor(t.deps, 'reservation.expired', id)).length, 1);
      }
      assert.equal(await bookedTotal(t.deps, p.id), 0);
    } finally {
      await other.close();
    }
  });

  it('overlapping direct runs split the batch between them', async () => {
    const other = await createTestApp({ database: t.database, start: t.clock.now() });
    try {
      const owner = await createUser(t.deps, { role: 'owner' });
      const p = await createProperty(t.deps, owner.id);
      const past = new Date(t.clock.now().getTime() - 1000);
      const ids: number[] = [];
      for (let i = 0; i < 8; i++)
        ids.push(
          (
            await seedReservation(t.deps, {
              propertyId: p.id,
              checkin: `2031-07-0${i + 1}`,
              checkout: `2031-07-0${i + 2}`,
              holdExpiresAt: past,
            })
          ).id,
        );
      const [x, y] = await Promise.all([expireHolds(t.deps, undefined, 3), expireHolds(other.deps, undefined, 3)]);
      assert.equal(x + y, 8);
      for (const id of ids) assert.equal((await eventsFor(t.deps, 'reservation.expired', id)).length, 1);
      assert.equal(await bookedTotal(t.deps, p.id), 0);
    } finally {
      await other.close();
    }
  });

  it("completes a stay only once its check-out date is past in the property's time zone", async () => {
    t.clock.set(new Date('2031-03-10T12:00:00Z'));
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    // At 12:00 UTC on the 10th it is already the 11th on Kiritimati (UTC+14), still the 10th in Los Angeles.
    const east = await createProperty(t.deps, owner.id, { timezone: 'Pacific/Kiritimati' });
    const west = await createProperty(t.deps, owner.id, { timezone: 'America/Los_Angeles' });
    const stay = { status: 'confirmed' as const, guestId: guest.id, checkin: '2031-03-08', checkout: '2031-03-10' };
    const e = await seedReservation(t.deps, { ...stay, propertyId: east.id });
    const w = await seedReservation(t.deps, { ...stay, propertyId: west.id });
    const pending = await seedReservation(t.deps, {
      ...stay,
      status: 'pending',
      propertyId: east.id,
      checkin: '2031-03-01',
      checkout: '2031-03-03',
      holdExpiresAt: new Date('2031-03-20T00:00:00Z'),
    });

    assert.equal(await completeStays(t.deps), 1);
    const eRow = await reservationById(t.deps, e.id);
    assert.equal(eRow.status, 'completed');
    assert.match(eRow.feedbackId ?? '', /^[A-Za-z0-9_-]{32}$/);
    assert.equal((await reservationById(t.deps, w.id)).status, 'confirmed');
    assert.equal((await reservationById(t.deps, w.id)).feedbackId, null);
    assert.equal((await reservationById(t.deps, pending.id)).status, 'pending', 'only confirmed stays complete');
    const events = await eventsFor(t.deps, 'reservation.completed', e.id);
    assert.deepEqual(
      events.map((x) => x.payload),
      [{ reservation_id: e.id, property_id: east.id, guest_id: guest.id, feedback_id: eRow.feedbackId }],
    );
    assert.equal(await completeStays(t.deps), 0, 'a repeat changes nothing');
    assert.equal((await reservationById(t.deps, e.id)).feedbackId, eRow.feedbackId);

    t.clock.set(new Date('2031-03-11T06:59:00Z')); // 23:59 on the 10th in Los Angeles (PDT, UTC−7)
    assert.equal(await completeStays(t.deps), 0);
    t.clock.set(new Date('2031-03-11T07:00:00Z'));
    assert.equal(await completeStays(t.deps), 1);
    const wRow = await reservationById(t.deps, w.id);
    assert.equal(wRow.status, 'completed');
    assert.notEqual(wRow.feedbackId, eRow.feedbackId);
    assert.equal(await bookedTotal(t.deps, west.id), 2, 'completion keeps the nights sold');
  });

  it('the completion job runs once through two runners', async () => {
    t.clock.set(new Date('2031-09-10T12:00:00Z'));
    const other = await createTestApp({ database: t.database, start: t.clock.now() });
    try {
      const owner = await createUser(t.deps, { role: 'owner' });
      const p = await createProperty(t.deps, owner.id, { timezone: 'UTC' });
      const r = await seedReservation(t.deps, {
        propertyId: p.id,
        status: 'confirmed',
        checkin: '2031-09-01',
        checkout: '2031-09-05',
      });
      const only = (app: TestApp) =>
        jobDefinitions(app.deps, app.deps.outbox).filter((j) => j.name === COMPLETE_STAYS_JOB);
      const a = new JobRunner(t.deps.db, only(t), t.deps.instanceId, t.deps.log);
      const b = new JobRunner(other.deps.db, only(other), other.deps.instanceId, other.deps.log);
      await Promise.all([a.runNow(COMPLETE_STAYS_JOB), b.runNow(COMPLETE_STAYS_JOB)]);
      assert.equal((await reservationById(t.deps, r.id)).status, 'completed');
      assert.equal((await eventsFor(t.deps, 'reservation.completed', r.id)).length, 1);
    } finally {
      await other.close();
    }
  });
});
