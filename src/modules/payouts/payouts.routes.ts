// Payout routes (contract §7): admin only, support may read; owners manage their payout account.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { listEligibleOwners } from './list-eligible-owners.ts';
import { getPayoutSettings, updatePayoutSettings } from './payout-settings.ts';
import * as S from './payouts.schemas.ts';
import { processPayouts } from './process-payouts.ts';
import { processorCurrencies } from './processor-currencies.ts';
import { getPayoutAccount, setPayoutAccount } from './set-payout-account.ts';
import { DESCRIPTIONS } from './payouts.docs.ts';

const tags = ['payouts'];
const security = [{ bearer: [] }];
const STAFF = ['admin', 'support'] as const;

export async function payoutsRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/payouts/all-eligible-owners',
    {
      config: { roles: STAFF },
      schema: {
        operationId: 'listEligibleOwners',
        tags,
        summary: 'Owners owed a payout now, with original and converted balances',
        security,
        description: DESCRIPTIONS.listEligibleOwners,
        querystring: S.EligibleQuery,
        response: { 200: S.EligiblePage, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const { data, meta } = await listEligibleOwners(deps, req.query);
      return okPage(data, meta);
    },
  );

  routes.post(
    '/payouts/process',
    {
      config: { roles: ['admin'], idempotent: true },
      schema: {
        operationId: 'processPayouts',
        tags,
        summary: 'Plan payouts and, unless dry_run, make them',
        security,
        description: DESCRIPTIONS.processPayouts,
        body: S.ProcessBody,
        response: { 200: S.ProcessResponse, ...errorResponses(401, 403, 409, 503) },
      },
    },
    async (req) => {
      const result = await processPayouts(deps, req.body);
      return ok(result, result.dry_run ? 'Payout plan (dry run: nothing was written)' : 'Payouts processed');
    },
  );

  routes.get(
    '/payouts/settings',
    {
      config: { roles: STAFF },
      schema: {
        operationId: 'getPayoutSettings',
        tags,
        summary: 'Payout settings',
        security,
        description:
          'Admin and support. The defaults of a payout run. Until first saved: min_amount 0, max_payouts 100, the default currency, updated_at null.',
        response: { 200: S.SettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ok(await getPayoutSettings(deps)),
  );

  routes.put(
    '/payouts/settings',
    {
      config: { roles: ['admin'] },
      schema: {
        operationId: 'updatePayoutSettings',
        tags,
        summary: 'Change the payout settings',
        security,
        description: DESCRIPTIONS.updatePayoutSettings,
        body: S.SettingsBody,
        response: { 200: S.SettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async (req) => ok(await updatePayoutSettings(deps, currentUser(req), req.body), 'Payout settings updated'),
  );

  routes.get(
    '/payouts/currencies-processor',
    {
      config: { roles: STAFF },
      schema: {
        operationId: 'listPayoutCurrencies',
        tags,
        summary: 'Currencies the payment processor can pay out in',
        security,
        description: DESCRIPTIONS.listPayoutCurrencies,
        response: { 200: S.ProcessorCurrenciesResponse, ...errorResponses(401, 403, 503) },
      },
    },
    async () => ok(await processorCurrencies(deps)),
  );

  routes.get(
    '/payouts/account',
    {
      config: { roles: ['owner', 'admin', 'support'] },
      schema: {
        operationId: 'getPayoutAccount',
        tags,
        summary: "An owner's payout account",
        security,
        description:
          "The caller's own; admin and support may name owner_id (an owner naming someone else: 403; unknown: 404).",
        querystring: S.AccountQuery,
        response: { 200: S.AccountResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ok(await getPayoutAccount(deps, currentUser(req), req.query.owner_id)),
  );

  routes.put(
    '/payouts/account',
    {
      config: { roles: ['owner', 'admin'] },
      schema: {
        operationId: 'updatePayoutAccount',
        tags,
        summary: "Set where an owner's payouts are sent",
        security,
        description: DESCRIPTIONS.updatePayoutAccount,
        body: S.AccountBody,
        response: { 200: S.AccountResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => ok(await setPayoutAccount(deps, currentUser(req), req.body), 'Payout account saved'),
  );
}
