// Every multipart route, one table: text PostgreSQL cannot store (in a field or an uploaded file's
// name) is a 422 naming the field before anything is written, and a request that fails after its
// files were written (storage reporting an error after the bytes landed, or the database refusing
// the row) leaves no file behind.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer } from '../../test/helpers/factories.ts';
import { createProperty } from '../../test/helpers/catalog-factories.ts';
import { png } from '../../test/helpers/image-files.ts';
import { failWrites, storedFiles, watchStorage } from '../../test/helpers/stored-files.ts';
import { form, type FilePart } from '../modules/users/users.test-support.ts';
import { account, form as kycForm, Recorder } from '../modules/owner-onboarding/owner-onboarding.test-support.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from '../modules/owner-onboarding/sample-kyc-files.ts';

type Fields = Record<string, string | FilePart>;

interface Route {
  operation: string;
  /** The field carrying a file, and a text field (when the route has one). */
  fileField: string;
  textField?: string;
  /** Fields a request is refused for (422), with its files in good order. */
  invalid: Fields;
  /** How many files a good request stores. */
  puts: number;
  /** The write that follows the files (a trigger makes it fail). */
  table: string;
  failOn: { on: 'INSERT' | 'UPDATE'; when?: string };
  /** What a successful request would change (a count), to show a failed one changed nothing. */
  state: string;
  /** Makes what one request needs (fresh accounts, a listing); returns how to send it, `over` replacing fields. */
  prepare(t: TestApp): Promise<(over: Fields) => Promise<LightMyRequestResponse>>;
}

const image = async (): Promise<FilePart> => ({ data: await png(64, 48), name: 'photo.png', type: 'image/png' });

const ROUTES: Route[] = [
  {
    operation: 'PUT /api/user/update',
    fileField: 'avatar',
    textField: 'job',
    puts: 1,
    invalid: { first_name: 'x'.repeat(101) },
    table: 'users',
    failOn: { on: 'UPDATE', when: 'NEW.avatar IS DISTINCT FROM OLD.avatar' },
    state: 'users WHERE avatar IS NOT NULL',
    async prepare(t) {
      const { token } = await account(t);
      return async (over) => {
        const payload = form({ job: 'Pilot', avatar: await image(), ...over });
        return t.app.inject({
          method: 'PUT',
          url: '/api/user/update',
          headers: bearer(token),
          payload: payload as never,
        });
      };
    },
  },
  {
    operation: 'POST /api/chats/send_messages',
    fileField: 'attachment',
    textField: 'content',
    puts: 1,
    invalid: { content: 'x'.repeat(5001) },
    table: 'messages',
    failOn: { on: 'INSERT' },
    state: 'messages',
    async prepare(t) {
      const [{ token }, { user: owner }] = [await account(t), await account(t, 'owner')];
      return async (over) => {
        const payload = form({ receiver_id: String(owner.id), content: 'Hello', attachment: await image(), ...over });
        return t.app.inject({
          method: 'POST',
          url: '/api/chats/send_messages',
          headers: bearer(token),
          payload: payload as never,
        });
      };
    },
  },
  {
    operation: 'POST /api/user/become-owner',
    fileField: 'id_verso_path',
    textField: 'city',
    puts: 2,
    invalid: { id_expiry_date: '2001-01-01' },
    table: 'owner_requests',
    failOn: { on: 'INSERT' },
    state: 'owner_requests',
    async prepare(t) {
      const { token } = await account(t);
      return (over) =>
        t.app.inject({ method: 'POST', url: '/api/user/become-owner', headers: bearer(token), payload: kycForm(over) });
    },
  },
  {
    operation: 'POST /api/user/owner-request/documents',
    fileField: 'company_document',
    puts: 1,
    invalid: { company_document: 'not a file' },
    table: 'owner_requests',
    failOn: { on: 'UPDATE', when: 'NEW.company_document_key IS DISTINCT FROM OLD.company_document_key' },
    state: 'owner_requests WHERE company_document_key IS NOT NULL',
    async prepare(t) {
      const { token } = await account(t);
      const applied = await new Recorder(t).apply(token, {
        user_type: 'company',
        company_name: 'Acme',
        company_document: undefined,
      });
      assert.equal(applied.statusCode, 201, applied.body);
      return (over) => {
        const payload = form({
          company_document: { data: SAMPLE_PDF, name: 'kbis.pdf', type: 'application/pdf' },
          ...over,
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/user/owner-request/documents',
          headers: bearer(token),
          payload: payload as never,
        });
      };
    },
  },
  {
    operation: 'POST /api/properties/{id}/medias',
    fileField: 'files',
    puts: 2,
    invalid: { 'files[]': 'not a file' }, // puts: the image and its thumbnail
    table: 'property_medias',
    failOn: { on: 'INSERT' },
    state: 'property_medias',
    async prepare(t) {
      const { user, token } = await account(t, 'owner');
      const property = await createProperty(t.deps, user.id);
      return async (over) => {
        const payload = form({ files: await image(), ...over });
        return t.app.inject({
          method: 'POST',
          url: `/api/properties/${property.id}/medias`,
          headers: bearer(token),
          payload: payload as never,
        });
      };
    },
  },
];

describe('multipart routes: unstorable text is refused before any write, and a failed request keeps no file', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  async function count(what: string): Promise<number> {
    const res = (await t.deps.db.execute(sql.raw(`SELECT count(*)::text AS n FROM ${what}`))) as unknown as {
      rows: Array<{ n: string }>;
    };
    return Number(res.rows[0]!.n);
  }

  /** Sends with the storage watched; the answer, the keys written, and whether storage and state are as before. */
  async function attempt(route: Route, over: Fields, opts: { failAfterPut?: number } = {}) {
    const send = await route.prepare(t);
    const [files, state] = [await storedFiles(t), await count(route.state)];
    const watch = watchStorage(t, opts);
    try {
      const res = await send(over);
      return {
        res,
        puts: watch.puts,
        filesBefore: files,
        filesAfter: await storedFiles(t),
        stateBefore: state,
        stateAfter: await count(route.state),
      };
    } finally {
      watch.restore();
    }
  }

  it('the table covers every route that takes multipart/form-data', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const multipart = Object.entries(
      doc.paths as Record<string, Record<string, { requestBody?: { content?: object } }>>,
    ).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content && 'multipart/form-data' in op.requestBody.content)
        .map(([m]) => `${m.toUpperCase()} ${p}`),
    );
    assert.deepEqual(multipart.sort(), ROUTES.map((r) => r.operation).sort());
  });

  for (const route of ROUTES) {
    it(`${route.operation}: the good request of this table succeeds and stores ${route.puts} file(s)`, async () => {
      const { res, puts, filesBefore, filesAfter } = await attempt(route, {});
      assert.ok(res.statusCode < 300, res.body);
      assert.equal(puts.length, route.puts);
      assert.equal(filesAfter.length, filesBefore.length + route.puts);
    });

    // (A lone surrogate cannot come through: a multipart body is UTF-8, which cannot encode one.)
    for (const [where, bad] of [
      ['a text field', 'a\u0000b'],
      ["the file's name", 'x\u0000.png'],
    ] as const) {
      const field = where === 'a text field' ? route.textField : route.fileField;
      if (!field) continue;
      it(`${route.operation}: a NUL in ${where} is 422 naming ${field}, and nothing is written`, async () => {
        const value = where === 'a text field' ? bad : { data: SAMPLE_PNG, name: bad, type: 'image/png' };
        const { res, puts, filesBefore, filesAfter, stateBefore, stateAfter } = await attempt(route, {
          [field]: value,
        });
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(Object.keys(res.json().errors), [field]);
        assert.deepEqual(puts, []);
        assert.deepEqual(filesAfter, filesBefore);
        assert.equal(stateAfter, stateBefore);
      });
    }

    it(`${route.operation}: a request refused by validation writes nothing`, async () => {
      const { res, puts, filesBefore, filesAfter } = await attempt(route, route.invalid);
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(puts, []);
      assert.deepEqual(filesAfter, filesBefore);
    });

    it(`${route.operation}: storage failing after the last write (the bytes landed) is 500 and keeps none of the files`, async () => {
      const { res, puts, filesBefore, filesAfter, stateBefore, stateAfter } = await attempt(
        route,
        {},
        { failAfterPut: route.puts },
      );
      assert.equal(res.statusCode, 500, res.body);
      assert.equal(puts.length, route.puts);
      assert.deepEqual(filesAfter, filesBefore);
      assert.equal(stateAfter, stateBefore);
    });

    it(`${route.operation}: the database refusing the row after the files were written is 500 and keeps none of them`, async () => {
      const restore = await failWrites(t, route.table, route.failOn);
      try {
        const { res, puts, filesBefore, filesAfter, stateBefore, stateAfter } = await attempt(route, {});
        assert.equal(res.statusCode, 500, res.body);
        assert.equal(puts.length, route.puts, 'the files were written before the failure');
        assert.deepEqual(filesAfter, filesBefore);
        assert.equal(stateAfter, stateBefore);
      } finally {
        await restore();
      }
    });
  }
});
