// Which steps the booking ↔ payment model test draws, and how often: the steps themselves are in
// lifecycle-commands.ts (bookings, checkouts, changes, jobs) and lifecycle-money-commands.ts
// (late, mismatched and delayed payments); the compound steps that join the two are here.
import fc from 'fast-check';
import {
  Book,
  Cancel,
  type ChangeKind,
  DaysPass,
  LetHoldsLapse,
  Migrate,
  Modify,
  Open,
  Outage,
  Pay,
  PayDuringChange,
  RaceBook,
  RETYPED,
  RunRefunds,
  stayArb,
  Verify,
  Webhook,
} from './lifecycle-commands.ts';
import { ExtendPayLate, ExtendUnpaid, PayDelayed, PayMismatched, SettleDelayed } from './lifecycle-money-commands.ts';
import { type Cmd, cmd, haveRes } from './lifecycle-step.ts';

/**
 * Stripe: a checkout paid with another amount, then what is owed paid on a new checkout. The
 * refund of money never counted must move nothing a later step computes (it once cut the
 * owner's earnings); alone, PayMismatched was rarely followed by a payment of the same booking.
 */
const MismatchThenPay = (k: number, off: number) =>
  cmd(
    `MismatchThenPay(res ${k}, −${off})`,
    (m) => m.stripe && haveRes(m),
    async (m, w) => {
      for (const step of [Open(k, 'auto'), PayMismatched(-1, off), Open(k, 'auto'), Pay(-1)])
        if (step.check(m)) await step.run(m, w);
    },
  );

const change = fc.constantFrom<ChangeKind>('extend', 'shorten', 'move', 'rooms');
const ref = fc.oneof(fc.constant(-1), fc.constant(-2), fc.nat(20));
const times = (n: number, arb: fc.Arbitrary<Cmd>) => Array.from({ length: n }, () => arb);
// Weights (by repetition): the booking and payment steps that make the seams between operations
// come up often enough that a few hundred sequences reach chains of six or seven of them.
export const lifecycleCommands: Array<fc.Arbitrary<Cmd>> = [
  ...times(2, stayArb.map(Book)),
  stayArb.map(RaceBook),
  fc.tuple(ref, fc.constantFrom('reservation' as const, 'additional' as const)).map(([k, type]) => Open(k, type)),
  ...times(
    3,
    ref.map((k) => Open(k, 'auto')),
  ),
  ...times(3, ref.map(Pay)),
  fc.tuple(ref, fc.integer({ min: 1, max: 3 })).map(([k, n]) => Verify(k, n)),
  fc.tuple(ref, fc.boolean()).map(([k, d]) => Webhook(k, d)),
  ...times(
    3,
    fc
      .tuple(ref, fc.nat(2), change, fc.integer({ min: 1, max: 6 }))
      .map(([k, who, kind, n]) => Modify(k, who, kind, n)),
  ),
  fc.tuple(ref, fc.nat(3)).map(([k, who]) => Cancel(k, who)),
  fc.tuple(ref, change, fc.integer({ min: 1, max: 6 })).map(([k, kind, n]) => PayDuringChange(k, kind, n)),
  fc.constant(null).map(Outage),
  fc.integer({ min: 5, max: 45 }).map(LetHoldsLapse),
  fc.constant(null).map(RunRefunds),
  fc.integer({ min: 1, max: 6 }).map(DaysPass),
  fc.nat(RETYPED.length - 1).map(Migrate),
  fc.tuple(ref, fc.integer({ min: 1, max: 5 })).map(([k, n]) => ExtendUnpaid(k, n)),
  fc.tuple(ref, fc.integer({ min: 1, max: 5 })).map(([k, n]) => ExtendPayLate(k, n)),
  fc.tuple(ref, fc.integer({ min: 1, max: 900 })).map(([k, off]) => PayMismatched(k, off)),
  ...times(
    2,
    fc.tuple(ref, fc.integer({ min: 1, max: 900 })).map(([k, off]) => MismatchThenPay(k, off)),
  ),
  ...times(2, ref.map(PayDelayed)),
  ...times(
    2,
    fc.tuple(fc.nat(5), fc.boolean()).map(([k, ok]) => SettleDelayed(k, ok)),
  ),
];
