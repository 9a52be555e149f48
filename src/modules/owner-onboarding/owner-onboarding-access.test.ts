import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import type { Role } from '../../kernel/caller.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from './sample-kyc-files.ts';
import { Recorder, account, form, pdf } from './owner-onboarding.test-support.ts';

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'client', 'owner', 'support', 'admin'];

describe('owner onboarding: who may do what', () => {
  let t: TestApp;
  let rec: Recorder;
  const tokens = {} as Record<Role, string>;
  before(async () => {
    t = await createTestApp();
    rec = new Recorder(t);
    for (const role of ['client', 'owner', 'support', 'admin'] as Role[]) tokens[role] = (await account(t, role)).token;
  });
  after(async () => {
    await rec.assertNoKeysLeaked();
    await t.close();
  });

  const headers = (c: Caller) => (c === 'anonymous' ? {} : bearer(tokens[c]));

  /** A fresh pending application, so each caller decides one of its own. */
  async function pending(over: Parameters<Recorder['apply']>[1] = {}) {
    const a = await account(t);
    const res = await rec.apply(a.token, over);
    assert.equal(res.statusCode, 201, res.body);
    return { ...a, requestId: res.json().data.id as number };
  }

  async function expectByCaller(
    expected: Record<Caller, number>,
    call: (c: Caller) => Promise<{ statusCode: number; body: string }>,
  ) {
    for (const c of CALLERS) {
      const res = await call(c);
      assert.equal(res.statusCode, expected[c], `${c}: ${res.body}`);
    }
  }

  it('POST /user/become-owner: 401, 201, 409, 403, 403', async () => {
    // A client of its own: the shared one must stay without an application for the other routes.
    const applicant = await account(t);
    await expectByCaller({ anonymous: 401, client: 201, owner: 409, support: 403, admin: 403 }, (c) =>
      rec.inject({
        method: 'POST',
        url: '/api/user/become-owner',
        headers: c === 'client' ? bearer(applicant.token) : headers(c),
        payload: form(),
      }),
    );
  });

  it('POST /user/owner-request/documents: 401, then 404 for anyone without a pending application; 200 for its applicant', async () => {
    await expectByCaller({ anonymous: 401, client: 404, owner: 404, support: 404, admin: 404 }, (c) =>
      rec.inject({
        method: 'POST',
        url: '/api/user/owner-request/documents',
        headers: headers(c),
        payload: form({ company_document: pdf() }, {}),
      }),
    );
    const a = await pending({ user_type: 'company' });
    assert.equal((await rec.addDocument(a.token)).statusCode, 200);
    const fake = await rec.addDocument(a.token, {
      data: Buffer.from('MZ not a pdf'),
      name: 'doc.pdf',
      type: 'application/pdf',
    });
    assert.equal(fake.statusCode, 415);
    assert.ok(fake.json().errors.company_document);
    assert.equal(
      (
        await rec.inject({
          method: 'POST',
          url: '/api/user/owner-request/documents',
          headers: bearer(a.token),
          payload: form({ company_document: 'text' }, {}),
        })
      ).statusCode,
      422,
    );
  });

  it('GET /user/owner-requests: 401, 403, 403, 200, 200', async () => {
    await expectByCaller({ anonymous: 401, client: 403, owner: 403, support: 200, admin: 200 }, (c) =>
      rec.inject({ method: 'GET', url: '/api/user/owner-requests', headers: headers(c) }),
    );
  });

  it('approve-owner, accept-owner-request and reject-owner: 401, 403, 403, 200, 200', async () => {
    const routes: Array<(p: { user: { id: number }; requestId: number }) => { url: string; payload?: object }> = [
      (p) => ({ url: `/api/user/${p.user.id}/approve-owner` }),
      (p) => ({ url: `/api/user/accept-owner-request/${p.requestId}` }),
      (p) => ({ url: `/api/user/${p.user.id}/reject-owner`, payload: { reason: 'Documents do not match' } }),
    ];
    for (const route of routes) {
      await expectByCaller({ anonymous: 401, client: 403, owner: 403, support: 200, admin: 200 }, async (c) => {
        const { url, payload } = route(await pending());
        return rec.inject({ method: 'POST', url, headers: headers(c), ...(payload ? { payload } : {}) });
      });
    }
  });

  it('GET /user/owner-request-status: 401 anonymous, a plain string for every role', async () => {
    await expectByCaller({ anonymous: 401, client: 200, owner: 200, support: 200, admin: 200 }, (c) =>
      rec.inject({ method: 'GET', url: '/api/user/owner-request-status', headers: headers(c) }),
    );
    const res = await rec.status(tokens.support);
    assert.equal(res.json().data, 'none');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('KYC files: the applicant, support and admin download them with the checked type; anyone else gets 404', async () => {
    const a = await pending({ user_type: 'company', company_document: pdf('kbis.pdf') });
    const url = (field: string, id = a.requestId) => `/api/user/owner-requests/${id}/files/${field}`;
    const get = (u: string, h: Record<string, string>) => rec.inject({ method: 'GET', url: u, headers: h });
    await expectByCaller({ anonymous: 401, client: 404, owner: 404, support: 200, admin: 200 }, (c) =>
      get(url('id_reco_path'), headers(c)),
    );
    for (const h of [bearer(a.token), headers('support'), headers('admin')]) {
      const front = await get(url('id_reco_path'), h);
      assert.equal(front.statusCode, 200);
      assert.equal(front.headers['content-type'], 'image/png');
      assert.deepEqual(front.rawPayload, SAMPLE_PNG);
      assert.match(
        String(front.headers['content-disposition']),
        /^attachment; filename="owner-request-\d+-id_reco_path\.png"$/,
      );
      assert.equal(front.headers['x-content-type-options'], 'nosniff');
      assert.match(String(front.headers['content-security-policy']), /sandbox/);
      assert.equal(front.headers['cache-control'], 'private, no-store');
      for (const field of ['id_verso_path', 'company_document']) {
        const doc = await get(url(field), h);
        assert.equal(doc.statusCode, 200, field);
        assert.equal(doc.headers['content-type'], 'application/pdf');
        assert.deepEqual(doc.rawPayload, SAMPLE_PDF);
      }
    }
    const other = await account(t);
    assert.equal((await get(url('id_verso_path'), bearer(other.token))).statusCode, 404);
    for (const bad of [url('password_hash'), url('..%2F..%2Fjwt-secret'), url('id_reco_path', 987_654)]) {
      const res = await get(bad, headers('admin'));
      assert.equal(res.statusCode, 404, `${bad}: ${res.body}`);
    }
    const individual = await pending();
    assert.equal((await get(url('company_document', individual.requestId), headers('support'))).statusCode, 404);
    assert.equal((await get(url('id_reco_path', individual.requestId), bearer(a.token))).statusCode, 404);
  });

  it('a listed application has exactly the documented members, with download paths for files', async () => {
    const a = await pending();
    const listed = (
      await rec.inject({
        method: 'GET',
        url: '/api/user/owner-requests?status=pending&per_page=100',
        headers: headers('admin'),
      })
    ).json().data;
    const item = listed.find((r: { id: number }) => r.id === a.requestId);
    assert.deepEqual(Object.keys(item).sort(), [
      'address',
      'city',
      'company_name',
      'country',
      'country_region',
      'created_at',
      'documents',
      'id',
      'id_expiry_date',
      'id_number',
      'id_type',
      'latitude',
      'longitude',
      'missing_documents',
      'place_details',
      'place_type',
      'postal_code',
      'rejection_reason',
      'reviewed_at',
      'reviewed_by',
      'state',
      'status',
      'updated_at',
      'user',
      'user_id',
      'user_type',
    ]);
    assert.equal(item.documents.id_reco_path, `/api/user/owner-requests/${a.requestId}/files/id_reco_path`);
    await rec.assertNoKeysLeaked();
  });
});
