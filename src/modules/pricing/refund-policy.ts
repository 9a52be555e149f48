// Refunds on a guest's cancellation (contract §5), from the policy snapshot kept on the
// reservation. Pure: the caller passes the instants (from the clock port) and what was paid.
//
// Rules, as "until T" meaning now ≤ T (inclusive), days as 24 h before the check-in instant:
//   flexible — full refund until 24 h before check-in;
//   moderate — full refund until 5 days before check-in;
//   strict   — full refund when cancelled within 48 h of booking AND check-in is still ≥ 14 days
//              away at cancellation; otherwise 50 % until 7 days before check-in;
//   otherwise nothing. Unknown names are ignored; an empty snapshot refunds nothing.
// Several policies in the snapshot: the most generous one that applies wins (the guest was
// promised each of them). 50 % is rounded half-up in minor units. An owner or admin cancelling
// refunds in full — that is the caller's decision, not a policy.
import { assertNonNegativeMinor, percentOf } from './percent.ts';

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface RefundContext {
  checkinInstant: Date;
  bookedAt: Date;
  now: Date;
  paidMinor: number;
}

export function refundFor(policy: readonly string[], ctx: RefundContext): number {
  assertNonNegativeMinor(ctx.paidMinor, 'paid');
  let best = 0;
  for (const name of policy) {
    if ((CANCELLATION_POLICIES as readonly string[]).includes(name)) {
      best = Math.max(best, refundUnder(name as CancellationPolicy, ctx));
    }
  }
  return best;
}

function refundUnder(policy: CancellationPolicy, { checkinInstant, bookedAt, now, paidMinor }: RefundContext): number {
  const checkin = checkinInstant.getTime();
  const t = now.getTime();
  switch (policy) {
    case 'flexible':
      return t <= checkin - DAY ? paidMinor : 0;
    case 'moderate':
      return t <= checkin - 5 * DAY ? paidMinor : 0;
    case 'strict':
      if (t <= bookedAt.getTime() + 48 * HOUR && checkin - t >= 14 * DAY) return paidMinor;
      return t <= checkin - 7 * DAY ? percentOf(paidMinor, 50) : 0;
  }
}
