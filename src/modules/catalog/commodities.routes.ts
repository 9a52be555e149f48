// GET /commodities (public) and its admin writes.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import * as S from './catalog.schemas.ts';
import { listCommodities } from './list-commodities.ts';
import { createCommodity } from './create-commodity.ts';
import { updateCommodity } from './update-commodity.ts';
import { deleteCommodity } from './delete-commodity.ts';

const tags = ['catalog'];
const security = [{ bearer: [] }];

export async function commoditiesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/commodities', {
    config: { auth: 'optional' },
    schema: {
      tags, summary: 'Amenities (commodities)',
      description:
        'Public. Sorted by group (`type`) then name; `type` narrows to one group. Paginated: page (default 1), per_page (default 20, at most 100).',
      querystring: S.CommodityQuery, response: { 200: S.CommodityPage, ...errorResponses(401) },
    },
  }, async (req) => {
    const { data, meta } = await listCommodities(deps, req.query);
    return okPage(data, meta);
  });

  r.post('/commodities', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Add an amenity (admin)', security,
      description: 'Names are unique case-insensitively (409 naming name); `type` is a lowercase group key, new groups allowed. Audited.',
      body: S.CommodityBody, response: { 201: S.CommodityResponse, ...errorResponses(401, 403, 409) },
    },
  }, async (req, reply) => reply.code(201).send(ok(await createCommodity(deps, currentUser(req), req.body), 'Amenity created')));

  r.put('/commodities/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Rename or regroup an amenity (admin)', security,
      description: 'Only the fields sent change; listings keep the amenity. Unknown id → 404; a name another amenity has → 409. Audited.',
      params: S.IdParams, body: S.CommodityPatch, response: { 200: S.CommodityResponse, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (req) => ok(await updateCommodity(deps, currentUser(req), req.params.id, req.body), 'Amenity updated'));

  r.delete('/commodities/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Delete an amenity (admin)', security,
      description: 'Refused (409) while any listing offers it. Unknown id → 404. Audited.',
      params: S.IdParams, response: { 200: MessageOnly, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (req) => {
    await deleteCommodity(deps, currentUser(req), req.params.id);
    return ok(null, 'Amenity deleted');
  });
}
