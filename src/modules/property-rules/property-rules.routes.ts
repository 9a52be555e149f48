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
import { DESCRIPTIONS } from './property-rules.docs.ts';

const tags = ['property rules'];
const security = [{ bearer: [] }];

const WHO_WRITES =
  "The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, " +
  'and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its ' +
  'decimals (422 otherwise) and kept as integer minor units.';

/** What each kind's operations add to the common text: the decisions the contract leaves open. */
const DOCS: Record<string, { plural: string; rules: string; ids: { one: string; many: string } }> = {
  seasons: {
    plural: 'seasons',
    ids: { one: 'Season', many: 'Seasons' },
    rules:
      'A night belongs to a season when start_date ≤ night ≤ end_date: both days are included. Seasons of one listing may not share a ' +
      'day: a clash → 409 naming the season it overlaps (checked under a lock on the listing, so two concurrent writes cannot both pass). ' +
      'reduction_percent 0–100 (2 decimals) lowers the nightly rate; min_stay/max_stay (1–365 nights, null: none) limit stays; ' +
      'max_stay ≥ min_stay. Listed by start_date.',
  },
  offers: {
    plural: 'offers',
    ids: { one: 'Offer', many: 'Offers' },
    rules:
      'discount_type percent (0 < value ≤ 100, 2 decimals) or fixed (an amount > 0 in the listing currency); start_date..end_date ' +
      '(both included, end ≥ start) are the stay days the offer applies to; min_nights ≥ 1 (default 1). Changing discount_type ' +
      'needs discount_value in the same request (422). Listed by start_date.',
  },
  packages: {
    plural: 'packages',
    ids: { one: 'Package', many: 'Packages' },
    rules: 'price ≥ 0 in the listing currency; is_global (default false) is stored and returned as sent.',
  },
  services: {
    plural: 'services',
    ids: { one: 'Service', many: 'Services' },
    rules: 'price ≥ 0 in the listing currency, charged per_stay, per_night or per_guest (type).',
  },
  'promo-codes': {
    plural: 'promo codes',
    ids: { one: 'PromoCode', many: 'PromoCodes' },
    rules:
      'code: 3–40 letters, digits, - or _, kept as written and unique on the listing ignoring case (409, also under concurrent writes). ' +
      'Discount as for offers. valid_from..valid_to (both included, in the listing time zone) are the days the code can be redeemed. ' +
      'max_uses ≥ 1 or null (unlimited), never below used_count (422); used_count is read-only (counted by reservations, ignored when sent). ' +
      'Deleting a used code leaves the reservations that used it unchanged. Listed by valid_from.',
  },
};

function ruleRoutes<T extends RuleTable, I extends object, V>(
  app: FastifyInstance,
  deps: Deps,
  kind: RuleKind<T, I, V>,
  s: KindSchemas,
) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { plural, rules, ids } = DOCS[kind.path]!;
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
