// What the OpenAPI document says of the payouts routes where a summary is not enough.
const LEDGER =
  "An owner's balance in a currency is the sum of their earnings-ledger lines in it that are in no payout yet and payable by now " +
  '(PAYOUT_DELAY_HOURS after check-in): earnings are positive, refund reversals negative, so they net out; only positive balances count.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  listEligibleOwners:
    `Admin and support (others 403). ${LEDGER} Per owner, one balance per currency, each converted to the settings' currency or ` +
    '?currency= (active, else 422). Owners without a payout account are listed with has_payout_account false. Largest total first; paginated.',
  processPayouts:
    `Admin only. ${LEDGER} Fields not sent come from the settings. Plan: the balances whose converted amount is ≥ min_amount, owners ` +
    'with a payout account, largest first, at most max_payouts; the rest are listed under skipped with a reason. dry_run true writes ' +
    'nothing and answers the same plan a real run would make. A real run first re-sends open payouts whose outcome is unknown, then ' +
    "for each entry binds the owner's due earnings to a new payout in one transaction and transfers the converted amount through the " +
    'processor with the idempotency key payout-<id>. Each earning is paid once even when runs race (owner row locked, lines bound ' +
    'only while free). A processor outage leaves the payout failed, re-sent later under the same key; a rejection frees its earnings ' +
    'for a later payout. The request fields are repeated in data as applied. Honours Idempotency-Key.',
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
