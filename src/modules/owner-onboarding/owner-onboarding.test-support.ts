// Shared by the owner-onboarding tests: KYC forms as a browser would send them, and a check
// that no response ever carried a storage key.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import type { UserRow } from '../users/users.repository.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from './sample-kyc-files.ts';
import type { Role } from '../../kernel/caller.ts';

export const FUTURE = '2099-12-31';

export interface FormFile {
  data: Buffer;
  name: string;
  type?: string;
}
type FormValue = string | number | FormFile | undefined;

export const png = (name = 'front.png'): FormFile => ({ data: SAMPLE_PNG, name, type: 'image/png' });
export const pdf = (name = 'back.pdf'): FormFile => ({ data: SAMPLE_PDF, name, type: 'application/pdf' });

const DEFAULTS: Record<string, FormValue> = {
  user_type: 'individual',
  country_region: 'Europe',
  id_type: 'passport',
  id_number: 'P1234567',
  id_expiry_date: FUTURE,
  id_reco_path: png(),
  id_verso_path: pdf(),
  place_type: 'apartment',
  place_details: 'second floor, blue door',
  address: '1 Rue de la République',
  city: 'Lyon',
  state: 'Rhône',
  postal_code: '69001',
  country: 'France',
  longitude: '4.835659',
  latitude: '45.764043',
};

/** Builds a multipart body; `undefined` in `over` leaves a default member out. */
export function form(over: Record<string, FormValue> = {}, base: Record<string, FormValue> = DEFAULTS): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries({ ...base, ...over })) {
    if (value === undefined) continue;
    if (typeof value === 'object')
      fd.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }),
        value.name,
      );
    else fd.append(name, String(value));
  }
  return fd;
}

/** Every response body a test saw, to prove afterwards that none carried a storage key. */
export class Recorder {
  readonly bodies: string[] = [];
  constructor(private readonly t: TestApp) {}

  async inject(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.t.app.inject(opts);
    this.bodies.push(res.body);
    return res;
  }

  apply(token: string, over: Record<string, FormValue> = {}) {
    return this.inject({ method: 'POST', url: '/api/user/become-owner', headers: bearer(token), payload: form(over) });
  }

  addDocument(token: string, file: FormFile = pdf('kbis.pdf')) {
    return this.inject({
      method: 'POST',
      url: '/api/user/owner-request/documents',
      headers: bearer(token),
      payload: form({ company_document: file }, {}),
    });
  }

  status(token: string) {
    return this.inject({ method: 'GET', url: '/api/user/owner-request-status', headers: bearer(token) });
  }

  /** Fails if any body seen so far contains a storage key or its random folder. */
  async assertNoKeysLeaked(): Promise<void> {
    const { rows } = await ownerRequestsRepository(this.t.deps.db).list({}, 10_000, 0);
    const keys = rows
      .flatMap(({ request: r }) => [r.idFrontKey, r.idBackKey, r.companyDocumentKey])
      .filter((k): k is string => Boolean(k));
    assert.ok(keys.length > 0, 'no stored keys to look for');
    const secrets = new Set(keys.flatMap((k) => [k, ...k.split('/').slice(1)]));
    for (const body of this.bodies) {
      assert.ok(!body.includes('kyc/'), `a response mentions kyc/: ${body.slice(0, 200)}`);
      for (const s of secrets) assert.ok(!body.includes(s), `a response leaks ${s}`);
    }
  }
}

/** A user of the role with a token obtained through the real login route. */
export async function account(t: TestApp, role: Role = 'client'): Promise<{ user: UserRow; token: string }> {
  const user = await createUser(t.deps, { role });
  return { user, token: await loginAs(t.app, user) };
}

export { filesUnder } from '../../../test/helpers/stored-files.ts';

export const kycDir = (t: TestApp) => path.join(t.deps.config.DATA_DIR, 'files', 'kyc');
