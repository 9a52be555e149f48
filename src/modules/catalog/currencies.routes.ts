// GET /currencies (public; all with ?all=1 for admins) and the admin writes.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import * as S from './catalog.schemas.ts';
import { listCurrencies } from './list-currencies.ts';
import { createCurrency } from './create-currency.ts';
import { updateCurrency } from './update-currency.ts';

const tags = ['catalog'];
const security = [{ bearer: [] }];
const RATES =
  'exchange_rate is units of the currency per one unit of the default currency (the default is always 1), kept exactly at up to 8 decimals ' +
  'and answered as decimal text without trailing zeros. Making a currency the default clears the old default and divides every rate by ' +
  "the new default's rate, in one transaction, so conversions between any two currencies stay as they were.";

export async function currenciesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/currencies', {
    config: { auth: 'optional' },
    schema: {
      tags, summary: 'Currencies',
      description:
        "Public: active currencies, the default first, then by code; each is the spec's currency_model plus decimals (ISO 4217 exponent). " +
        '`all=1` also lists inactive ones and is for admins (401 anonymous, 403 other roles). ' + `${RATES} ` +
        'Paginated: page (default 1), per_page (default 20, at most 100).',
      querystring: S.CurrencyQuery, response: { 200: S.CurrencyPage, ...errorResponses(401, 403) },
    },
  }, async (req) => {
    const { data, meta } = await listCurrencies(deps, req.user, req.query);
    return okPage(data, meta);
  });

  r.post('/currencies', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Add a currency (admin)', security,
      description:
        'code is unique (409). decimals (default 2) cannot change later, since stored amounts depend on it. exchange_rate is against the current ' +
        'default; created with is_default true, the currency becomes the default at once (it must then be active: 422). ' + RATES + ' Audited.',
      body: S.CurrencyBody, response: { 201: S.CurrencyResponse, ...errorResponses(401, 403, 409) },
    },
  }, async (req, reply) => reply.code(201).send(ok(await createCurrency(deps, currentUser(req), req.body), 'Currency created')));

  r.put('/currencies/:code', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Change a currency (admin)', security,
      description:
        'Only the fields sent change. is_default true makes this the default (see below); the default cannot be deactivated or unset (409: ' +
        'make another currency the default instead), an inactive currency cannot become the default unless is_active true is sent with it (409), ' +
        "and the default's exchange_rate can only be 1 (422). A rate sent together with is_default true is applied first, then the rates are " +
        'rebased. ' + RATES + ' Unknown code → 404. Audited.',
      params: S.CodeParams, body: S.CurrencyPatch, response: { 200: S.CurrencyResponse, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (req) => ok(await updateCurrency(deps, currentUser(req), req.params.code, req.body), 'Currency updated'));
}
