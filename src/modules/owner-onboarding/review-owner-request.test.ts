import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { usersRepository } from '../users/users.repository.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';
import { Recorder, account, pdf, png } from './owner-onboarding.test-support.ts';

describe('reviewing owner applications', () => {
  let t: TestApp;
  let rec: Recorder;
  let support: string;
  let admin: string;
  before(async () => {
    t = await createTestApp();
    rec = new Recorder(t);
    support = (await account(t, 'support')).token;
    admin = (await account(t, 'admin')).token;
  });
  after(async () => {
    await rec.assertNoKeysLeaked();
    await t.close();
  });

  const post = (url: string, token: string, payload?: object) =>
    rec.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const approveUser = (userId: number, token = support) => post(`/api/user/${userId}/approve-owner`, token);
  const accept = (requestId: number, token = support) => post(`/api/user/accept-owner-request/${requestId}`, token);
  const reject = (userId: number, reason: string, token = support) =>
    post(`/api/user/${userId}/reject-owner`, token, { reason });
  const list = (query: string, token = support) =>
    rec.inject({ method: 'GET', url: `/api/user/owner-requests${query}`, headers: bearer(token) });

  async function applicant(over: Parameters<Recorder['apply']>[1] = {}) {
    const a = await account(t);
    const res = await rec.apply(a.token, over);
    assert.equal(res.statusCode, 201, res.body);
    return { ...a, requestId: res.json().data.id as number };
  }

  it('walks the status through none → pending → rejected → pending → approved, with audit entries and outbox events', async () => {
    const a = await account(t);
    assert.equal((await rec.status(a.token)).json().data, 'none');
    const first = (await rec.apply(a.token)).json().data;
    assert.equal((await rec.status(a.token)).json().data, 'pending');

    const rejected = await reject(a.user.id, '  The ID photo is blurred  ');
    assert.equal(rejected.statusCode, 200, rejected.body);
    const r = rejected.json().data;
    assert.equal(r.status, 'rejected');
    assert.equal(r.rejection_reason, 'The ID photo is blurred');
    assert.ok(r.reviewed_by > 0 && r.reviewed_at);
    assert.equal((await rec.status(a.token)).json().data, 'rejected');
    assert.equal((await usersRepository(t.deps.db).findById(a.user.id))!.role, 'client');

    const second = await rec.apply(a.token);
    assert.equal(second.statusCode, 201, second.body);
    assert.notEqual(second.json().data.id, first.id);
    assert.equal((await rec.status(a.token)).json().data, 'pending');
    const approved = await approveUser(a.user.id, admin);
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.json().data.status, 'approved');
    assert.equal((await rec.status(a.token)).json().data, 'approved');
    assert.equal((await usersRepository(t.deps.db).findById(a.user.id))!.role, 'owner');

    const repo = ownerRequestsRepository(t.deps.db);
    assert.deepEqual(await repo.events(first.id), [
      {
        topic: 'owner_request.submitted',
        payload: { request_id: first.id, user_id: a.user.id, user_type: 'individual', missing_documents: [] },
      },
      {
        topic: 'owner_request.rejected',
        payload: { request_id: first.id, user_id: a.user.id, reason: 'The ID photo is blurred' },
      },
    ]);
    assert.deepEqual(
      (await repo.events(second.json().data.id)).map((e) => e.topic),
      ['owner_request.submitted', 'owner_request.approved'],
    );
    assert.deepEqual((await repo.events(second.json().data.id))[1]!.payload, {
      request_id: second.json().data.id,
      user_id: a.user.id,
    });

    const audit = auditRepository(t.deps.db);
    const rj = (await audit.list({ targetType: 'owner_request', targetId: String(first.id) }, 10, 0)).rows;
    assert.deepEqual(
      rj.map((e) => [e.action, e.actorRole, e.before, e.after]),
      [
        [
          'owner_request.reject',
          'support',
          { status: 'pending' },
          { status: 'rejected', reason: 'The ID photo is blurred' },
        ],
      ],
    );
    const ap = (await audit.list({ targetType: 'owner_request', targetId: String(second.json().data.id) }, 10, 0)).rows;
    assert.deepEqual(
      ap.map((e) => [e.action, e.actorRole, e.before, e.after]),
      [['owner_request.approve', 'admin', { status: 'pending' }, { status: 'approved' }]],
    );
  });

  it('refuses to approve an incomplete company application (409) until the document is added', async () => {
    const a = await applicant({ user_type: 'company', company_name: 'Acme' });
    const early = await accept(a.requestId);
    assert.equal(early.statusCode, 409, early.body);
    assert.match(early.json().message, /company_document/);
    assert.equal((await approveUser(a.user.id)).statusCode, 409);

    const added = await rec.addDocument(a.token);
    assert.equal(added.statusCode, 200, added.body);
    assert.deepEqual(added.json().data.missing_documents, []);
    assert.match(
      added.json().data.documents.company_document,
      new RegExp(`/api/user/owner-requests/${a.requestId}/files/company_document$`),
    );

    const ok = await accept(a.requestId);
    assert.equal(ok.statusCode, 200, ok.body);
    const v = ok.json().data;
    assert.equal(v.status, 'approved');
    assert.equal(v.id, a.requestId);
    assert.equal(v.company_name, 'Acme');
    assert.equal(v.user.id, a.user.id);
    assert.deepEqual(
      (await ownerRequestsRepository(t.deps.db).events(a.requestId)).map((e) => e.topic),
      ['owner_request.submitted', 'owner_request.document_added', 'owner_request.approved'],
    );
    // The application is decided, so there is nothing left to add a document to.
    assert.equal((await rec.addDocument(a.token)).statusCode, 404);
  });

  it("approval reaches the applicant's existing token at once, and refresh answers role owner", async () => {
    const a = await applicant();
    const session = () => rec.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(a.token) });
    assert.equal((await session()).json().data.role, 'client');
    assert.equal((await approveUser(a.user.id)).statusCode, 200);
    assert.equal((await session()).json().data.role, 'owner');
    const refreshed = await post('/api/auth/refresh', a.token);
    assert.equal(refreshed.statusCode, 200, refreshed.body);
    assert.equal(refreshed.json().data.role, 'owner');
    assert.equal((await rec.apply(refreshed.json().data.newToken)).statusCode, 409);
  });

  it('of two concurrent decisions exactly one applies; the other gets 409', async () => {
    const a = await applicant();
    const both = await Promise.all([approveUser(a.user.id), accept(a.requestId, admin)]);
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [200, 409], both.map((r) => r.body).join('\n'));
    const b = await applicant();
    const mixed = await Promise.all([accept(b.requestId), reject(b.user.id, 'no', admin), accept(b.requestId, admin)]);
    const codes = mixed.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 200).length, 1, mixed.map((r) => r.body).join('\n'));
    assert.ok(
      codes.every((c) => c === 200 || c === 409 || c === 404),
      codes.join(),
    );
    const audits = await auditRepository(t.deps.db).list(
      { targetType: 'owner_request', targetId: String(b.requestId) },
      10,
      0,
    );
    assert.equal(audits.total, 1);
  });

  it('answers 404 for unknown applications and users without one, 409 for a decided one, 422 for a bad reason', async () => {
    assert.equal((await accept(987_654)).statusCode, 404);
    const idle = await account(t);
    assert.equal((await approveUser(idle.user.id)).statusCode, 404);
    assert.equal((await reject(idle.user.id, 'nothing to reject')).statusCode, 404);
    assert.equal((await approveUser(987_654)).statusCode, 404);
    const a = await applicant();
    for (const reason of ['', '   ', 'x'.repeat(1001)])
      assert.equal((await reject(a.user.id, reason)).statusCode, 422, JSON.stringify(reason));
    assert.equal((await post(`/api/user/${a.user.id}/reject-owner`, support, {})).statusCode, 422);
    assert.equal((await reject(a.user.id, 'x'.repeat(1000))).statusCode, 200);
    assert.equal((await accept(a.requestId)).statusCode, 409);
    // Decided already: the same 409 as deciding the application by its own id, not a 404.
    assert.equal((await approveUser(a.user.id)).statusCode, 409);
  });

  it('lists applications for staff: pending first then newest, filtered by status, paginated', async () => {
    const p1 = await applicant();
    t.clock.advance(1000);
    const decided = await applicant();
    await reject(decided.user.id, 'incomplete');
    t.clock.advance(1000);
    const p2 = await applicant();

    const res = await list('?per_page=100');
    assert.equal(res.statusCode, 200, res.body);
    const rows = res.json().data as Array<{ id: number; status: string; created_at: string; user: { id: number } }>;
    const firstDecided = rows.findIndex((r) => r.status !== 'pending');
    assert.ok(
      rows.slice(firstDecided).every((r) => r.status !== 'pending'),
      'a pending application after a decided one',
    );
    const pending = rows.slice(0, firstDecided);
    assert.deepEqual(
      pending.map((r) => r.created_at),
      [...pending.map((r) => r.created_at)].sort().reverse(),
    );
    assert.ok(pending.findIndex((r) => r.id === p2.requestId) < pending.findIndex((r) => r.id === p1.requestId));
    assert.equal(rows.find((r) => r.id === p2.requestId)!.user.id, p2.user.id);

    const onlyRejected = (await list('?status=rejected&per_page=100')).json();
    assert.ok(
      onlyRejected.data.length >= 1 && onlyRejected.data.every((r: { status: string }) => r.status === 'rejected'),
    );
    assert.ok(onlyRejected.data.some((r: { id: number }) => r.id === decided.requestId));

    const page = (await list('?per_page=2&page=2', admin)).json();
    assert.equal(page.data.length, 2);
    assert.deepEqual(Object.keys(page.meta).sort(), ['current_page', 'last_page', 'per_page', 'total']);
    assert.equal(page.meta.current_page, 2);
    assert.equal(page.meta.per_page, 2);
    assert.equal(page.meta.last_page, Math.ceil(page.meta.total / 2));
    assert.equal(page.meta.total, rows.length);
    assert.equal((await list('?status=cancelled')).statusCode, 422);
    assert.equal((await list('?per_page=101')).statusCode, 422);
  });

  it('replacing the company document keeps one file and serves the new one', async () => {
    const a = await applicant({ user_type: 'company', company_document: pdf('first.pdf') });
    const before = (await ownerRequestsRepository(t.deps.db).findById(a.requestId))!.companyDocumentKey!;
    const res = await rec.addDocument(a.token, png('second.png'));
    assert.equal(res.statusCode, 200, res.body);
    const after = (await ownerRequestsRepository(t.deps.db).findById(a.requestId))!;
    assert.notEqual(after.companyDocumentKey, before);
    assert.equal(after.companyDocumentType, 'image/png');
    assert.equal(await t.deps.storage.exists(before), false);
    const file = await rec.inject({
      method: 'GET',
      url: res.json().data.documents.company_document,
      headers: bearer(support),
    });
    assert.equal(file.headers['content-type'], 'image/png');
  });
});
