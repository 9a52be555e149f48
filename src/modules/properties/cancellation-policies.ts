// Cancellation policies: written as a list of names (wizard step 6), read as flags plus the
// refund rules in words (contract §5). The refund arithmetic belongs to reservations.
import { Type, type Static } from 'typebox';

export const POLICY_NAMES = ['flexible', 'moderate', 'strict'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

export const POLICY_RULES: Record<PolicyName, string> = {
  flexible: 'Flexible: full refund until 24 hours before check-in.',
  moderate: 'Moderate: full refund until 5 days before check-in.',
  strict:
    'Strict: full refund within 48 hours of booking if check-in is at least 14 days away, otherwise 50% until 7 days before check-in; no refund after that.',
};

export const CancellationPolicyRead = Type.Object(
  { flexible: Type.Boolean(), moderate: Type.Boolean(), strict: Type.Boolean(), description: Type.String() },
  { description: "The selected policies as flags, and their refund rules in words (times in the listing's time zone)" },
);
export type CancellationPolicyRead = Static<typeof CancellationPolicyRead>;

/** null when no policy was chosen. */
export function cancellationPolicyView(names: string[]): CancellationPolicyRead | null {
  const chosen = POLICY_NAMES.filter((n) => names.includes(n));
  if (!chosen.length) return null;
  return {
    flexible: chosen.includes('flexible'),
    moderate: chosen.includes('moderate'),
    strict: chosen.includes('strict'),
    description: `${chosen.map((n) => POLICY_RULES[n]).join(' ')} Times are in the property's time zone.`,
  };
}
