/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  updatePayoutSettings:
    'Admin only. Only the fields sent change. currency must exist and be active; min_amount is in that currency and must fit its ' +
    'decimals (422 naming the field); changing the currency keeps the min_amount figure as is. Audited.',
  listPayoutCurrencies:
    'Admin and support. The active currencies of the table (default first, then by code), each with supported: whether the ' +
    'processor can pay out in it. A run can only target a supported one. Not paginated (bounded by the currency table).',
  updatePayoutAccount:
    "An owner sets their own; an admin sets any owner's by naming owner_id (an owner naming someone else: 403). payout_account_id is " +
    "the processor's connected account (Stripe: acct_…, else 422); null clears it. It cannot change while the owner has a pending " +
    'or failed payout (409), because that payout is re-sent to the same account under the same idempotency key. Audited.',
};
