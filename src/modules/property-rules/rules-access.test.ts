import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { properties } from '../../db/schema/index.ts';
import {
  KINDS,
  createItem,
  rulesWorld,
  sample,
  type Kind,
  type RulesWorld,
  type Who,
} from './property-rules.test-support.ts';

// Who gets what on every rule route. A public listing shows its (non-promo-code) rules to anyone;
// a hidden one does not exist for strangers; only its owner and admins change anything.
describe("who may read and change a listing's rules", () => {
  let w: RulesWorld;
  let hidden: { id: number };
  before(async () => {
    w = await rulesWorld();
    hidden = await w.newListing({ status: 'draft' });
  });
  after(() => w.close());

  const everyone: Who[] = ['anonymous', 'client', 'otherOwner', 'owner', 'admin', 'support'];

  for (const kind of KINDS) {
    const managersOnly = kind === 'promo-codes';

    it(`GET /properties/{id}/${kind}: ${managersOnly ? 'owner and admin only' : 'anyone who can see the listing'}`, async () => {
      await createItem(w, w.listing.id, kind);
      const onPublic: Record<Who, number> = managersOnly
        ? { anonymous: 401, client: 403, otherOwner: 403, owner: 200, admin: 200, support: 403 }
        : { anonymous: 200, client: 200, otherOwner: 200, owner: 200, admin: 200, support: 200 };
      const onHidden: Record<Who, number> = managersOnly
        ? { anonymous: 401, client: 404, otherOwner: 404, owner: 200, admin: 200, support: 403 }
        : { anonymous: 404, client: 404, otherOwner: 404, owner: 200, admin: 200, support: 200 };
      for (const who of everyone) {
        const res = await w.req('GET', `/properties/${w.listing.id}/${kind}`, who);
        assert.equal(res.statusCode, onPublic[who], `${who} on a public listing: ${res.body}`);
        if (res.statusCode === 200) assert.ok(res.json().data.length >= 1);
        assert.equal(
          (await w.req('GET', `/properties/${hidden.id}/${kind}`, who)).statusCode,
          onHidden[who],
          `${who} on a hidden listing`,
        );
      }
      assert.equal((await w.req('GET', `/properties/987654321/${kind}`, 'admin')).statusCode, 404, 'unknown listing');
    });

    it(`POST /properties/{id}/${kind}: 401 anonymous, 403 for others who see it, 404 for those who do not, 201 owner and admin`, async () => {
      const expected: Record<Who, number> = {
        anonymous: 401,
        client: 403,
        otherOwner: 403,
        owner: 201,
        admin: 201,
        support: 403,
      };
      for (const who of everyone) {
        const res = await w.req('POST', `/properties/${w.listing.id}/${kind}`, who, sample(kind));
        assert.equal(res.statusCode, expected[who], `${who}: ${res.body}`);
      }
      const onHidden: Record<Who, number> = {
        anonymous: 401,
        client: 404,
        otherOwner: 404,
        owner: 201,
        admin: 201,
        support: 403,
      };
      for (const who of everyone) {
        assert.equal(
          (await w.req('POST', `/properties/${hidden.id}/${kind}`, who, sample(kind))).statusCode,
          onHidden[who],
          `${who} on a hidden listing`,
        );
      }
      assert.equal((await w.req('POST', `/properties/987654321/${kind}`, 'admin', sample(kind))).statusCode, 404);
    });

    it(`PUT and DELETE /properties/{id}/${kind}/{itemId}: owner and admin; an item of another listing is 404`, async () => {
      const item = await createItem(w, w.listing.id, kind);
      const url = `/properties/${w.listing.id}/${kind}/${item.id}`;
      const patch = kind === 'promo-codes' ? { code: `RENAMED${item.id}` } : { name: 'Renamed' };
      const expected: Record<Who, number> = {
        anonymous: 401,
        client: 403,
        otherOwner: 403,
        owner: 200,
        admin: 200,
        support: 403,
      };
      for (const who of everyone) {
        assert.equal((await w.req('PUT', url, who, patch)).statusCode, expected[who], `PUT as ${who}`);
      }
      const other = await createItem(w, w.listing2.id, kind);
      assert.equal(
        (await w.req('PUT', `/properties/${w.listing.id}/${kind}/${other.id}`, 'owner', patch)).statusCode,
        404,
        "PUT another listing's item",
      );
      assert.equal(
        (await w.req('DELETE', `/properties/${w.listing.id}/${kind}/${other.id}`, 'admin')).statusCode,
        404,
        "DELETE another listing's item",
      );
      assert.equal(
        (await w.req('PUT', `/properties/${w.listing.id}/${kind}/987654321`, 'owner', patch)).statusCode,
        404,
        'unknown item',
      );

      for (const who of ['anonymous', 'client', 'otherOwner', 'support'] as const) {
        assert.equal((await w.req('DELETE', url, who)).statusCode, who === 'anonymous' ? 401 : 403, `DELETE as ${who}`);
      }
      const del = await w.req('DELETE', url, 'owner');
      assert.equal(del.statusCode, 200);
      assert.deepEqual(del.json(), {
        success: true,
        message: `${kind === 'promo-codes' ? 'Promo code' : kindNoun(kind)} deleted`,
        data: null,
      });
      assert.equal((await w.req('DELETE', url, 'owner')).statusCode, 404, 'deleted already');
      const adminItem = await createItem(w, w.listing.id, kind);
      assert.equal(
        (await w.req('DELETE', `/properties/${w.listing.id}/${kind}/${adminItem.id}`, 'admin')).statusCode,
        200,
        'admin deletes',
      );
      const otherStill = await w.req('GET', `/properties/${w.listing2.id}/${kind}`, 'owner');
      assert.ok(
        otherStill.json().data.some((i: { id: number }) => i.id === other.id),
        "the other listing's item was left alone",
      );
    });

    it(`${kind} of a hidden listing: strangers get 404 on PUT and DELETE, support 403`, async () => {
      const item = await createItem(w, hidden.id, kind);
      const url = `/properties/${hidden.id}/${kind}/${item.id}`;
      for (const who of ['client', 'otherOwner'] as const) {
        assert.equal((await w.req('PUT', url, who, { min_nights: 2 })).statusCode, 404, who);
        assert.equal((await w.req('DELETE', url, who)).statusCode, 404, who);
      }
      assert.equal((await w.req('DELETE', url, 'support')).statusCode, 403);
    });
  }

  it('an archived listing keeps its rules readable by its owner but refuses changes with 409', async () => {
    const archived = await w.newListing();
    const season = await createItem(w, archived.id, 'seasons');
    await w.t.deps.db.update(properties).set({ status: 'archived' }).where(eq(properties.id, archived.id));
    assert.equal((await w.req('GET', `/properties/${archived.id}/seasons`, 'owner')).statusCode, 200);
    assert.equal((await w.req('POST', `/properties/${archived.id}/offers`, 'owner', sample('offers'))).statusCode, 409);
    assert.equal(
      (await w.req('PUT', `/properties/${archived.id}/seasons/${season.id}`, 'admin', { name: 'x' })).statusCode,
      409,
    );
    assert.equal((await w.req('DELETE', `/properties/${archived.id}/seasons/${season.id}`, 'owner')).statusCode, 409);
  });

  it('GET /properties/{id}/promos: anyone who can see the listing, 404 otherwise', async () => {
    for (const who of everyone) {
      assert.equal((await w.req('GET', `/properties/${w.listing.id}/promos`, who)).statusCode, 200, who);
      const expected = ['owner', 'admin', 'support'].includes(who) ? 200 : 404;
      assert.equal(
        (await w.req('GET', `/properties/${hidden.id}/promos`, who)).statusCode,
        expected,
        `${who} on hidden`,
      );
    }
    assert.equal((await w.req('GET', '/properties/987654321/promos', 'admin')).statusCode, 404);
  });

  it('lists paginate with meta and cap per_page at 100', async () => {
    const listing = await w.newListing();
    for (let i = 0; i < 3; i++) await createItem(w, listing.id, 'services');
    const page = (await w.req('GET', `/properties/${listing.id}/services?per_page=2&page=2`, 'anonymous')).json();
    assert.deepEqual(page.meta, { current_page: 2, per_page: 2, total: 3, last_page: 2 });
    assert.equal(page.data.length, 1);
    assert.equal((await w.req('GET', `/properties/${listing.id}/services?per_page=101`, 'anonymous')).statusCode, 422);
  });
});

function kindNoun(kind: Kind): string {
  return { seasons: 'Season', offers: 'Offer', packages: 'Package', services: 'Service', 'promo-codes': 'Promo code' }[
    kind
  ];
}
