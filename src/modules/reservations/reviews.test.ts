import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { createProperty, countRows } from '../../../test/helpers/catalog-factories.ts';
import { onPostgres } from '../../../test/helpers/test-database.ts';
import { properties } from '../../db/schema/index.ts';
import { completeStays, newFeedbackId } from './complete-stays.ts';
import { reservationById, seedReservation } from './reservations.test-support.ts';

describe('reviews', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ start: new Date('2031-03-10T12:00:00Z') });
  });
  after(() => t.close());

  let day = 0;
  // Each stay gets its own night so several can share a listing.
  async function completedStay(over: { propertyId?: number; guestId?: number } = {}) {
    day += 1;
    const checkin = new Date(Date.UTC(2030, 0, day)).toISOString().slice(0, 10);
    const checkout = new Date(Date.UTC(2030, 0, day + 1)).toISOString().slice(0, 10);
    const owner = await createUser(t.deps, { role: 'owner' });
    const guest = await createUser(t.deps);
    const propertyId = over.propertyId ?? (await createProperty(t.deps, owner.id)).id;
    const r = await seedReservation(t.deps, {
      propertyId,
      guestId: over.guestId ?? guest.id,
      status: 'completed',
      checkin,
      checkout,
      feedbackId: newFeedbackId(),
    });
    return { r, propertyId, guest, owner };
  }
  const post = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/public-feedback/${id}`, payload });
  const ratingOf = async (id: number) => {
    const [p] = await t.deps.db
      .select({ sum: properties.ratingSum, n: properties.ratingCount })
      .from(properties)
      .where(eq(properties.id, id));
    return p!;
  };

  it('shows the stay without a login, then stores one review and adds it to the rating', async () => {
    const { r, propertyId } = await completedStay();
    const page = await t.app.inject({ method: 'GET', url: `/api/public-feedback/${r.feedbackId}` });
    assert.equal(page.statusCode, 200);
    const [p] = await t.deps.db.select().from(properties).where(eq(properties.id, propertyId));
    assert.deepEqual(page.json().data, {
      reservation: {
        booking_ref_code: r.bookingRefCode,
        checkin_date: r.checkinDate,
        checkout_date: r.checkoutDate,
        property: { id: propertyId, public_name: p!.publicName },
      },
      review: null,
    });

    const res = await post(r.feedbackId!, { rating: 4, comment: '  Lovely flat  ' });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.review, {
      rating: 4,
      comment: 'Lovely flat',
      created_at: '2031-03-10T12:00:00.000Z',
    });
    assert.deepEqual(await ratingOf(propertyId), { sum: 4, n: 1 });
    assert.deepEqual(
      (await t.app.inject({ method: 'GET', url: `/api/public-feedback/${r.feedbackId}` })).json().data.review,
      res.json().data.review,
    );

    const again = await post(r.feedbackId!, { rating: 1 });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(await ratingOf(propertyId), { sum: 4, n: 1 });

    const detailOf = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/properties/${propertyId}` })).json().data.rating;
    assert.equal(await detailOf(), '4.0', 'now cached');

    const second = await completedStay({ propertyId });
    assert.equal((await post(second.r.feedbackId!, { rating: 5 })).statusCode, 201);
    assert.deepEqual(await ratingOf(propertyId), { sum: 9, n: 2 });
    assert.equal(await detailOf(), '4.5', 'the review invalidated the cached read form');
  });

  it('refuses ratings out of range and long comments (422) and unknown ids (404)', async () => {
    const { r, propertyId } = await completedStay();
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, {}, { rating: 3, comment: 'x'.repeat(2001) }]) {
      assert.equal((await post(r.feedbackId!, body)).statusCode, 422, JSON.stringify(body).slice(0, 40));
    }
    assert.equal((await post(r.feedbackId!, { rating: 5, comment: 'x'.repeat(2000) })).statusCode, 201);
    assert.deepEqual(await ratingOf(propertyId), { sum: 5, n: 1 });
    assert.equal((await post(newFeedbackId(), { rating: 5 })).statusCode, 404);
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/public-feedback/${newFeedbackId()}` })).statusCode,
      404,
    );
  });

  it('only a completed stay can be reviewed', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    // A feedback id on a stay that is not completed does not exist in practice; the rule holds anyway.
    const before = await countRows(t.deps, 'reviews');
    const r = await seedReservation(t.deps, {
      propertyId: p.id,
      status: 'cancelled',
      checkin: '2031-03-01',
      checkout: '2031-03-02',
      feedbackId: newFeedbackId(),
    });
    assert.equal((await post(r.feedbackId!, { rating: 5 })).statusCode, 409);
    assert.equal(await countRows(t.deps, 'reviews'), before);
    assert.deepEqual(await ratingOf(p.id), { sum: 0, n: 0 });
  });

  it('the feedback id issued by the completion job opens the page', async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id, { timezone: 'UTC' });
    const r = await seedReservation(t.deps, {
      propertyId: p.id,
      status: 'confirmed',
      checkin: '2031-03-05',
      checkout: '2031-03-08',
    });
    await completeStays(t.deps);
    const id = (await reservationById(t.deps, r.id)).feedbackId!;
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/public-feedback/${id}` })).statusCode, 200);
    assert.equal((await post(id, { rating: 3 })).statusCode, 201);
  });

  it('concurrent submissions for one stay: exactly one 201', async (tc) => {
    if (!onPostgres) tc.diagnostic('PGlite runs one transaction at a time; the race is real on PostgreSQL');
    const { r, propertyId } = await completedStay();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(r.feedbackId!, { rating: (i % 5) + 1 })),
    );
    const codes = results.map((x) => x.statusCode).sort();
    assert.deepEqual(codes, [201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((x) => x.statusCode === 201)!.json().data.review.rating;
    assert.deepEqual(await ratingOf(propertyId), { sum: winner, n: 1 });
  });

  it("lists a visible listing's reviews publicly, newest first; a hidden one only for its owner", async () => {
    const owner = await createUser(t.deps, { role: 'owner' });
    const p = await createProperty(t.deps, owner.id);
    const a = await completedStay({ propertyId: p.id });
    await post(a.r.feedbackId!, { rating: 2, comment: 'Noisy' });
    t.clock.advance(60_000);
    const b = await completedStay({ propertyId: p.id });
    await post(b.r.feedbackId!, { rating: 5 });
    const res = await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/reviews?per_page=1` });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(body.meta, { current_page: 1, per_page: 1, total: 2, last_page: 2 });
    assert.equal(body.data.length, 1);
    assert.deepEqual(
      { ...body.data[0], id: 0 },
      { id: 0, rating: 5, comment: null, created_at: t.clock.now().toISOString(), guest_first_name: 'Test' },
    );
    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/reviews?per_page=1&page=2` })
    ).json();
    assert.equal(page2.data[0].comment, 'Noisy');

    await t.deps.db.update(properties).set({ visibility: false }).where(eq(properties.id, p.id));
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/reviews` })).statusCode, 404);
    const token = await loginAs(t.app, owner);
    const mine = await t.app.inject({ method: 'GET', url: `/api/properties/${p.id}/reviews`, headers: bearer(token) });
    assert.equal(mine.statusCode, 200);
    assert.equal(mine.json().meta.total, 2);
  });
});
