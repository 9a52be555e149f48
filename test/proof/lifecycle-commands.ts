// The steps of the booking ↔ payment model test: what a guest, an owner, support, the processor
// and the background jobs can do, in any order, and another instance's migration. Each step runs against the real API, checks the
// answers it gets, updates the model (reservations and their versions, every checkout session
// ever opened and when it was paid) and then checks every invariant (lifecycle-invariants.ts).
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { executeRefunds } from '../../src/modules/payments/execute-refunds.ts';
import { processPayouts } from '../../src/modules/payouts/process-payouts.ts';
import { completeStays } from '../../src/modules/reservations/complete-stays.ts';
import { expireHolds } from '../../src/modules/reservations/expire-holds.ts';
import { reservationById } from '../../src/modules/reservations/reservations.test-support.ts';
import { checkPayouts, checkPriceDetails, RACED, type Model } from './lifecycle-invariants.ts';
import { cmd, expectStatus, haveRes, haveSession, pick } from './lifecycle-step.ts';
import { call, dayOffset, deliverWebhook, payOnPage, PROMO, type Actor, type World } from './lifecycle-world.ts';

interface Stay {
  guest: number;
  listing: 'whole' | 'hotel';
  start: number;
  nights: number;
  promo: boolean;
  multi: boolean;
  kind: number;
  count: number;
  adults: number;
}

function stayBody(w: World, s: Stay) {
  const now = w.t.clock.now();
  const rooms =
    s.listing === 'hotel'
      ? [
          {
            room_type_id: pick(w.rooms, s.kind).roomTypeId,
            rate_plan_id: pick(w.rooms, s.kind).ratePlanId,
            rooms_count: s.count,
          },
        ]
      : undefined;
  return {
    property_id: s.listing === 'whole' ? w.whole : w.hotel,
    checkin_date: dayOffset(now, s.start),
    checkout_date: dayOffset(now, s.start + s.nights),
    ...(rooms ? { rooms } : {}),
  };
}

async function book(w: World, m: Model, s: Stay): Promise<void> {
  const base = stayBody(w, s);
  const guests = { adults: s.adults, children: 0 };
  const preview = await call(w, 'POST', '/reservations/preview', null, {
    ...base,
    guests,
    ...(s.promo ? { promo_code: PROMO } : {}),
  });
  expectStatus(preview, [200, 422], 'preview');
  if (preview.statusCode === 200) checkPriceDetails(preview.json().data, 'preview');
  const guest = pick(w.guests, s.guest);
  const multi = s.multi && s.listing === 'hotel';
  const res = multi
    ? await call(w, 'POST', '/reservations/multi-room', guest, {
        ...base,
        guests: Array.from({ length: s.adults }, (_, i) => ({ first_name: 'G', last_name: `Guest${i}`, age: 30 })),
        first_name: 'G',
        last_name: 'Guest',
        email: 'g@example.test',
        phone: '+33100000000',
        ...(s.promo ? { code_promo: PROMO } : {}),
      })
    : await call(w, 'POST', '/reservations', guest, { ...base, guests, ...(s.promo ? { code_promo: PROMO } : {}) });
  expectStatus(res, [201, 409, 422], 'booking');
  if (res.statusCode !== 201) return;
  const d = res.json().data;
  const details = typeof d.price_details === 'string' ? JSON.parse(d.price_details) : d.price_details;
  checkPriceDetails(details, 'booking answer');
  // A preview equals the charge to the cent (the promo's use may have run out in between).
  if (preview.statusCode === 200 && preview.json().data.promo_applied === (d.promo_code_id !== null)) {
    assert.equal(details.total, preview.json().data.total, 'the booking total differs from its preview');
  }
  m.reservations.push({ id: d.id, guest: s.guest % w.guests.length, listing: s.listing, version: 0 });
}

export const stayArb = fc.record({
  guest: fc.nat(2),
  listing: fc.constantFrom('whole' as const, 'hotel' as const),
  start: fc.integer({ min: 2, max: 16 }),
  nights: fc.integer({ min: 1, max: 8 }),
  promo: fc.boolean(),
  multi: fc.boolean(),
  kind: fc.nat(1),
  count: fc.integer({ min: 1, max: 2 }),
  adults: fc.integer({ min: 1, max: 3 }),
});

export const Book = (s: Stay) =>
  cmd(
    `Book(${JSON.stringify(s)})`,
    () => true,
    (m, w) => book(w, m, s),
  );

/** Several guests book the same nights at once: at most the units there are may win. */
export const RaceBook = (s: Stay) =>
  cmd(
    `RaceBook(${JSON.stringify(s)})`,
    () => true,
    async (m, w) => {
      await Promise.all([0, 1, 2].map((g) => book(w, m, { ...s, guest: g, promo: false, multi: false })));
    },
  );

/** The guest opens a checkout; `auto` asks for what the booking's state suggests (the reservation while pending, else the surplus). */
export const Open = (k: number, type: 'auto' | 'reservation' | 'additional') =>
  cmd(`Open(res ${k}, ${type})`, haveRes, async (m, w) => {
    const r = pick(m.reservations, k);
    const row = await reservationById(w.t.deps, r.id);
    const kind = type === 'auto' ? (row.status === 'pending' ? 'reservation' : 'additional') : type;
    const res = await call(w, 'POST', '/payments/process', w.guests[r.guest]!, {
      reservation_id: r.id,
      type: kind,
      currency: 'EUR',
      payment_method: 'card',
    });
    expectStatus(res, [200, 409], 'process');
    if (res.statusCode !== 200) return;
    const p = res.json().data.payment;
    const now = await reservationById(w.t.deps, r.id);
    const owed = now.totalMinor - (now.paidMinor - (await requested(w, r.id)));
    assert.equal(Math.round(Number(p.amount) * 100), owed, `checkout for ${p.amount} while ${owed} is owed`);
    const id = p.payment_details.id as string;
    if (!m.sessions.some((s) => s.id === id))
      m.sessions.push({ id, res: m.reservations.indexOf(r), version: r.version, type: p.type, paidAtVersion: null });
  });

async function requested(w: World, reservationId: number): Promise<number> {
  const res = (await w.t.deps.db.execute(
    // A mismatched payment's refund never touched what the booking holds.
    sql`SELECT COALESCE(sum(amount_minor), 0)::bigint AS n FROM refunds WHERE reservation_id = ${reservationId} AND reason <> 'amount_mismatch'`,
  )) as unknown as { rows: Array<{ n: string }> };
  return Number(res.rows[0]!.n);
}

/** The guest pays any session ever opened, old or new, on the processor's page. */
export const Pay = (k: number) =>
  cmd(`Pay(session ${k})`, haveSession, async (m, w) => {
    const s = pick(m.sessions, k);
    if (await payOnPage(w, s.id)) s.paidAtVersion = m.reservations[s.res]!.version;
  });

export const Verify = (k: number, times: number) =>
  cmd(`Verify(session ${k}, ×${times})`, haveSession, async (m, w) => {
    const s = pick(m.sessions, k);
    const answers = await Promise.all(
      Array.from({ length: times }, () => call(w, 'GET', `/subscription-payment/verify?session_id=${s.id}`, null)),
    );
    for (const a of answers) expectStatus(a, [200], 'verify');
  });

export const Webhook = (k: number, twice: boolean) =>
  cmd(`Webhook(session ${k}${twice ? ', twice' : ''})`, haveSession, async (m, w) => {
    const s = pick(m.sessions, k);
    for (let i = 0; i < (twice ? 2 : 1); i++) {
      const res = await deliverWebhook(w, s.id);
      if (res) expectStatus(res, [200], 'webhook');
    }
  });

export type ChangeKind = 'extend' | 'shorten' | 'move' | 'rooms';
async function modify(w: World, m: Model, k: number, who: number, kind: ChangeKind, n: number): Promise<void> {
  const r = pick(m.reservations, k);
  const row = await reservationById(w.t.deps, r.id);
  const shift = (d: string, days: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const nights = Math.round((Date.parse(row.checkoutDate) - Date.parse(row.checkinDate)) / 86_400_000);
  let body: object;
  if (kind === 'extend') body = { checkout_date: shift(row.checkoutDate, n) };
  else if (kind === 'shorten') body = { checkout_date: shift(row.checkoutDate, -Math.min(n, Math.max(1, nights - 1))) };
  else if (kind === 'move')
    body = { checkin_date: shift(row.checkinDate, n - 3), checkout_date: shift(row.checkoutDate, n - 3) };
  else if (r.listing === 'hotel')
    body = {
      rooms: [
        {
          room_type_id: pick(w.rooms, n).roomTypeId,
          rate_plan_id: pick(w.rooms, n).ratePlanId,
          rooms_count: 1 + (n % 2),
        },
      ],
    };
  else body = { guests: { adults: 1 + (n % 3), children: 0 } };
  const actor: Actor = [w.guests[r.guest]!, w.owner, w.admin][who % 3]!;
  const res = await call(w, 'PUT', `/reservations/${r.id}`, actor, body);
  expectStatus(res, [200, 409, 422], `modify (${kind})`);
  if (res.statusCode === 200) r.version += 1;
}

export const Modify = (k: number, who: number, kind: ChangeKind, n: number) =>
  cmd(`Modify(res ${k}, by ${['guest', 'owner', 'admin'][who % 3]}, ${kind} ${n})`, haveRes, (m, w) =>
    modify(w, m, k, who, kind, n),
  );

export const Cancel = (k: number, who: number) =>
  cmd(`Cancel(res ${k}, by ${['guest', 'owner', 'support', 'admin'][who % 4]})`, haveRes, async (m, w) => {
    const r = pick(m.reservations, k);
    const actor = [w.guests[r.guest]!, w.owner, w.support, w.admin][who % 4]!;
    const res = await call(w, 'POST', `/reservations/${r.id}/cancel`, actor, { reason: 'model test' });
    expectStatus(res, [200, 409], 'cancel');
    if (res.statusCode === 200) r.version += 1;
  });

/** The guest pays an old page while someone changes the booking: either may land first. */
export const PayDuringChange = (k: number, kind: ChangeKind, n: number) =>
  cmd(`PayDuringChange(session ${k}, ${kind} ${n})`, haveSession, async (m, w) => {
    const s = pick(m.sessions, k);
    const r = m.reservations[s.res]!;
    const before = r.version;
    const [paid] = await Promise.all([payOnPage(w, s.id), modify(w, m, s.res, 0, kind, n)]);
    // Superseded already, it is superseded whichever landed first; otherwise the order decides.
    if (paid) s.paidAtVersion = s.version !== before || r.version === before ? before : RACED;
  });

export const Outage = () =>
  cmd(
    'ExpiryOutage()',
    () => true,
    async (_m, w) => {
      w.expiryOutages += 1;
    },
  );

export const LetHoldsLapse = (minutes: number) =>
  cmd(
    `LetHoldsLapse(${minutes} min)`,
    () => true,
    async (_m, w) => {
      w.t.clock.advance(minutes * 60_000);
      await expireHolds(w.t.deps);
    },
  );

export const RunRefunds = () =>
  cmd(
    'RunRefunds()',
    () => true,
    async (_m, w) => {
      const out = await executeRefunds(w.t.deps);
      assert.equal(out.failed, 0, 'a refund failed');
    },
  );

// Another instance's migration (a rolling deploy) changes the type of a column the service reads
// and returns, keeping every value. Statements prepared before it are then refused where they
// are prepared ("cached plan must not change result type": the booking's hold, the session check,
// the outbox relay's on PostgreSQL; every statement on PGlite), and every step after it must
// answer as before. Each run flips one column between its two types. The types stay changed for
// the sequences after it (as statements prepared since do), so a failure it causes may show in a
// later sequence whose shrunk steps hold no Migrate: `retypedSoFar` lists them for the report.
export const retypedSoFar: string[] = [];
export const RETYPED = [
  { table: 'property_nights', column: 'available_rooms', types: ['integer', 'smallint'] },
  { table: 'reservations', column: 'status', types: ['text', 'character varying(20)'] },
  { table: 'payments', column: 'status', types: ['text', 'character varying(20)'] },
  { table: 'users', column: 'role', types: ['text', 'character varying(20)'] },
  { table: 'outbox_events', column: 'topic', types: ['text', 'character varying(100)'] },
] as const;

export const Migrate = (k: number) => {
  const { table, column, types } = pick(RETYPED, k);
  return cmd(
    `Migrate(${table}.${column})`,
    () => true,
    async (_m, w) => {
      const res = (await w.t.deps.db.execute(
        sql`SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = ${table}::regclass AND attname = ${column}`,
      )) as unknown as { rows: Array<{ type: string }> };
      const next = res.rows[0]!.type === types[0] ? types[1] : types[0];
      await w.t.deps.db.execute(sql.raw(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE ${next}`));
      retypedSoFar.push(`${table}.${column} → ${next}`);
    },
  );
};

/** Days pass: holds lapse, stays complete, refunds and payouts run. */
export const DaysPass = (days: number) =>
  cmd(
    `DaysPass(${days})`,
    () => true,
    async (_m, w) => {
      w.t.clock.advance(days * 86_400_000);
      await expireHolds(w.t.deps);
      await completeStays(w.t.deps);
      await executeRefunds(w.t.deps);
      await processPayouts(w.t.deps, { dry_run: false, min_amount: 0 });
      await checkPayouts(w);
    },
  );
