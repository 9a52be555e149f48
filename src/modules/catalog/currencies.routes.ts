// GET /currencies (public; all with ?all=1 for admins) and the admin writes.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import * as S from './catalog.schemas.ts';
import { currencyKind } from './currency-kind.ts';
import { referenceRoutes } from './reference.routes.ts';

const RATES =
  'exchange_rate is units of the currency per one unit of the default currency (the default is always 1), kept exactly at up to 8 decimals ' +
  'and answered as decimal text without trailing zeros. Making a currency the default clears the old default and divides every rate by ' +
  "the new default's rate, in one transaction, so conversions between any two currencies stay as they were.";

export async function currenciesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  referenceRoutes(app, deps, currencyKind, {
    path: '/currencies',
    item: { param: 'code', params: S.CodeParams },
    schemas: {
      query: S.CurrencyQuery,
      page: S.CurrencyPage,
      response: S.CurrencyResponse,
      body: S.CurrencyBody,
      patch: S.CurrencyPatch,
    },
    list: {
      operationId: 'listCurrencies',
      summary: 'Currencies',
      description:
        "Public: active currencies, the default first, then by code; each is the spec's currency_model plus decimals (ISO 4217 exponent). " +
        '`all=1` also lists inactive ones and is for admins (401 anonymous, 403 other roles). ' +
        `${RATES} ` +
        'Paginated: page (default 1), per_page (default 20, at most 100).',
      errors: [401, 403],
    },
    create: {
      operationId: 'createCurrency',
      summary: 'Add a currency (admin)',
      description:
        'code is unique (409). decimals (default 2) cannot change later, since stored amounts depend on it. exchange_rate is against the current ' +
        'default; created with is_default true, the currency becomes the default at once (it must then be active: 422). ' +
        RATES +
        ' Audited.',
    },
    update: {
      operationId: 'updateCurrency',
      summary: 'Change a currency (admin)',
      description:
        'Only the fields sent change. is_default true makes this the default (see below); the default cannot be deactivated or unset (409: ' +
        'make another currency the default instead), an inactive currency cannot become the default unless is_active true is sent with it (409), ' +
        "and the default's exchange_rate can only be 1 (422). A rate sent together with is_default true is applied first, then the rates are " +
        'rebased. ' +
        RATES +
        ' Unknown code → 404. Audited.',
    },
  });
}
