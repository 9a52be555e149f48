// The pricing-rule sub-resources of a listing (seasons, offers, packages, services, promo codes)
// and the traveller-facing promos. Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { ItemParams, PromosResponse, PropertyParams, SCHEMAS, type KindSchemas } from './property-rules.schemas.ts';
import type { RuleTable } from './property-rules.repository.ts';
import type { RuleKind } from './rule-kind.ts';
import { seasonRules } from './season-rules.ts';
import { offerRules, promoCodeRules } from './discount-rules.ts';
import { packageRules, serviceRules } from './extra-rules.ts';
import { listRules } from './list-rules.ts';
import { createRule } from './create-rule.ts';
import { updateRule } from './update-rule.ts';
import { deleteRule } from './delete-rule.ts';
import { listPromos } from './list-promos.ts';
import { DESCRIPTIONS, KIND_DOCS, WHO_WRITES } from './property-rules.docs.ts';

const tags = ['property rules'];
const security = [{ bearer: [] }];

function ruleRoutes<T extends RuleTable, I extends object, V>(
  app: FastifyInstance,
  deps: Deps,
  kind: RuleKind<T, I, V>,
  s: KindSchemas,
) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { plural, rules, ids } = KIND_DOCS[kind.path]!;
  const base = `/properties/:id/${kind.path}`;
  const item = `${base}/:itemId`;
  const readers = kind.listedByViewers
    ? 'Anyone who can see the listing (anonymous for a public one; its owner, admin and support otherwise; 404 for others).'
    : "Only the listing's owner or an admin (401 anonymous; 403 for others who can see the listing, 404 for those who cannot). Travellers see usable codes through GET /properties/{id}/promos.";

  routes.get(
    base,
    {
      config: { auth: kind.listedByViewers ? 'optional' : 'required' },
      schema: {
        operationId: `list${ids.many}`,
        tags,
        summary: `List a listing's ${plural}`,
        description: `${readers} ${rules}`,
        ...(kind.listedByViewers ? {} : { security }),
        params: PropertyParams,
        querystring: PageQuery,
        response: { 200: s.list, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listRules(deps, req.user, kind, req.params.id, req.query);
      return okPage(data, meta);
    },
  );

  routes.post(
    base,
    {
      config: { auth: 'required' },
      schema: {
        operationId: `create${ids.one}`,
        tags,
        summary: `Add a ${kind.noun.toLowerCase()} to a listing`,
        description: `${WHO_WRITES} ${rules}`,
        security,
        params: PropertyParams,
        body: s.create,
        response: { 201: s.item, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const view = await createRule(deps, currentUser(req), kind, req.params.id, req.body as Partial<I>);
      return reply.code(201).send(ok(view, `${kind.noun} created`));
    },
  );

  routes.put(
    item,
    {
      config: { auth: 'required' },
      schema: {
        operationId: `update${ids.one}`,
        tags,
        summary: `Change a ${kind.noun.toLowerCase()} (partial)`,
        security,
        description: `${WHO_WRITES} Only the fields sent change; the resulting item is checked like a new one (422/409). ${rules}`,
        params: ItemParams,
        body: s.update,
        response: { 200: s.item, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) =>
      ok(
        await updateRule(
          deps,
          currentUser(req),
          kind,
          { propertyId: req.params.id, itemId: req.params.itemId },
          req.body as Partial<I>,
        ),
        `${kind.noun} updated`,
      ),
  );

  routes.delete(
    item,
    {
      config: { auth: 'required' },
      schema: {
        operationId: `delete${ids.one}`,
        tags,
        summary: `Delete a ${kind.noun.toLowerCase()}`,
        description: WHO_WRITES,
        security,
        params: ItemParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      await deleteRule(deps, currentUser(req), kind, { propertyId: req.params.id, itemId: req.params.itemId });
      return ok(null, `${kind.noun} deleted`);
    },
  );
}

export async function propertyRulesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  ruleRoutes(app, deps, seasonRules, SCHEMAS.seasons);
  ruleRoutes(app, deps, offerRules, SCHEMAS.offers);
  ruleRoutes(app, deps, packageRules, SCHEMAS.packages);
  ruleRoutes(app, deps, serviceRules, SCHEMAS.services);
  ruleRoutes(app, deps, promoCodeRules, SCHEMAS['promo-codes']);

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/properties/:id/promos',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listPropertyPromos',
        tags,
        summary: 'Offers and promo codes a traveller can use now',
        description: DESCRIPTIONS.listPropertyPromos,
        params: PropertyParams,
        response: { 200: PromosResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await listPromos(deps, req.user, req.params.id)),
  );
}
