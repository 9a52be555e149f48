// `DATABASE_URL=… npm run bench:explain-booking`: the plan of every statement a booking runs at
// the history of `booking-history` (bench/booking-history.ts), the relay's projections after it
// included. The server runs as in the benchmark, its connections with PostgreSQL's auto_explain
// (ANALYZE, BUFFERS, every statement, nested ones too); a few bookings are made over HTTP, then
// the plans PostgreSQL logged for the run's database are printed, slowest first (those of listings
// in service, then those of each listing's first booking, on cold caches), with any
// sequential scan of a table that grows with history, or walk of a whole index of one, called out
// (exit 1 when there is one).
// Needs the server's log file readable (POSTGRES_LOG, default Debian's).
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Slots, type HttpBookingFixtures } from './booking-fixtures.ts';
import { historyBookingFixtures } from './booking-history.ts';
import { startServer } from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOOKINGS = Number(process.env.EXPLAIN_BOOKINGS ?? 20);
// Tables whose rows grow with bookings: a sequential scan of one makes a booking cost grow too.
const GROWING = [
  'reservations',
  'reservation_rooms',
  'property_nights',
  'outbox_events',
  'notifications',
  'email_jobs',
  'payments',
  'users',
  'sessions',
];

/** The file's bytes from `offset` to `end` (default: its end), as text. */
async function readFrom(file: string, offset: number, end?: number): Promise<string> {
  const h = await open(file, 'r');
  try {
    const size = end ?? (await h.stat()).size;
    const buf = Buffer.alloc(size - offset);
    await h.read(buf, 0, buf.length, offset);
    return buf.toString('utf8');
  } finally {
    await h.close();
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required: auto_explain is a PostgreSQL server module');
  const logFile = process.env.POSTGRES_LOG ?? (await findLog());
  let fixtures: HttpBookingFixtures | undefined;
  let database = '';
  const server = await startServer({
    root,
    databaseUrl,
    beforeStart: async (target) => {
      database = new URL(target.databaseUrl!).pathname.slice(1);
      fixtures = await historyBookingFixtures({ ...target, loadSeconds: 5 });
    },
    env: {
      PGOPTIONS: [
        'session_preload_libraries=auto_explain',
        'auto_explain.log_min_duration=0',
        'auto_explain.log_analyze=on',
        'auto_explain.log_buffers=on',
        'auto_explain.log_nested_statements=on',
        'auto_explain.log_timing=on',
      ]
        .map((o) => `-c ${o}`)
        .join(' '),
    },
  });
  try {
    const f = fixtures!;
    const slots = new Slots(f);
    // One booking of every listing first warms the server's caches (rules, read form, the
    // listing's booked nights): the bookings measured next are those of a listing in service,
    // which read only their stay's nights. The plans of these first ones (cold caches, the year's
    // booked nights read) are printed after, in a section of their own: both paths must stay on indexes.
    const coldFrom = (await stat(logFile)).size;
    for (let i = 0; i < f.listingIds.length; i++) await book(server.baseUrl, f, slots);
    await new Promise((r) => setTimeout(r, 1500));
    const from = (await stat(logFile)).size;
    for (let i = 0; i < BOOKINGS; i++) await book(server.baseUrl, f, slots);
    await new Promise((r) => setTimeout(r, 1500)); // the relay's passes after the last commit
    const warm = await readFrom(logFile, from);
    const cold = await readFrom(logFile, coldFrom, from);
    const scans =
      report(warm, database, `${BOOKINGS} bookings of listings in service`, BOOKINGS) +
      report(
        cold,
        database,
        `the first booking of each of the ${f.listingIds.length} listings (cold caches: the year's booked nights read)`,
        f.listingIds.length,
      );
    if (scans > 0) {
      console.log(`# ${scans} plan(s) scan a table that grows with history sequentially or walk a whole index of one`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

async function book(baseUrl: string, f: HttpBookingFixtures, slots: Slots): Promise<void> {
  const s = slots.take();
  const res = await fetch(`${baseUrl}/api/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${f.tokens[s.guest]}` },
    body: JSON.stringify({
      property_id: s.listingId,
      checkin_date: s.checkin,
      checkout_date: s.checkout,
      guests: { adults: 2, children: 0 },
    }),
  });
  if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

interface Plan {
  ms: number;
  query: string;
  text: string;
}

/** Prints one section's plans; returns how many scan a growing table sequentially or walk a whole index of one. */
function report(log: string, database: string, what: string, bookings: number): number {
  // Entries start with the log line prefix ("2026-… [pid] user@db "); plans continue on unprefixed lines.
  const entries = log.split(/\n(?=\d{4}-\d\d-\d\d )/).filter((e) => e.includes(`@${database} `) && e.includes('plan:'));
  const plans: Plan[] = entries.map((e) => {
    const ms = Number(/duration: ([\d.]+) ms/.exec(e)?.[1] ?? 0);
    // The query runs from "Query Text:" to the plan's first node, the first line with a cost.
    const after = e.slice(e.indexOf('Query Text:') + 'Query Text:'.length);
    const firstNode = after.search(/\n[^\n]*\(cost=/);
    const query = (firstNode >= 0 ? after.slice(0, firstNode) : after).replace(/\s+/g, ' ').trim();
    return { ms, query, text: e.slice(e.indexOf('plan:') + 5).trim() };
  });
  // The same statement text runs once per booking: one line per statement, its median time.
  const byQuery = new Map<string, Plan[]>();
  for (const p of plans) byQuery.set(p.query, [...(byQuery.get(p.query) ?? []), p]);
  const rows = [...byQuery.values()]
    .map((ps) => {
      const sorted = [...ps].sort((a, b) => a.ms - b.ms);
      return {
        runs: ps.length,
        median: sorted[Math.floor(sorted.length / 2)]!.ms,
        plan: sorted[Math.floor(sorted.length / 2)]!,
      };
    })
    .sort((a, b) => b.median * b.runs - a.median * a.runs);
  console.log(
    `# ${what}: ${plans.length} statements logged (${rows.length} distinct), at the history of booking-history\n`,
  );
  let seq = 0;
  for (const r of rows) {
    const scans = [
      ...GROWING.filter((t) => new RegExp(`Seq Scan on ${t}\\b`).test(r.plan.text)).map(
        (t) => `SEQUENTIAL SCAN of ${t}`,
      ),
      ...wholeIndexWalks(r.plan.text),
    ];
    seq += scans.length;
    console.log(`## ${r.median.toFixed(3)} ms median × ${r.runs}${scans.length ? `  ${scans.join('; ')}` : ''}`);
    console.log(`${r.plan.query.slice(0, 400)}${r.plan.query.length > 400 ? ' …' : ''}\n`);
    console.log(
      r.plan.text
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
    console.log('');
  }
  const total = rows.reduce((s, r) => s + r.median * r.runs, 0) / bookings;
  console.log(
    `# about ${total.toFixed(3)} ms of statement time per booking (medians; nested statements count inside their callers too)\n`,
  );
  return seq;
}

/**
 * Index scans of a growing table with no index condition that throw rows away: a walk of the
 * whole index (a partial one's every entry) to find a few, whose cost grows with everyone's rows.
 * The count of a guest's pending holds did this under statistics taken with none pending
 * (test/query-plans.test.ts); a walk that keeps what it reads (a queue's oldest first) is not one.
 */
function wholeIndexWalks(plan: string): string[] {
  const lines = plan.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const m = /Index (?:Only )?Scan(?: Backward)? using (\S+) on (\S+)/.exec(line);
    if (!m || !GROWING.includes(m[2]!)) return;
    const details: string[] = [];
    for (let j = i + 1; j < lines.length && !lines[j]!.includes('->'); j++) details.push(lines[j]!);
    const removed = Number(/Rows Removed by Filter: (\d+)/.exec(details.join('\n'))?.[1] ?? 0);
    if (removed > 0 && !details.some((d) => d.includes('Index Cond:')))
      found.push(`WHOLE-INDEX WALK of ${m[2]} (${m[1]}, ${removed} rows thrown away)`);
  });
  return found;
}

async function findLog(): Promise<string> {
  const dir = '/var/log/postgresql';
  const logs = (await readdir(dir)).filter((f) => f.endsWith('.log'));
  if (!logs.length) throw new Error(`no PostgreSQL log in ${dir}: set POSTGRES_LOG`);
  return path.join(dir, logs.sort().at(-1)!);
}

main().catch((err) => {
  console.error(`[explain-booking] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
