import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { usersRepository } from '../users/users.repository.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';
import { SAMPLE_PDF } from './sample-kyc-files.ts';
import { FUTURE, Recorder, account, filesUnder, form, kycDir, pdf } from './owner-onboarding.test-support.ts';

const KEY_SHAPE = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|pdf|jpg|webp)$/;

describe('POST /user/become-owner', () => {
  let t: TestApp;
  let rec: Recorder;
  before(async () => {
    t = await createTestApp();
    rec = new Recorder(t);
  });
  after(async () => {
    await rec.assertNoKeysLeaked();
    await t.close();
  });

  it('files a pending application, copies the KYC members onto the profile and writes an outbox event', async () => {
    const { user, token } = await account(t);
    const res = await rec.apply(token);
    assert.equal(res.statusCode, 201, res.body);
    const v = res.json().data;
    assert.equal(v.status, 'pending');
    assert.equal(v.user_id, user.id);
    assert.deepEqual(v.user, {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
    });
    assert.equal(v.latitude, 45.764043);
    assert.equal(v.longitude, 4.835659);
    assert.equal(v.id_expiry_date, FUTURE);
    assert.equal(v.company_name, null);
    assert.deepEqual(v.missing_documents, []);
    assert.deepEqual(v.documents, {
      id_reco_path: `/api/user/owner-requests/${v.id}/files/id_reco_path`,
      id_verso_path: `/api/user/owner-requests/${v.id}/files/id_verso_path`,
      company_document: null,
    });
    assert.equal(v.reviewed_by, null);

    const u = (await usersRepository(t.deps.db).findById(user.id))!;
    assert.equal(u.role, 'client');
    assert.equal(u.idPhotoPath, `/api/user/owner-requests/${v.id}/files/id_reco_path`);
    assert.deepEqual(
      [
        u.userType,
        u.idType,
        u.idNumber,
        u.idExpiryDate,
        u.placeType,
        u.address,
        u.city,
        u.state,
        u.postalCode,
        u.country,
        u.latitude,
        u.longitude,
      ],
      [
        'individual',
        'passport',
        'P1234567',
        FUTURE,
        'apartment',
        '1 Rue de la République',
        'Lyon',
        'Rhône',
        '69001',
        'France',
        '45.764043',
        '4.835659',
      ],
    );
    const events = await ownerRequestsRepository(t.deps.db).events(v.id);
    assert.deepEqual(
      events.map((e) => e.topic),
      ['owner_request.submitted'],
    );
    assert.deepEqual(events[0]!.payload, {
      request_id: v.id,
      user_id: user.id,
      user_type: 'individual',
      missing_documents: [],
    });
  });

  it('accepts a company application without company_document, marks it missing and keeps the registration company name', async () => {
    const { user, token } = await account(t);
    await usersRepository(t.deps.db).update(
      user.id,
      { companyName: 'Registered SARL', userType: 'company' },
      t.clock.now(),
    );
    const res = await rec.apply(token, { user_type: 'company' });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().data.missing_documents, ['company_document']);
    assert.equal(res.json().data.company_name, 'Registered SARL');
    const withDoc = await rec.apply((await account(t)).token, {
      user_type: 'company',
      company_name: 'Given Ltd',
      company_document: pdf('kbis.pdf'),
    });
    assert.equal(withDoc.statusCode, 201, withDoc.body);
    assert.deepEqual(withDoc.json().data.missing_documents, []);
    assert.equal(withDoc.json().data.company_name, 'Given Ltd');
    assert.match(withDoc.json().data.documents.company_document, /\/files\/company_document$/);
  });

  it('refuses an expiry date in the past or that does not exist (422), and accepts today', async () => {
    const { token } = await account(t);
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    for (const bad of [yesterday, '2099-02-30', '2099-13-01', '31/12/2099', '']) {
      const res = await rec.apply(token, { id_expiry_date: bad });
      assert.equal(res.statusCode, 422, `${bad}: ${res.body}`);
      assert.ok(res.json().errors.id_expiry_date, res.body);
    }
    assert.equal((await rec.apply(token, { id_expiry_date: today })).statusCode, 201);
  });

  it('validates the form: required members, enums and coordinate ranges (422)', async () => {
    const { token } = await account(t);
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ address: undefined }, 'address'],
      [{ city: '   ' }, 'city'],
      [{ id_type: 'library_card' }, 'id_type'],
      [{ user_type: 'robot' }, 'user_type'],
      [{ latitude: '90.5' }, 'latitude'],
      [{ longitude: '-181' }, 'longitude'],
      [{ id_reco_path: 'not-a-file' }, 'id_reco_path'],
      [{ id_verso_path: undefined }, 'id_verso_path'],
    ];
    for (const [over, field] of cases) {
      const res = await rec.apply(token, over);
      assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
      assert.ok(res.json().errors[field], `${field}: ${res.body}`);
    }
    assert.equal((await rec.status(token)).json().data, 'none');
  });

  it('judges files by content: a PNG name with text is 415, a 6 MB PDF is 413, each naming the field; nothing is stored', async () => {
    const { token } = await account(t);
    const before = await filesUnder(kycDir(t));
    const fake = await rec.apply(token, {
      id_reco_path: { data: Buffer.from('just some text, not an image'), name: 'id.png', type: 'image/png' },
    });
    assert.equal(fake.statusCode, 415, fake.body);
    assert.equal(fake.json().code, 'UNSUPPORTED_MEDIA_TYPE');
    assert.ok(fake.json().errors.id_reco_path);
    const big = Buffer.concat([SAMPLE_PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const huge = await rec.apply(token, { id_verso_path: { data: big, name: 'big.pdf', type: 'application/pdf' } });
    assert.equal(huge.statusCode, 413, huge.body);
    assert.equal(huge.json().code, 'PAYLOAD_TOO_LARGE');
    assert.ok(huge.json().errors.id_verso_path);
    const doc = await rec.apply(token, {
      user_type: 'company',
      company_document: { data: Buffer.from('<html>'), name: 'doc.pdf', type: 'application/pdf' },
    });
    assert.equal(doc.statusCode, 415);
    assert.ok(doc.json().errors.company_document);
    assert.deepEqual(await filesUnder(kycDir(t)), before);
    assert.equal((await rec.status(token)).json().data, 'none');
  });

  it('stores a path-traversal file name only under a generated key, and nothing outside DATA_DIR/files/kyc', async () => {
    const { token } = await account(t);
    const res = await rec.apply(token, {
      id_verso_path: pdf('../../evil.pdf'),
      id_reco_path: pdf('../../../../tmp/evil2.pdf'),
    });
    assert.equal(res.statusCode, 201, res.body);
    const row = (await ownerRequestsRepository(t.deps.db).findById(res.json().data.id))!;
    for (const key of [row.idFrontKey!, row.idBackKey!]) {
      assert.ok(key.startsWith('kyc/'), key);
      assert.match(key.slice(4), KEY_SHAPE);
      assert.ok(!key.includes('evil'), key);
    }
    const dataDir = t.deps.config.DATA_DIR;
    const everything = await filesUnder(dataDir);
    assert.ok(everything.length > 0);
    for (const f of everything)
      assert.ok(f.startsWith(path.join('files', 'kyc') + path.sep), `written outside files/kyc: ${f}`);
    for (const f of await filesUnder(kycDir(t))) assert.match(f, KEY_SHAPE);
    for (const escaped of [
      path.resolve(dataDir, 'files', 'kyc', '../../evil.pdf'),
      path.resolve(dataDir, '../evil.pdf'),
      '/tmp/evil2.pdf',
    ]) {
      await assert.rejects(access(escaped), `${escaped} exists`);
    }
    assert.deepEqual(await readFile(path.join(dataDir, 'files', row.idBackKey!)), SAMPLE_PDF);
  });

  it('ignores mass assignment: status, user_id, role and reviewer in the form have no effect', async () => {
    const victim = await account(t);
    const { user, token } = await account(t);
    const res = await rec.apply(token, {
      status: 'approved',
      user_id: String(victim.user.id),
      role: 'owner',
      reviewed_by: String(user.id),
      missing_documents: 'x',
      id: '999',
    });
    assert.equal(res.statusCode, 201, res.body);
    const v = res.json().data;
    assert.equal(v.status, 'pending');
    assert.equal(v.user_id, user.id);
    assert.equal(v.reviewed_by, null);
    assert.notEqual(v.id, 999);
    assert.equal((await usersRepository(t.deps.db).findById(user.id))!.role, 'client');
    assert.equal(await ownerRequestsRepository(t.deps.db).findLatestByUser(victim.user.id), undefined);
  });

  it('allows one open application per user: a second is 409, and of two concurrent ones exactly one wins', async () => {
    const { token } = await account(t);
    assert.equal((await rec.apply(token)).statusCode, 201);
    const again = await rec.apply(token);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'CONFLICT');

    const racer = await account(t);
    const before = (await filesUnder(kycDir(t))).length;
    const results = await Promise.all([rec.apply(racer.token), rec.apply(racer.token), rec.apply(racer.token)]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 409, 409], results.map((r) => r.body).join('\n'));
    // The losers' files were written before their transaction failed, and must be gone again.
    assert.equal((await filesUnder(kycDir(t))).length, before + 2);
  });

  it('refuses owners (409) and staff (403); anonymous callers get 401', async () => {
    assert.equal((await rec.apply((await account(t, 'owner')).token)).statusCode, 409);
    assert.equal((await rec.apply((await account(t, 'support')).token)).statusCode, 403);
    assert.equal((await rec.apply((await account(t, 'admin')).token)).statusCode, 403);
    const anon = await rec.inject({ method: 'POST', url: '/api/user/become-owner', payload: form() });
    assert.equal(anon.statusCode, 401);
  });

  it('the applicant downloads the ID front from the path the answer gives', async () => {
    const { token } = await account(t);
    const res = await rec.apply(token);
    const front = await rec.inject({
      method: 'GET',
      url: res.json().data.documents.id_reco_path,
      headers: bearer(token),
    });
    assert.equal(front.statusCode, 200);
    assert.equal(front.headers['content-type'], 'image/png');
    assert.equal((await rec.status(token)).json().data, 'pending');
  });
});
