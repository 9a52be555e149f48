import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, loginAs } from '../../../test/helpers/factories.ts';
import { ownerRequestsRepository } from '../owner-onboarding/owner-requests.repository.ts';
import { rowOf, updateForm, updateJson } from './users.test-support.ts';

const PROFILE_MEMBERS = [
  'username',
  'first_name',
  'last_name',
  'job',
  'location',
  'phone',
  'phone_verified',
  'email',
  'email_verified',
  'avatar',
  'role',
  'email_verified_at',
  'is_active',
  'last_login',
  'time_zone',
  'created_at',
  'updated_at',
  'user_type',
  'company_name',
  'country_region',
  'id_type',
  'id_number',
  'id_expiry_date',
  'id_photo_path',
  'place_type',
  'place_details',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'latitude',
  'longitude',
];

describe("GET /user/profile and PUT /user/update on one's own account", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers 401 without a token and the flat profile for every role, every member typed as the spec says', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode, 401);
    for (const role of ['client', 'owner', 'support', 'admin'] as const) {
      const u = await createUser(t.deps, { role });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(await loginAs(t.app, u)),
      });
      assert.equal(res.statusCode, 200, res.body);
      const p = res.json().data;
      assert.equal(typeof p.id, 'number');
      assert.equal(p.id, u.id);
      for (const m of PROFILE_MEMBERS) assert.equal(typeof p[m], 'string', `${m} should be a string`);
      // `locale` ('en' | 'fr', the language of the account's e-mails) is this service's addition to the spec's members.
      assert.deepEqual(
        Object.keys(p).sort(),
        ['id', 'locale', ...PROFILE_MEMBERS].sort(),
        'nothing unlisted is serialised',
      );
      assert.equal(p.locale, 'en');
      for (const f of ['phone_verified', 'email_verified', 'is_active']) assert.match(p[f], /^[01]$/);
      assert.equal(p.role, role);
      assert.equal(p.is_active, '1');
      assert.equal(p.email_verified, '1');
    }
  });

  it('changes the fields sent as multipart, leaves the others, and validates the time zone', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const res = await updateForm(t, token, {
      first_name: 'Ada',
      job: 'Engineer',
      time_zone: 'europe/paris',
      latitude: '48.85',
      city: 'Paris',
    });
    assert.equal(res.statusCode, 200, res.body);
    const p = res.json().data;
    assert.equal(p.first_name, 'Ada');
    assert.equal(p.job, 'Engineer');
    assert.equal(p.time_zone, 'Europe/Paris');
    assert.equal(p.latitude, '48.85');
    assert.equal(p.last_name, u.lastName);
    assert.equal((await rowOf(t, u.id)).city, 'Paris');
    const bad = await updateForm(t, token, { time_zone: 'Mars/Olympus_Mons' });
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.json().errors.time_zone);
    assert.equal((await updateForm(t, token, { latitude: '123' })).statusCode, 422);
  });

  it('changes the e-mail language (locale): en or fr, anything else 422 naming locale', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const res = await updateJson(t, token, { locale: 'fr' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.locale, 'fr');
    assert.equal((await rowOf(t, u.id)).locale, 'fr');
    assert.equal((await updateForm(t, token, { locale: 'en' })).json().data.locale, 'en');
    for (const locale of ['de', '', 'FR']) {
      const bad = await updateJson(t, token, { locale });
      assert.equal(bad.statusCode, 422, `${JSON.stringify(locale)}: ${bad.body}`);
      assert.ok(bad.json().errors.locale, bad.body);
    }
    assert.equal((await rowOf(t, u.id)).locale, 'en');
  });

  it('accepts JSON too, and an empty optional field clears it', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    await updateJson(t, token, { location: 'Lyon', phone: '+33 6 12 34 56 78', current_password: DEFAULT_PASSWORD });
    const res = await updateJson(t, token, { location: '' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.location, '');
    assert.equal(res.json().data.phone, '+33 6 12 34 56 78');
    assert.equal((await rowOf(t, u.id)).location, null);
  });

  it('refuses role with 403 pointing to the admin route, and changes nothing else of that request', async () => {
    const u = await createUser(t.deps);
    const res = await updateForm(t, await loginAs(t.app, u), { role: 'admin', first_name: 'Sneaky' });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().message, /PUT \/user\/\{id\}\/role/);
    const row = await rowOf(t, u.id);
    assert.equal(row.role, 'client');
    assert.equal(row.firstName, u.firstName);
  });

  it('ignores mass-assigned columns (email_verified_at, id, password_hash, deleted_at, is_admin)', async () => {
    const u = await createUser(t.deps, { verified: false });
    const token = await loginAs(t.app, u);
    const res = await updateForm(t, token, {
      first_name: 'Legit',
      email_verified_at: '2020-01-01T00:00:00Z',
      emailVerifiedAt: '2020-01-01T00:00:00Z',
      id: '1',
      password_hash: 'x',
      passwordHash: 'x',
      deleted_at: '2020-01-01T00:00:00Z',
      deletedAt: '2020-01-01T00:00:00Z',
      is_admin: '1',
      phone_verified: '1',
    });
    assert.equal(res.statusCode, 200, res.body);
    const row = await rowOf(t, u.id);
    assert.equal(row.firstName, 'Legit');
    assert.equal(row.emailVerifiedAt, null);
    assert.equal(row.passwordHash, u.passwordHash);
    assert.equal(row.deletedAt, null);
    assert.equal(row.phoneVerified, false);
    assert.equal(res.json().data.id, u.id);
  });

  it('refuses user_id of someone else and is_active from a client or owner (403) and changes neither row', async () => {
    for (const role of ['client', 'owner'] as const) {
      const u = await createUser(t.deps, { role });
      const other = await createUser(t.deps);
      const token = await loginAs(t.app, u);
      const mine = await rowOf(t, u.id);
      const asOther = await updateForm(t, token, { user_id: String(other.id), first_name: 'Hijacked' });
      assert.equal(asOther.statusCode, 403);
      const deactivate = await updateForm(t, token, { is_active: '0', first_name: 'Changed' });
      assert.equal(deactivate.statusCode, 403);
      const activeJson = await updateJson(t, token, { is_active: true });
      assert.equal(activeJson.statusCode, 403);
      assert.deepEqual(await rowOf(t, other.id), other);
      assert.deepEqual(await rowOf(t, u.id), mine);
    }
    const self = await createUser(t.deps);
    const ownId = await updateForm(t, await loginAs(t.app, self), { user_id: String(self.id), job: 'Pilot' });
    assert.equal(ownId.statusCode, 200, 'user_id naming oneself is allowed');
    assert.equal(ownId.json().data.job, 'Pilot');
  });

  it('a new e-mail must be free (409), loses verification, and gets a code that verifies it', async () => {
    const u = await createUser(t.deps);
    const other = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const clash = await updateForm(t, token, { email: other.email.toUpperCase(), current_password: DEFAULT_PASSWORD });
    assert.equal(clash.statusCode, 409);
    assert.equal(clash.json().code, 'EMAIL_TAKEN');
    const res = await updateForm(t, token, { email: `new-${u.id}@example.test`, current_password: DEFAULT_PASSWORD });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.email_verified, '0');
    assert.equal(res.json().data.email_verified_at, '');
    const code = await t.lastCode(`new-${u.id}@example.test`);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: `new-${u.id}@example.test`, code },
    });
    assert.equal(verify.statusCode, 200, verify.body);
    assert.notEqual((await rowOf(t, u.id)).emailVerifiedAt, null);
  });

  it('a new username must be free, case-insensitively (409)', async () => {
    const u = await createUser(t.deps);
    const other = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    const res = await updateForm(t, token, { username: other.username.toUpperCase() });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'USERNAME_TAKEN');
    assert.equal((await updateForm(t, token, { username: `renamed_${u.id}` })).json().data.username, `renamed_${u.id}`);
    assert.equal((await updateForm(t, token, { username: 'a b' })).statusCode, 422);
  });

  it('locks the identity KYC fields for the applicant while an owner request is pending, not for support', async () => {
    const u = await createUser(t.deps);
    const token = await loginAs(t.app, u);
    await updateForm(t, token, { id_number: 'X1', user_type: 'individual' });
    await ownerRequestsRepository(t.deps.db).insert({
      userId: u.id,
      userType: 'individual',
      countryRegion: 'FR',
      idType: 'passport',
      idNumber: 'X1',
      idExpiryDate: '2031-01-01',
      placeType: 'house',
      address: '1 rue',
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
      latitude: '48.8',
      longitude: '2.3',
    });
    const locked = await updateForm(t, token, { id_number: 'X2' });
    assert.equal(locked.statusCode, 409);
    assert.equal((await rowOf(t, u.id)).idNumber, 'X1');
    assert.equal(
      (await updateForm(t, token, { id_number: 'X1', city: 'Nice' })).statusCode,
      200,
      'resending the same value is fine',
    );
    const support = await createUser(t.deps, { role: 'support' });
    const bySupport = await updateForm(t, await loginAs(t.app, support), { user_id: String(u.id), id_number: 'X3' });
    assert.equal(bySupport.statusCode, 200, bySupport.body);
    assert.equal(bySupport.json().data.id_number, 'X3');
  });
});
