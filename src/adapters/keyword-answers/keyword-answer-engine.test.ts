import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PropertyFacts } from '../../ports/answer-engine.ts';
import { hasKeyword, KeywordAnswerEngine, normalise } from './keyword-answer-engine.ts';

const facts = (over: Partial<PropertyFacts> = {}): PropertyFacts => ({
  name: 'Sea View',
  checkInTime: '15:00:00',
  checkInTimeEnd: '20:00:00',
  checkOutTime: '11:00:00',
  rules: ['No smoking', 'No parties'],
  cancellationPolicies: ['flexible'],
  cancellationDescription: 'Flexible: full refund until 24 hours before check-in.',
  amenities: ['Wi-Fi', 'Pool', 'Free parking', 'Kitchen'],
  petsAllowed: false,
  breakfastIncluded: true,
  hasWifi: true,
  wifi: null,
  ...over,
});

describe('KeywordAnswerEngine', () => {
  const engine = new KeywordAnswerEngine();
  const ask = (
    q: string,
    property: PropertyFacts | null = facts(),
    faqs = [] as Array<{ id: number; question: string; answer: string; keywords: string[] }>,
  ) => engine.answer(q, { property, faqs });

  it('normalises accents, case and punctuation; matches whole words or prefixes with *', () => {
    assert.equal(normalise("À quelle heure est l'Arrivée ?"), 'a quelle heure est l arrivee');
    assert.ok(hasKeyword('what is the check in time', 'check-in'));
    assert.ok(!hasKeyword('checking in', 'check in'));
    assert.ok(hasKeyword('can i get a refund', 'refund*'));
    assert.ok(hasKeyword('refunds please', 'refund*'));
    assert.ok(!hasKeyword('petit dejeuner', 'pet'));
  });

  it('answers each fact kind in English from the listing', async () => {
    const cases: Array<[string, RegExp]> = [
      ['What time is check-in?', /^Check-in at Sea View is from 15:00 to 20:00\.$/],
      ['When is checkout?', /^Check-out at Sea View is by 11:00\.$/],
      ['What are the house rules?', /No smoking; No parties/],
      ['Can I bring my dog?', /Pets are not allowed/],
      ['Is breakfast included?', /Breakfast is included/],
      ['Can I get a refund if I cancel?', /Flexible: full refund until 24 hours/],
      ['Which amenities are there?', /Amenities at Sea View: Wi-Fi, Pool, Free parking, Kitchen\./],
      ['Is there a pool?', /^Yes, Sea View has: Pool\.$/],
      ['Is there parking nearby?', /Free parking/],
    ];
    for (const [q, expected] of cases) {
      const a = await ask(q);
      assert.equal(a?.source, 'property', q);
      assert.match(a!.answer, expected, q);
    }
  });

  it('answers in French to a French question', async () => {
    assert.match(
      (await ask("À quelle heure est l'arrivée ?"))!.answer,
      /^L'arrivée à Sea View se fait de 15:00 à 20:00\.$/,
    );
    assert.match((await ask("Quelle est l'heure de départ ?"))!.answer, /au plus tard à 11:00/);
    assert.match((await ask('Les animaux sont-ils acceptés ?'))!.answer, /ne sont pas acceptés/);
    assert.match((await ask("Conditions d'annulation ?"))!.answer, /remboursement intégral jusqu'à 24 heures/);
    assert.match((await ask('Y a-t-il une piscine ?'))!.answer, /^Oui, Sea View dispose de : Pool\.$/);
    assert.match((await ask('Le petit-déjeuner est-il inclus ?'))!.answer, /Le petit-déjeuner est inclus/);
    assert.match(
      (await ask('Quel est le règlement intérieur ?'))!.answer,
      /Règlement intérieur de Sea View : No smoking ; No parties/,
    );
  });

  it('gives the Wi-Fi password only when the facts hold it', async () => {
    const withheld = await ask('What is the wifi password?');
    assert.match(withheld!.answer, /shared with guests who have a confirmed stay/);
    assert.doesNotMatch(withheld!.answer, /pass-123|net-1/);
    const given = await ask('What is the wifi password?', facts({ wifi: { network: 'net-1', password: 'pass-123' } }));
    assert.equal(given!.answer, 'Wi-Fi at Sea View: network "net-1", password "pass-123".');
    assert.match(
      (await ask('Quel est le mot de passe du wifi ?', facts({ wifi: { network: 'net-1', password: 'pass-123' } })))!
        .answer,
      /mot de passe « pass-123 »/,
    );
    assert.equal(await ask('wifi?', facts({ hasWifi: false, amenities: [] })), null, 'no Wi-Fi listed: not guessed');
  });

  it('never guesses an empty fact, falls back to the FAQ, and answers null when nothing matches', async () => {
    const bare = facts({
      checkInTime: null,
      checkInTimeEnd: null,
      rules: [],
      cancellationPolicies: [],
      cancellationDescription: null,
      amenities: [],
    });
    assert.equal(await ask('What time is check-in?', bare), null);
    assert.equal(await ask('Any house rules?', bare), null);
    const faqs = [
      { id: 1, question: 'How do I pay?', answer: 'By card at booking.', keywords: ['pay*', 'card'] },
      { id: 2, question: 'Pay in cash?', answer: 'Cash is not accepted.', keywords: ['pay*', 'cash'] },
    ];
    const viaFaq = await ask('Can I pay in cash?', null, faqs);
    assert.deepEqual(viaFaq, { answer: 'Cash is not accepted.', source: 'faq', faqId: 2 });
    assert.deepEqual(await ask('What time is check-in?', bare, faqs), null);
    assert.equal(await ask('Tell me a joke', facts(), faqs), null);
    assert.equal(await ask('   ', facts(), faqs), null);
  });
});
