import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { makeCast, type Cast, type Who } from '../messaging/messaging.test-support.ts';

describe('FAQ admin: GET/POST/PUT/DELETE /chatbots/faqs', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who | 'anonymous', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/chatbots/faqs${url}`,
      headers: c.headers(who),
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const askBot = (message: string) =>
    t.app.inject({ method: 'POST', url: '/api/chatbots', headers: c.headers('client'), payload: { message } });

  it('creates, lists, changes and deletes entries; the bot uses what is active', async () => {
    const created = await call('POST', '', 'admin', {
      question: 'Do you take crypto?',
      answer: 'No, cards only.',
      keywords: [' Crypto ', 'bitcoin', 'crypto', 'Moyens de paiement'],
    });
    assert.equal(created.statusCode, 201, created.body);
    const faq = created.json().data;
    assert.deepEqual(faq, {
      id: faq.id,
      question: 'Do you take crypto?',
      answer: 'No, cards only.',
      keywords: ['crypto', 'bitcoin', 'moyens de paiement'],
      is_active: true,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    assert.equal((await askBot('Can I pay with Bitcoin?')).json().data.answer, 'No, cards only.');
    assert.equal(
      (await askBot('Quels moyens de paiement acceptez-vous ?')).json().data.answered_from,
      'faq',
      'accents and case do not matter',
    );

    const list = await call('GET', '', 'support');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().data, [faq]);
    assert.deepEqual(list.json().meta, { current_page: 1, per_page: 20, total: 1, last_page: 1 });

    t.clock.advance(1000);
    const changed = await call('PUT', `/${faq.id}`, 'admin', { is_active: false });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(changed.json().data, { ...faq, is_active: false, updated_at: t.clock.now().toISOString() });
    assert.equal((await askBot('Can I pay with Bitcoin?')).json().data.status, 'needs_support');
    assert.deepEqual((await call('GET', '?is_active=true', 'admin')).json().data, []);
    assert.equal((await call('GET', '?is_active=false', 'admin')).json().data.length, 1);
    const renamed = await call('PUT', `/${faq.id}`, 'admin', {
      answer: 'Cards and bank transfer.',
      keywords: ['crypto'],
      is_active: true,
    });
    assert.equal(renamed.json().data.answer, 'Cards and bank transfer.');
    assert.deepEqual(renamed.json().data.keywords, ['crypto']);

    const deleted = await call('DELETE', `/${faq.id}`, 'admin');
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(deleted.json(), { success: true, message: 'FAQ entry deleted', data: null });
    assert.equal((await call('DELETE', `/${faq.id}`, 'admin')).statusCode, 404);
    assert.equal((await call('PUT', `/${faq.id}`, 'admin', { answer: 'x' })).statusCode, 404);
  });

  it('is for admin; support may read; others 403; no token 401', async () => {
    const body = { question: 'Q?', answer: 'A.', keywords: ['q'] };
    const id = (await call('POST', '', 'admin', body)).json().data.id;
    for (const who of ['support', 'owner', 'client'] as const) {
      assert.equal((await call('POST', '', who, body)).statusCode, 403, who);
      assert.equal((await call('PUT', `/${id}`, who, { answer: 'B.' })).statusCode, 403, who);
      assert.equal((await call('DELETE', `/${id}`, who)).statusCode, 403, who);
    }
    for (const who of ['owner', 'client'] as const) assert.equal((await call('GET', '', who)).statusCode, 403, who);
    for (const method of ['GET', 'POST'] as const)
      assert.equal((await call(method, '', 'anonymous', method === 'POST' ? body : undefined)).statusCode, 401);
  });

  it('names each invalid field (422)', async () => {
    const valid = { question: 'Q?', answer: 'A.', keywords: ['q'] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, question: '  ' }, 'question'],
      [{ ...valid, answer: undefined }, 'answer'],
      [{ ...valid, keywords: [] }, 'keywords'],
      [{ ...valid, keywords: ['ok', ''] }, 'keywords.1'],
      [{ ...valid, is_active: 'maybe' }, 'is_active'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '', 'admin', payload);
      assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
      assert.ok(res.json().errors[field], `${field}: ${res.body}`);
    }
    const id = (await call('POST', '', 'admin', valid)).json().data.id;
    const empty = await call('PUT', `/${id}`, 'admin', { unknown: 1 });
    assert.equal(empty.statusCode, 422, empty.body);
    assert.equal((await call('PUT', `/${id}`, 'admin', { keywords: [] })).statusCode, 422);
    assert.equal((await call('PUT', '/abc', 'admin', { answer: 'x' })).statusCode, 422);
  });
});
