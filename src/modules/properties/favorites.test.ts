import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { favorites } from '../../db/schema/index.ts';
import { bearer, createUser, loginAs } from '../../../test/helpers/factories.ts';
import { world, type World } from './properties.test-support.ts';

describe('Favorites: GET/POST/DELETE /properties/{id}/favorite and like_count', () => {
  let w: World;
  const fav = (method: 'GET' | 'POST' | 'DELETE', id: number, who: Parameters<World['req']>[2]) =>
    w.req(method, `/properties/${id}/favorite`, who);
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  const likeCount = async (id: number) => (await w.row(id))!.likeCount;
  const favoriteRows = async (id: number) =>
    (await w.t.deps.db.select().from(favorites).where(eq(favorites.propertyId, id))).length;

  it('adds and removes idempotently, keeping like_count', async () => {
    const p = await w.create('owner', w.full());
    assert.deepEqual((await fav('GET', p.id, 'client')).json().data, { is_favorite: false });
    for (let i = 0; i < 2; i++) {
      const res = await fav('POST', p.id, 'client');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data, { is_favorite: true, like_count: 1 });
    }
    assert.deepEqual((await fav('GET', p.id, 'client')).json().data, { is_favorite: true });
    assert.equal((await fav('POST', p.id, 'otherOwner')).json().data.like_count, 2);
    assert.equal((await w.req('GET', `/properties/${p.id}`, 'anonymous')).json().data.like_count, 2);
    for (let i = 0; i < 2; i++)
      assert.deepEqual((await fav('DELETE', p.id, 'client')).json().data, { is_favorite: false, like_count: 1 });
    assert.deepEqual((await fav('GET', p.id, 'client')).json().data, { is_favorite: false });
    assert.equal(await likeCount(p.id), 1);
  });

  it('needs a signed-in caller (401) and a listing the caller may see (404)', async () => {
    const p = await w.create('owner', w.full());
    const draft = await w.create('owner', { who_are_you: 'individual' });
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      assert.equal((await fav(method, p.id, 'anonymous')).statusCode, 401);
      assert.equal((await fav(method, draft.id, 'client')).statusCode, 404);
      assert.equal((await fav(method, 987654, 'client')).statusCode, 404);
    }
    assert.equal(await favoriteRows(draft.id), 0);
    assert.equal((await fav('POST', draft.id, 'owner')).statusCode, 200, 'the owner sees their draft');
  });

  it('keeps like_count exact under concurrent adds and removes (many users, repeated requests)', async () => {
    const p = await w.create('owner', w.full());
    const tokens = [];
    for (let i = 0; i < 6; i++) tokens.push(await loginAs(w.t.app, await createUser(w.t.deps, { role: 'client' })));
    const hit = (method: 'POST' | 'DELETE', token: string) =>
      w.t.app.inject({ method, url: `/api/properties/${p.id}/favorite`, headers: bearer(token) });
    // every user adds three times at once
    const adds = await Promise.all(tokens.flatMap((tk) => [hit('POST', tk), hit('POST', tk), hit('POST', tk)]));
    assert.ok(
      adds.every((r) => r.statusCode === 200),
      adds.map((r) => r.body).join('\n'),
    );
    assert.equal(await favoriteRows(p.id), 6);
    assert.equal(await likeCount(p.id), 6);
    // half remove (twice each) while the other half add again
    const mixed = await Promise.all(
      tokens.flatMap((tk, i) => (i % 2 ? [hit('DELETE', tk), hit('DELETE', tk)] : [hit('POST', tk), hit('POST', tk)])),
    );
    assert.ok(
      mixed.every((r) => r.statusCode === 200),
      mixed.map((r) => r.body).join('\n'),
    );
    assert.equal(await favoriteRows(p.id), 3);
    assert.equal(await likeCount(p.id), 3);
  });
});
