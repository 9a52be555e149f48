import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { propertyMedias } from '../../db/schema/index.ts';
import { makeCast, type Cast, type Who } from '../room-types/room-types.test-support.ts';
import { png, upload } from './media.test-support.ts';

const ALL: Who[] = ['anonymous', 'client', 'otherOwner', 'owner', 'admin', 'support'];

describe('media: list, files, delete, reorder', () => {
  let t: TestApp;
  let c: Cast;
  let image: Buffer;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
    image = await png(500, 300);
  });
  after(() => t.close());

  const call = (who: Who, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: c.headers(who), ...(payload ? { payload } : {}) });
  const ids = (res: { json(): { data: Array<{ id: number }> } }) => res.json().data.map((d) => d.id);

  /** A listing with `n` photos uploaded by its owner; returns their ids in order. */
  async function listingWithMedia(n: number, over: Parameters<typeof createProperty>[2] = {}) {
    const p = await createProperty(t.deps, c.users.owner.id, over);
    const res = await upload(
      t,
      p.id,
      c.headers('owner'),
      Array.from({ length: n }, (_, i) => ({ data: image, name: `${i}.png` })),
    );
    assert.equal(res.statusCode, 201, res.body);
    return { p, ids: ids(res) as number[] };
  }

  it("lists a public listing's media in order to everyone, paginated", async () => {
    const { p, ids: media } = await listingWithMedia(3);
    for (const who of ALL) {
      const res = await call(who, 'GET', `/properties/${p.id}/medias`);
      assert.equal(res.statusCode, 200, who);
      assert.deepEqual(ids(res), media);
      assert.deepEqual(res.json().meta, { current_page: 1, per_page: 20, total: 3, last_page: 1 });
    }
    const page = await call('anonymous', 'GET', `/properties/${p.id}/medias?page=2&per_page=2`);
    assert.deepEqual(ids(page), [media[2]]);
  });

  it('hides the media of a listing that is not public, list and files alike, from all but owner, admin and support', async () => {
    const {
      p,
      ids: [id],
    } = await listingWithMedia(1, { status: 'draft' });
    const expected: Record<Who, number> = {
      anonymous: 404,
      client: 404,
      otherOwner: 404,
      owner: 200,
      admin: 200,
      support: 200,
    };
    for (const [who, status] of Object.entries(expected)) {
      assert.equal((await call(who as Who, 'GET', `/properties/${p.id}/medias`)).statusCode, status, `list ${who}`);
      const file = await call(who as Who, 'GET', `/properties/medias/${id}/file`);
      assert.equal(file.statusCode, status, `file ${who}`);
      assert.equal(
        (await call(who as Who, 'GET', `/properties/medias/${id}/thumbnail`)).statusCode,
        status,
        `thumbnail ${who}`,
      );
      if (status === 200)
        assert.match(
          String(file.headers['cache-control']),
          /private/,
          "a hidden listing's files stay out of shared caches",
        );
    }
  });

  it("serves a public listing's files to anyone, cacheable; unknown ids are 404", async () => {
    const {
      ids: [id],
    } = await listingWithMedia(1);
    const res = await call('anonymous', 'GET', `/properties/medias/${id}/file`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.match(String(res.headers['content-security-policy']), /sandbox/);
    assert.equal(res.headers['cache-control'], 'public, max-age=86400');
    assert.equal((await call('anonymous', 'GET', '/properties/medias/999999/file')).statusCode, 404);
    assert.equal((await call('anonymous', 'GET', '/properties/medias/999999/thumbnail')).statusCode, 404);
  });

  it('lets the owner and an admin delete a media: its files go after the change, the rest move up', async () => {
    const { p, ids: media } = await listingWithMedia(3);
    const [row] = await t.deps.db.select().from(propertyMedias).where(eq(propertyMedias.id, media[0]!));
    const denied: Record<string, number> = { anonymous: 401, client: 403, otherOwner: 403, support: 403 };
    for (const [who, status] of Object.entries(denied)) {
      assert.equal(
        (await call(who as Who, 'DELETE', `/properties/${p.id}/medias/${media[0]}`)).statusCode,
        status,
        who,
      );
    }
    const res = await call('owner', 'DELETE', `/properties/${p.id}/medias/${media[0]}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, message: 'Media deleted', data: null });
    assert.equal(await t.deps.storage.exists(row!.storageKey), false);
    assert.equal(await t.deps.storage.exists(row!.thumbnailKey!), false);
    assert.equal((await call('anonymous', 'GET', `/properties/medias/${media[0]}/file`)).statusCode, 404);
    const rows = await t.deps.db
      .select()
      .from(propertyMedias)
      .where(eq(propertyMedias.propertyId, p.id))
      .orderBy(propertyMedias.position);
    assert.deepEqual(
      rows.map((r) => [r.id, r.position]),
      [
        [media[1], 0],
        [media[2], 1],
      ],
    );
    assert.equal((await call('admin', 'DELETE', `/properties/${p.id}/medias/${media[2]}`)).statusCode, 200);
    assert.equal((await call('admin', 'DELETE', `/properties/${p.id}/medias/${media[2]}`)).statusCode, 404);
  });

  it('answers 404 for a media of another listing, and changes nothing', async () => {
    const a = await listingWithMedia(1);
    const b = await listingWithMedia(1);
    assert.equal((await call('owner', 'DELETE', `/properties/${a.p.id}/medias/${b.ids[0]}`)).statusCode, 404);
    assert.equal((await call('owner', 'GET', `/properties/medias/${b.ids[0]}/file`)).statusCode, 200);
    const hidden = await listingWithMedia(1, { visibility: false });
    assert.equal(
      (await call('otherOwner', 'DELETE', `/properties/${hidden.p.id}/medias/${hidden.ids[0]}`)).statusCode,
      404,
    );
  });

  it("reorders with exactly the listing's ids; anything else is 422 naming ids", async () => {
    const {
      p,
      ids: [a, b, c3],
    } = await listingWithMedia(3);
    const other = await listingWithMedia(1);
    const url = `/properties/${p.id}/medias/order`;
    const res = await call('owner', 'PUT', url, { ids: [c3, a, b] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(ids(res), [c3, a, b]);
    assert.deepEqual(ids(await call('anonymous', 'GET', `/properties/${p.id}/medias`)), [c3, a, b]);
    for (const bad of [[c3, a], [c3, a, b, other.ids[0]], [c3, a, a], [c3, a, other.ids[0]], []]) {
      const r = await call('owner', 'PUT', url, { ids: bad });
      assert.equal(r.statusCode, 422, `${JSON.stringify(bad)}: ${r.body}`);
      assert.ok(r.json().errors.ids, r.body);
    }
    const missing = await call('owner', 'PUT', url, {});
    assert.ok(missing.json().errors.ids);
    assert.deepEqual(
      ids(await call('owner', 'GET', `/properties/${p.id}/medias`)),
      [c3, a, b],
      'refused orders change nothing',
    );
    const denied: Record<string, number> = { anonymous: 401, client: 403, otherOwner: 403, support: 403, admin: 200 };
    for (const [who, status] of Object.entries(denied)) {
      assert.equal((await call(who as Who, 'PUT', url, { ids: [a, b, c3] })).statusCode, status, who);
    }
    assert.deepEqual(ids(await call('owner', 'GET', `/properties/${p.id}/medias`)), [a, b, c3]);
  });
});
