// showReservations (a batch of read forms, for the outgoing webhooks' payloads) shows each
// reservation exactly as showReservation does to the same caller, and leaves out what that
// caller would get 404 for.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createUser } from '../../../test/helpers/factories.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import type { AuthUser, Role } from '../../kernel/caller.ts';
import { showReservation } from './show-reservation.ts';
import { showReservations } from './show-reservations.ts';
import { seedReservation } from './reservations.test-support.ts';

const caller = (id: number, role: Role): AuthUser => ({
  id,
  role,
  sessionId: 'test',
  loginType: 'test',
  sessionCreatedAt: new Date(0),
  jti: 'test',
});

describe('showReservations', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers what showReservation answers each caller, in a batch, leaving out what it refuses', async () => {
    const ownerA = await createUser(t.deps, { role: 'owner' });
    const ownerB = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    const admin = await createUser(t.deps, { role: 'admin' });
    const [a1, a2, b1] = await Promise.all([
      createProperty(t.deps, ownerA.id),
      createProperty(t.deps, ownerA.id),
      createProperty(t.deps, ownerB.id),
    ]);
    const seeded = [];
    for (const [i, p] of [a1!, a1!, a2!, b1!].entries())
      seeded.push(
        await seedReservation(t.deps, {
          propertyId: p.id,
          guestId: guest.id,
          checkin: `2031-05-${String(10 + 2 * i).padStart(2, '0')}`,
          checkout: `2031-05-${String(11 + 2 * i).padStart(2, '0')}`,
        }),
      );
    const ids = [...seeded.map((r) => r.id), 999_999_999];
    const cases: Array<[AuthUser, number[]]> = [
      [caller(ownerA.id, 'owner'), seeded.slice(0, 3).map((r) => r.id)],
      [caller(ownerB.id, 'owner'), [seeded[3]!.id]],
      [caller(guest.id, 'client'), seeded.map((r) => r.id)],
      [caller(admin.id, 'admin'), seeded.map((r) => r.id)],
    ];
    for (const [user, visible] of cases) {
      const shown = await showReservations(t.deps, user, ids);
      assert.deepEqual([...shown.keys()].sort(), [...visible].sort(), `${user.role} ${user.id}`);
      for (const id of visible) assert.deepEqual(shown.get(id), await showReservation(t.deps, user, id));
    }
  });
});
