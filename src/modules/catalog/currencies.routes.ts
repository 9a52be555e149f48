// GET /currencies (public; all with ?all=1 for admins) and the admin writes.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import * as S from './catalog.schemas.ts';
import { currencyKind } from './currency-kind.ts';
import { referenceRoutes } from './reference.routes.ts';
import { DESCRIPTIONS } from './catalog.docs.ts';

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
      description: DESCRIPTIONS.listCurrencies,
      errors: [401, 403],
    },
    create: {
      operationId: 'createCurrency',
      summary: 'Add a currency (admin)',
      description: DESCRIPTIONS.createCurrency,
    },
    update: {
      operationId: 'updateCurrency',
      summary: 'Change a currency (admin)',
      description: DESCRIPTIONS.updateCurrency,
    },
  });
}
