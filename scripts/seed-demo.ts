// `npm run seed:demo`: demo accounts for every role, printed with their passwords. Safe to run
// again: existing demo accounts get their demo password back. Later features add their data here:
// owner applications, the catalogue, the traveller's reservations in every status with their
// payments and refunds, the owners' payout accounts and a payout run.
// On the embedded database it needs DATA_DIR to itself: beside a running `npm start` on the same
// DATA_DIR it refuses (naming the server's process) instead of corrupting the database; on a
// PostgreSQL DATABASE_URL it runs beside servers.
import { loadConfig } from '../src/config.ts';
import { closeContainer, createContainer } from '../src/container.ts';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { seedDemoApplications } from './seed-demo-applications.ts';
import { seedDemoCatalog } from './seed-demo-catalog.ts';
import { DEMO_GUEST_EMAIL, seedDemoReservations } from './seed-demo-reservations.ts';
import { seedDemoPayments } from './seed-demo-payments.ts';
import type { Role } from '../src/kernel/caller.ts';

const DEMO: Array<{
  role: Role;
  username: string;
  email: string;
  password: string;
  first: string;
  last: string;
  loginType: string;
}> = [
  {
    role: 'admin',
    username: 'demo_admin',
    email: 'admin@demo.stays.test',
    password: 'demo-admin-pass',
    first: 'Ada',
    last: 'Admin',
    loginType: 'admin',
  },
  {
    role: 'support',
    username: 'demo_support',
    email: 'support@demo.stays.test',
    password: 'demo-support-pass',
    first: 'Sam',
    last: 'Support',
    loginType: 'support',
  },
  {
    role: 'owner',
    username: 'demo_owner',
    email: 'owner@demo.stays.test',
    password: 'demo-owner-pass',
    first: 'Olga',
    last: 'Owner',
    loginType: 'client',
  },
  {
    role: 'client',
    username: 'demo_traveller',
    email: 'traveller@demo.stays.test',
    password: 'demo-traveller-pass',
    first: 'Tom',
    last: 'Traveller',
    loginType: 'client',
  },
];

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', JOBS_ENABLED: 'false' });
const deps = await createContainer(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(
    `${err.message}\nseed:demo writes the embedded database directly: stop the server, run the seed, then start the server again.`,
  );
  process.exit(1);
});
const users = usersRepository(deps.db);
const now = new Date();
const rows: string[][] = [];
for (const d of DEMO) {
  const passwordHash = await hashPassword(d.password);
  const existing = await users.findByEmail(d.email);
  if (existing) await users.update(existing.id, { passwordHash, role: d.role, isActive: true }, now);
  else
    await users.insert({
      username: d.username,
      email: d.email,
      passwordHash,
      role: d.role,
      firstName: d.first,
      lastName: d.last,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  rows.push([d.role, d.email, d.password, d.loginType]);
}
const support = (await users.findByEmail('support@demo.stays.test'))!;
const applications = await seedDemoApplications(deps, { id: support.id, role: 'support' });
const catalog = await seedDemoCatalog(deps);
const bookings = await seedDemoReservations(deps);
const money = await seedDemoPayments(deps, DEMO_GUEST_EMAIL);
await closeContainer(deps);

console.log('Demo accounts (log in with POST /api/auth/login {login, password, type}):');
console.log(['role', 'login', 'password', 'type'].map((h) => h.padEnd(28)).join(''));
for (const r of rows) console.log(r.map((c) => c.padEnd(28)).join(''));
console.log('\nOwner applications (KYC), decided by demo_support; applicants log in with type client:');
console.log(['application', 'login', 'password', 'role now', 'request'].map((h) => h.padEnd(36)).join(''));
for (const r of applications) console.log(r.map((c) => c.padEnd(36)).join(''));
console.log(
  `\nDemo catalogue (${catalog.created ? 'created now' : 'already there, left as it was'}); a second demo owner (role, login, password, type):`,
);
for (const r of catalog.accounts) console.log(r.map((c) => c.padEnd(28)).join(''));
const widths = [6, 14, 32, 20, 13, 16, 10, 10];
console.log(
  ['id', 'owner', 'listing', 'city', 'type', 'price/night', 'status', 'room types']
    .map((h, i) => h.padEnd(widths[i]!))
    .join(''),
);
for (const r of catalog.listings) console.log(r.map((c, i) => c.slice(0, widths[i]! - 1).padEnd(widths[i]!)).join(''));
{
  // Any active listing above (one with room types shows them per rate plan), no token needed.
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  console.log(
    `Availability and price calendar of a listing: GET /api/properties/{id}/availability?from=${from}&to=${to}`,
  );
}
console.log(
  'Owner performance (occupancy, ADR, RevPAR, revenue per listing and month; Accept: text/csv for CSV): GET /api/owners/me/performance as demo_owner',
);
console.log(
  'Search facets (counts per type, commodity, neighborhood and a price histogram in EUR): GET /api/properties/public?facets=1&currency=EUR',
);
const state = bookings.created
  ? 'created now'
  : `already there, left as they were${bookings.renewedHolds ? `; ${bookings.renewedHolds} lapsed hold(s) renewed` : ''}`;
console.log(
  `\nDemo reservations of ${DEMO_GUEST_EMAIL} (${state}); a completed stay's feedback page is GET /api/public-feedback/{feedback id}:`,
);
const bw = [13, 11, 32, 26, 14, 16, 16, 0];
console.log(
  ['ref', 'status', 'listing', 'stay', 'guests', 'total', 'paid', 'note'].map((h, i) => h.padEnd(bw[i]!)).join(''),
);
for (const r of bookings.rows)
  console.log(r.map((c, i) => (bw[i] ? c.slice(0, bw[i]! - 1).padEnd(bw[i]!) : c)).join(''));
const perStatus = new Map<string, number>();
for (const r of bookings.rows) perStatus.set(r[1]!, (perStatus.get(r[1]!) ?? 0) + 1);
console.log(`by status: ${[...perStatus].map(([s, n]) => `${s} ${n}`).join(', ')}`);

console.log(
  '\nPayments (local checkout; GET /api/payments/{userId}/all-payments), refunds and payouts (GET/POST /api/payouts/..., as demo_admin):',
);
console.log(`payments by status: ${money.paymentsByStatus.map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}`);
const rw = [13, 14, 16, 11, 0];
if (money.refunds.length)
  console.log(['ref', 'refund for', 'amount', 'status', 'payment now'].map((h, i) => h.padEnd(rw[i]!)).join(''));
for (const r of money.refunds) console.log(r.map((c, i) => (rw[i] ? c.padEnd(rw[i]!) : c)).join(''));
for (const [login, account] of money.accountsSet) console.log(`payout account of ${login} set to ${account}`);
if (money.payoutRun)
  console.log(
    `payout run at ${money.payoutRun.at.toISOString().slice(0, 16)}Z: ${money.payoutRun.paid} payout(s) paid`,
  );
if (money.note) console.log(`(${money.note})`);
const pw = [8, 14, 18, 18, 8, 36, 7, 0];
if (money.payouts.length)
  console.log(
    ['payout', 'owner', 'earnings', 'transferred', 'status', 'transfer', 'lines', 'at']
      .map((h, i) => h.padEnd(pw[i]!))
      .join(''),
  );
for (const r of money.payouts) console.log(r.map((c, i) => (pw[i] ? c.padEnd(pw[i]!) : c)).join(''));
process.exit(0);
