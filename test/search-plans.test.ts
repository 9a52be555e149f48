// The search's statements run prepared on PGlite (src/db/pglite-statements.ts), so after their
// fifth call the database may keep one generic plan, made without the search's values, for every
// later search of the same shape. Each statement is planned here both ways over a catalogue
// spread around the world with one dense neighbourhood, and must read only the listings in and
// around the searched circle: a generic plan that walked the whole catalogue (in date order, say,
// to stop at the page's twentieth match) would pass every functional test and cost the
// catalogue's size on every search.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type SQL } from 'drizzle-orm';
import { planReads } from './helpers/plan-reads.ts';
import { createTestDatabase, recycleTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import {
  cardsSql,
  countSql,
  pageIdsSql,
  type PageRequest,
} from '../src/modules/property-search/property-search.repository.ts';
import { facetsSql } from '../src/modules/property-search/search-facets.repository.ts';
import { parseCriteria } from '../src/modules/property-search/search-criteria.ts';
import type { SortKey } from '../src/modules/property-search/search-criteria.ts';

const CATALOGUE = 30_000;
const NEIGHBOURHOOD = 60;
// Listings in the searched circle and the box around it may be read; a few times that at most.
const MAX_READS = 5 * NEIGHBOURHOOD;

describe('search statements planned generic and custom', () => {
  let database: TestDatabase;

  before(async () => {
    database = await createTestDatabase();
    await database.db.transaction(async (tx) => {
      // Replica mode skips the foreign keys: no owner nor currency rows are needed for plans.
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO properties (owner_id, status, visibility, latitude, longitude, capacity, price_per_night, currency_code, created_at)
        SELECT 1, 'active', TRUE, -60 + (g % 300) * 0.4, -170 + (g / 300) * 3.3, 4, 5000 + g % 20000, 'EUR', now() - g * interval '1 minute'
        FROM generate_series(1, ${CATALOGUE}) g`);
      // The neighbourhood: within about 3 km of the searched point, the newest listings of all.
      await tx.execute(sql`
        INSERT INTO properties (owner_id, status, visibility, latitude, longitude, capacity, price_per_night, currency_code, created_at)
        SELECT 1, 'active', TRUE, 48.85 + (g % 8 - 4) * 0.005, 2.35 + (g / 8 - 4) * 0.007, 4, 8000 + g, 'EUR', now()
        FROM generate_series(1, ${NEIGHBOURHOOD}) g`);
    });
    await database.db.execute(sql.raw('ANALYZE properties'));
  });
  after(() => recycleTestDatabase(database));

  const { criteria } = parseCriteria(
    { near: '48.85,2.35', radius_km: 5, checkin_date: '2031-03-01', checkout_date: '2031-03-04', guests: 2 },
    new Date('2031-01-01T00:00:00Z'),
  );
  const page = (sort: SortKey): PageRequest => ({
    scope: { kind: 'public' },
    criteria,
    sort,
    basis: { rate: '1', decimals: 2 },
    limit: 20,
    offset: 0,
    countCap: 1000,
  });

  async function assertLocal(name: string, statement: SQL) {
    for (const r of await planReads(database.db, statement, 'properties')) {
      assert.ok(
        r.rows <= MAX_READS,
        `${name}, ${r.mode}: read ${r.rows} listings (${r.via.join(', ')}) for a search around ${NEIGHBOURHOOD}`,
      );
    }
  }

  for (const sort of ['newest', 'price', 'rating', 'popular', 'distance'] as const) {
    it(`the page's ids, sorted by ${sort}`, async () => {
      const ids = (await database.db.execute(pageIdsSql(page(sort)))) as unknown as { rows: unknown[] };
      assert.equal(ids.rows.length, 20, 'a full page from the neighbourhood');
      await assertLocal(`page ids (${sort})`, pageIdsSql(page(sort)));
    });
  }

  it("the page's ids and count with a price range in another currency (compared in its minor units)", async () => {
    const { criteria: priced } = parseCriteria(
      {
        near: '48.85,2.35',
        radius_km: 5,
        checkin_date: '2031-03-01',
        checkout_date: '2031-03-04',
        guests: 2,
        min_price: 80,
        max_price: 100,
        currency: 'USD',
      },
      new Date('2031-01-01T00:00:00Z'),
    );
    // The neighbourhood's 80.01–80.60 EUR read 86.41–87.05 USD at 1.08: all of them are in range.
    const req = { ...page('price'), criteria: priced, basis: { rate: '1.08', decimals: 2 } };
    const ids = (await database.db.execute(pageIdsSql(req))) as unknown as { rows: unknown[] };
    assert.equal(ids.rows.length, 20, 'a full page from the neighbourhood');
    await assertLocal('page ids (price range)', pageIdsSql(req));
    await assertLocal('count (price range)', countSql(req));
    await assertLocal('facets (price range)', facetsSql({ ...req, countCap: 1000 }));
  });

  it('the count of matches', async () => {
    const [{ n }] = ((await database.db.execute(countSql(page('newest')))) as unknown as { rows: Array<{ n: number }> })
      .rows;
    assert.equal(n, NEIGHBOURHOOD);
    await assertLocal('count', countSql(page('newest')));
  });

  it('the facets', async () => {
    await assertLocal(
      'facets',
      facetsSql({ scope: { kind: 'public' }, criteria, basis: { rate: '1', decimals: 2 }, countCap: 1000 }),
    );
  });

  it("the page's cards", async () => {
    const ids = (
      (await database.db.execute(pageIdsSql(page('newest')))) as unknown as { rows: Array<{ id: number }> }
    ).rows.map((r) => Number(r.id));
    await assertLocal('cards', cardsSql(ids));
  });
});
