// The booking ↔ payment lifecycle, model-based (issue 19): fast-check generates sequences of
// what guests, owners, support, the processor and the jobs do — preview, book (simple, multi-room,
// promo, several guests racing for the same nights), open checkouts, pay any session ever
// opened, verify (repeated), webhooks (duplicated, late), modify, cancel, holds lapsing, refunds,
// extensions left unpaid past their deadline or paid late, and on Stripe payments of a mismatched
// amount and delayed methods (SEPA debit) that succeed or fail days later,
// days passing with payouts, the processor missing an expiry, another instance's migration
// changing a column's type under prepared statements — runs each against the real API
// and checks every money and nights invariant after every step (lifecycle-invariants.ts).
//
// Each sequence gets fresh listings and accounts on the file's database, so sequences do not
// interfere (except through column types a Migrate step changed, which stay changed); the clock
// only moves forward. A failure prints the shrunk sequence and the seed: FUZZ_SEED=<seed> replays
// it. Runs: 100 sequences per processor on PostgreSQL (FUZZ_RUNS under `npm run test:soak`),
// fewer on PGlite, where one connection serialises every "race".
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FakeStripe } from '../fakes/stripe-server.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { lifecycleCommands } from './lifecycle-command-mix.ts';
import { retypedSoFar } from './lifecycle-commands.ts';
import { COMMISSION_PERCENT, type Model } from './lifecycle-invariants.ts';
import { createWorld, installExpiryOutage, staff, type Processor } from './lifecycle-world.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const soakRuns = Number(process.env.FUZZ_RUNS ?? 0);
const RUNS = {
  local: onPostgres ? Math.max(100, soakRuns) : Math.max(40, Math.floor(soakRuns / 10)),
  stripe: onPostgres ? Math.max(100, soakRuns) : Math.max(20, Math.floor(soakRuns / 20)),
};
const MAX_COMMANDS = 30;
// Days pass in the sequences: tokens and sessions must outlive the run's clock.
const env = {
  SERVICE_FEE_PERCENT: '5',
  PLATFORM_COMMISSION_PERCENT: String(COMMISSION_PERCENT),
  ACCESS_TOKEN_TTL: '36500d',
  SESSION_TTL: '36500d',
};

async function runModel(
  t: TestApp,
  processor: Processor,
  stripe: FakeStripe | null,
  runs: number,
  seed: number,
): Promise<void> {
  const staffActors = await staff(t);
  retypedSoFar.length = 0;
  const outcome = await fc.check(
    fc.asyncProperty(fc.commands(lifecycleCommands, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
      const world = await createWorld(t, processor, stripe, staffActors);
      installExpiryOutage(world);
      await fc.asyncModelRun(
        () => ({
          model: { reservations: [], sessions: [], stripe: processor === 'stripe' } satisfies Model,
          real: world,
        }),
        cmds,
      );
    }),
    { numRuns: runs, seed },
  );
  // fast-check's report names the shrunk sequence; the broken invariant's message follows it.
  if (!outcome.failed) return;
  const retyped = retypedSoFar.length
    ? `\n\nColumns retyped by Migrate steps so far in this file (earlier sequences' too; FUZZ_SEED replays them): ${retypedSoFar.join(', ')}`
    : '';
  throw new Error(
    `${fc.defaultReportMessage(outcome)}\n\nBroken: ${(outcome.errorInstance as Error | undefined)?.message ?? String(outcome.errorInstance)}${retyped}`,
  );
}

describe('booking ↔ payment lifecycle, model-based', () => {
  it('prints the seed that replays this run', () => {
    console.log(
      `# lifecycle model seed ${SEED}: FUZZ_SEED=${SEED} replays it; ${RUNS.local} local + ${RUNS.stripe} Stripe sequences of ≤ ${MAX_COMMANDS} steps` +
        (onPostgres
          ? ''
          : ' (PGlite: fewer sequences, and its one connection serialises the racing steps; CI runs 100 on PostgreSQL)'),
    );
  });

  describe('local processor (its hosted page)', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ env });
    });
    after(() => t?.close());
    it(`${RUNS.local} random sequences keep every money and nights invariant`, { timeout: 3_600_000 }, () =>
      runModel(t, 'local', null, RUNS.local, SEED),
    );
  });

  describe('Stripe (the real adapter against the Stripe-speaking test server)', () => {
    let app: StripeTestApp;
    before(async () => {
      app = await createStripeTestApp({ env });
    });
    after(() => app?.close());
    it(`${RUNS.stripe} random sequences keep every money and nights invariant`, { timeout: 3_600_000 }, () =>
      runModel(app.t, 'stripe', app.stripe, RUNS.stripe, SEED + 1),
    );
  });
});
