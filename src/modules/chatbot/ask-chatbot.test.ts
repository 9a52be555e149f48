import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { chatbotFaqs, commodities, propertyCommodities } from '../../db/schema/index.ts';
import { seedReservation } from '../reservations/reservations.test-support.ts';
import { events, freshUser, makeCast, type Cast } from '../messaging/messaging.test-support.ts';
import { HANDOFF_NOTICE } from './ask-chatbot.ts';

// "Today" is 2030-01-10 in Paris, where the listings are.
const START = new Date('2030-01-10T12:00:00Z');

describe("POST /chatbots: answers from the listing's facts and the FAQ, hands the rest to support", () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp({ start: START });
    c = await makeCast(t);
  });
  after(() => t.close());

  const ask = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload });

  async function listing(over: Parameters<typeof createProperty>[2] = {}) {
    const p = await createProperty(t.deps, c.users.owner.id, {
      publicName: 'Canal Loft',
      rules: ['No smoking', 'Quiet after 22:00'],
      cancellationPolicy: ['moderate'],
      ...over,
    });
    const ids = await t.deps.db
      .select({ id: commodities.id })
      .from(commodities)
      .where(inArray(commodities.name, ['Wi-Fi', 'Pool', 'Kitchen']));
    await t.deps.db.insert(propertyCommodities).values(ids.map((r) => ({ propertyId: p.id, commodityId: r.id })));
    return p;
  }

  it('answers each kind of listing fact, stored as answered from the property (201)', async () => {
    const p = await listing();
    const cases: Array<[string, string]> = [
      ['What time is check-in?', 'Check-in at Canal Loft is from 15:00 to 20:00.'],
      ['When do I need to check out?', 'Check-out at Canal Loft is by 11:00.'],
      ['What are the house rules?', 'House rules at Canal Loft: No smoking; Quiet after 22:00.'],
      [
        'What is the cancellation policy?',
        "Cancellation policy of Canal Loft: Moderate: full refund until 5 days before check-in. Times are in the property's time zone.",
      ],
      ['Which amenities do you have?', 'Amenities at Canal Loft: Wi-Fi, Kitchen, Pool.'],
      ['Is there a pool?', 'Yes, Canal Loft has: Pool.'],
      ['Are pets allowed?', 'Pets are not allowed at Canal Loft.'],
      ['Is breakfast included?', 'Breakfast is not included at Canal Loft.'],
      ["À quelle heure est l'arrivée ?", "L'arrivée à Canal Loft se fait de 15:00 à 20:00."],
    ];
    for (const [question, answer] of cases) {
      const res = await ask(c.headers('client'), { message: question, property_id: p.id });
      assert.equal(res.statusCode, 201, `${question}: ${res.body}`);
      const d = res.json().data;
      assert.deepEqual(
        d,
        {
          id: d.id,
          user_id: c.users.client.id,
          property_id: p.id,
          question,
          answer,
          status: 'answered',
          answered_from: 'property',
          support_reply: null,
          replied_by: null,
          replied_at: null,
          created_at: START.toISOString(),
          updated_at: START.toISOString(),
        },
        question,
      );
    }
  });

  it('gives the Wi-Fi network and password only to a guest with a confirmed stay that is not over', async () => {
    const p = await listing();
    const confirmed = await freshUser(t, 'client');
    const pending = await freshUser(t, 'client');
    const past = await freshUser(t, 'client');
    await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: confirmed.user.id,
      status: 'confirmed',
      checkin: '2030-01-08',
      checkout: '2030-01-10',
    });
    await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: pending.user.id,
      status: 'pending',
      checkin: '2030-02-01',
      checkout: '2030-02-03',
    });
    await seedReservation(t.deps, {
      propertyId: p.id,
      guestId: past.user.id,
      status: 'confirmed',
      checkin: '2030-01-02',
      checkout: '2030-01-09',
      lines: [{ defaultAvailable: 2 }],
    });
    const other = await listing();
    const elsewhere = await freshUser(t, 'client');
    await seedReservation(t.deps, {
      propertyId: other.id,
      guestId: elsewhere.user.id,
      status: 'confirmed',
      checkin: '2030-03-01',
      checkout: '2030-03-03',
    });

    const question = { message: 'What is the wifi password?', property_id: p.id };
    const granted = await ask(confirmed.headers, question);
    assert.equal(granted.json().data.answer, 'Wi-Fi at Canal Loft: network "flat-wifi", password "secret-wifi-pass".');
    for (const [label, headers] of [
      ['pending guest', pending.headers],
      ['stay over', past.headers],
      ['guest of another listing', elsewhere.headers],
      ['owner', c.headers('owner')],
      ['support', c.headers('support')],
      ['admin', c.headers('admin')],
      ['stranger', c.headers('client2')],
    ] as const) {
      const res = await ask(headers, question);
      assert.equal(res.statusCode, 201, label);
      const answer: string = res.json().data.answer;
      assert.match(answer, /shared with guests who have a confirmed stay/, label);
      assert.ok(!answer.includes('secret-wifi-pass') && !answer.includes('flat-wifi'), `${label}: ${answer}`);
    }
    const french = await ask(confirmed.headers, { message: 'Quel est le mot de passe du wifi ?', property_id: p.id });
    assert.match(french.json().data.answer, /mot de passe « secret-wifi-pass »/);
  });

  it('answers from an active FAQ entry (answered_from faq), with or without a listing', async () => {
    const [faq] = await t.deps.db
      .insert(chatbotFaqs)
      .values({ question: 'How do I pay?', answer: 'By card when you book.', keywords: ['pay*', 'payment'] })
      .returning();
    await t.deps.db
      .insert(chatbotFaqs)
      .values({ question: 'Old', answer: 'Outdated answer.', keywords: ['invoice'], isActive: false });
    const p = await listing();
    for (const body of [{ message: 'How can I pay?' }, { message: 'Payment options?', property_id: p.id }]) {
      const res = await ask(c.headers('client'), body);
      assert.equal(res.statusCode, 201);
      assert.equal(res.json().data.answer, faq!.answer);
      assert.equal(res.json().data.answered_from, 'faq');
      assert.equal(res.json().data.status, 'answered');
    }
    const inactive = await ask(c.headers('client'), { message: 'Where is my invoice?' });
    assert.equal(inactive.json().data.status, 'needs_support', 'an inactive entry is never used');
  });

  it('hands an unanswerable question to support with a notice and a chatbot.handoff event', async () => {
    const p = await listing();
    const res = await ask(c.headers('client2'), { message: 'Can you recommend a restaurant?', property_id: p.id });
    assert.equal(res.statusCode, 201);
    const d = res.json().data;
    assert.equal(res.json().message, 'Passed to support');
    assert.equal(d.status, 'needs_support');
    assert.equal(d.answered_from, null);
    assert.equal(d.answer, HANDOFF_NOTICE);
    const [event] = await events(t, 'chatbot.handoff', 'conversation_id', d.id);
    assert.deepEqual(event, {
      conversation_id: d.id,
      user_id: c.users.client2.id,
      property_id: p.id,
      question: 'Can you recommend a restaurant?',
      created_at: START.toISOString(),
    });
    const answered = await ask(c.headers('client2'), { message: 'What time is check-in?', property_id: p.id });
    assert.deepEqual(
      await events(t, 'chatbot.handoff', 'conversation_id', answered.json().data.id),
      [],
      'no handoff when answered',
    );
  });

  it('refuses a listing the caller may not see (404), no token (401), and names invalid fields (422)', async () => {
    const draft = await createProperty(t.deps, c.users.owner.id, { status: 'draft' });
    assert.equal((await ask(c.headers('client'), { message: 'check-in?', property_id: draft.id })).statusCode, 404);
    assert.equal(
      (await ask(c.headers('owner'), { message: 'check-in?', property_id: draft.id })).statusCode,
      201,
      'the owner sees their draft',
    );
    assert.equal((await ask(c.headers('client'), { message: 'check-in?', property_id: 99999999 })).statusCode, 404);
    assert.equal((await ask({}, { message: 'check-in?' })).statusCode, 401);
    for (const [body, field] of [
      [{}, 'message'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ message: 'hi', property_id: 'abc' }, 'property_id'],
    ] as const) {
      const res = await ask(c.headers('client'), body);
      assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
      assert.ok(res.json().errors[field], `${field}: ${res.body}`);
    }
  });
});
