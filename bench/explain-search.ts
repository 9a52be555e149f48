// `npm run bench:explain -- --count 100000`: the plans of the search benchmark's statements (the
// page's ids, the cards of those ids, the capped count, the facets), built by the service's own code
// from the manifest's query, with EXPLAIN ANALYZE on the generated catalogue, then the time of
// each statement over repeated runs.
// Fails (exit 1) when a plan reads properties or property_nights sequentially.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../src/db/connection.ts';
import {
  cardsSql,
  countSql,
  pageIdsSql,
  propertySearchRepository,
  type PageRequest,
} from '../src/modules/property-search/property-search.repository.ts';
import { parseCriteria } from '../src/modules/property-search/search-criteria.ts';
import { MAX_PUBLIC_MATCHES } from '../src/modules/property-search/find-cards.ts';
import { facetsSql } from '../src/modules/property-search/search-facets.repository.ts';
import { loadManifest, withDatabase } from './datasets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const i = process.argv.indexOf('--count');
  const count = Number(i >= 0 ? process.argv[i + 1] : 10_000);
  const serverUrl = process.env.DATABASE_URL || undefined;
  const kind = serverUrl ? 'postgres' : 'pglite';
  const manifest = await loadManifest(root, count, kind);
  if (!manifest)
    throw new Error(`no ${count}-listing catalogue for ${kind}: run npm run bench:data -- --count ${count}`);
  const database = serverUrl
    ? await openDatabase({ url: withDatabase(serverUrl, manifest.location), poolSize: 1 })
    : await openDatabase({ dataDir: path.join(root, manifest.location, 'pgdata') });
  const s = manifest.search;
  const { criteria, sort } = parseCriteria(
    {
      near: s.near,
      radius_km: s.radius_km,
      checkin_date: s.checkin_date,
      checkout_date: s.checkout_date,
      guests: s.guests,
    },
    new Date(manifest.generatedAt),
  );
  const req: PageRequest = {
    scope: { kind: 'public' },
    criteria,
    sort,
    basis: null,
    limit: 20,
    offset: 0,
    countCap: MAX_PUBLIC_MATCHES,
  };
  const run = async (q: SQL) => (await database.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> };
  let sequential = false;
  console.log(
    `# ${manifest.dataset} on ${kind} (${manifest.count} listings, ${manifest.cities} cities); query: ${JSON.stringify(s)}\n`,
  );
  const picked = (await run(pageIdsSql(req))).rows;
  // The facets' price basis as the service finds it (find-cards.ts, priceBasis): the default currency.
  const found = await propertySearchRepository(database.db).currencyRate();
  const basis = found ? { rate: found.rate, decimals: found.decimals } : { rate: null };
  const statements = [
    ['page ids', pageIdsSql(req)],
    ['cards of those ids', cardsSql(picked.map((r) => Number(r.id)))],
    ['count (the page is full)', countSql(req)],
    [
      'facets (facets=1; their total spares the count)',
      facetsSql({ scope: req.scope, criteria, basis, countCap: MAX_PUBLIC_MATCHES }),
    ],
  ] as const;
  for (const [name, q] of statements) {
    const plan = (await run(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`)).rows
      .map((r) => String(Object.values(r)[0]))
      .join('\n');
    console.log(`## ${name}\n\n${plan}\n`);
    if (/Seq Scan on (properties|property_nights)\b/.test(plan)) sequential = true;
    const times: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t0 = performance.now();
      await run(q);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}: median ${times[15]!.toFixed(2)} ms, p95 ${times[28]!.toFixed(2)} ms over 30 runs (client side)\n`,
    );
  }
  console.log(`matches: ${(await run(countSql(req))).rows[0]!.n}, page: ${picked.length} cards`);
  await database.close();
  if (sequential) {
    console.log('A plan reads properties or property_nights sequentially.');
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
