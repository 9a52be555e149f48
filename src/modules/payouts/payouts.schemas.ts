// Request and response shapes of the payout routes (interface spec "Payment endpoints", contract
// §7). The spec shows only the request of POST /payouts/process; everything else is decided here.
import { Type } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const MinAmount = Type.Number({
  minimum: 0,
  maximum: 1e12,
  description: 'in the target currency, within its decimals (422 otherwise)',
});
const MaxPayouts = Type.Integer({ minimum: 1, maximum: 1000, description: 'at most this many payouts in one run' });
const CONVERSION =
  "converted = amount / rate_from × rate_to with the currency table's exchange rates (units per one unit of the default currency), " +
  "computed exactly and rounded half-up to the target currency's decimals; `rate` is rate_to / rate_from at 10 decimals, for reading only.";

export const EligibleQuery = Type.Object({
  ...PageQuery.properties,
  currency: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 3,
      pattern: '^[A-Za-z]{3}$',
      description: "convert to this active currency instead of the settings' currency",
    }),
  ),
});

export const EligibleOwner = Type.Object({
  owner_id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  has_payout_account: Type.Boolean({ description: 'false: listed, but no run can pay them until an account is set' }),
  target_currency: Type.String(),
  total_converted_amount: Type.Number({ description: 'the sum of the converted balances, in target_currency' }),
  balances: Type.Array(
    Type.Object({
      currency: Type.String(),
      amount: Type.Number({
        description: 'original balance: due, unpaid ledger lines (earnings minus reversals), in `currency`',
      }),
      converted_amount: Nullable(
        Type.Number({ description: `in target_currency; null when the currency has no rate. ${CONVERSION}` }),
      ),
      rate: Nullable(Type.Number()),
      earnings_count: Type.Integer({ description: 'earning lines in the balance' }),
      lines_count: Type.Integer({ description: 'all lines in the balance (earnings and reversals)' }),
    }),
    { description: 'one per currency with a positive due balance; currencies are never netted against each other' },
  ),
});
export const EligiblePage = Paginated(EligibleOwner);

export const ProcessBody = Type.Object({
  min_amount: Type.Optional(MinAmount),
  max_payouts: Type.Optional(MaxPayouts),
  currency: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 3,
      pattern: '^[A-Za-z]{3}$',
      description: 'target currency: active in the table and supported by the processor (422 otherwise)',
    }),
  ),
  dry_run: Type.Boolean({
    description: 'true: compute and return the plan, write nothing. Required, so money never moves by omission.',
  }),
});

const PayoutSummary = Type.Object({
  payout_id: Type.Integer(),
  owner_id: Type.Integer(),
  currency: Type.String(),
  amount: Type.Number(),
  transfer_currency: Type.String(),
  transfer_amount: Type.Number(),
  status: Type.String({
    description:
      'paid, failed (outcome unknown: sent again by a later run), rejected (nothing moved: earnings released), pending, would_retry (dry run)',
  }),
  transfer_id: Nullable(Type.String()),
  error: Nullable(Type.String()),
  created_at: Type.String(),
});

export const ProcessResult = Type.Object({
  min_amount: Type.Number({ description: 'the request fields, as applied (settings fill what was not sent)' }),
  max_payouts: Type.Integer(),
  currency: Type.String(),
  dry_run: Type.Boolean(),
  run_id: Nullable(Type.String({ description: 'kept on the payouts of a real run; null for a dry run' })),
  plan: Type.Array(
    Type.Object({
      owner_id: Type.Integer(),
      owner_name: Type.String(),
      owner_email: Type.String(),
      currency: Type.String(),
      amount: Type.Number({ description: 'in `currency`; for a real run, what was actually bound to the payout' }),
      converted_amount: Type.Number({ description: `what is transferred, in target_currency. ${CONVERSION}` }),
      target_currency: Type.String(),
      rate: Type.Number(),
      earnings_count: Type.Integer(),
      payout_id: Nullable(Type.Integer()),
      status: Type.String({
        description:
          'planned (dry run), paid, failed (processor unavailable: the same payout is re-sent by a later run), rejected (nothing ' +
          'moved; the earnings are free for a later payout), skipped (the ledger changed under the run: error says why), error',
      }),
      transfer_id: Nullable(Type.String()),
      error: Nullable(Type.String()),
    }),
    { description: 'largest converted amount first, at most max_payouts, each ≥ min_amount' },
  ),
  totals: Type.Object({
    payouts: Type.Integer(),
    converted_amount: Type.Number(),
    target_currency: Type.String(),
    by_currency: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number(), count: Type.Integer() })),
    paid: Type.Integer(),
    failed: Type.Integer(),
    rejected: Type.Integer(),
    skipped: Type.Integer(),
    errors: Type.Integer(),
  }),
  skipped: Type.Array(
    Type.Object({
      owner_id: Type.Integer(),
      currency: Type.String(),
      amount: Type.Number(),
      converted_amount: Nullable(Type.Number()),
      reason: Type.String({
        description: 'no_exchange_rate, below_min_amount, no_payout_account, max_payouts_reached',
      }),
    }),
  ),
  retried: Type.Array(PayoutSummary, {
    description: 'open payouts re-sent before planning (a dry run lists those it would re-send)',
  }),
  unresolved_payouts: Type.Array(PayoutSummary, {
    description:
      'open payouts older than 23 h: never re-sent automatically (the processor may have forgotten the idempotency key); reconcile by hand',
  }),
});
export const ProcessResponse = Envelope(ProcessResult);

export const Settings = Type.Object({
  min_amount: Type.Number({ description: "in the settings' currency" }),
  max_payouts: Type.Integer(),
  currency: Type.String({ description: 'the currency runs convert to and pay out in by default' }),
  updated_at: Nullable(Type.String({ description: 'null until the settings are first saved (the defaults apply)' })),
});
export const SettingsResponse = Envelope(Settings);
export const SettingsBody = Type.Object(
  {
    min_amount: Type.Optional(MinAmount),
    max_payouts: Type.Optional(MaxPayouts),
    currency: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 3,
        pattern: '^[A-Za-z]{3}$',
        description: 'must exist and be active (422)',
      }),
    ),
  },
  { minProperties: 1 },
);

export const ProcessorCurrenciesResponse = Envelope(
  Type.Object({
    processor: Type.String({ description: 'local or stripe' }),
    currencies: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        symbol: Type.String(),
        decimals: Type.Integer(),
        exchange_rate: Type.String(),
        is_default: Type.Boolean(),
        supported: Type.Boolean({ description: 'whether the processor can pay out in it' }),
      }),
    ),
  }),
);

export const AccountQuery = Type.Object({ owner_id: Type.Optional(Id) });
export const AccountBody = Type.Object({
  payout_account_id: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[A-Za-z0-9_\\-]+$',
      description: "the processor's connected account id; null clears it",
    }),
  ),
  owner_id: Type.Optional(
    Type.Integer({ minimum: 1, description: 'admin only: whose account to set (default: the caller)' }),
  ),
});
export const AccountResponse = Envelope(
  Type.Object({
    owner_id: Type.Integer(),
    payout_account_id: Nullable(Type.String()),
    has_payout_account: Type.Boolean(),
    open_payouts: Type.Integer({
      description: 'pending or failed payouts; while any, the account cannot change (409)',
    }),
  }),
);
