// GET /commodities (public) and its admin writes.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import * as S from './catalog.schemas.ts';
import { commodityKind } from './commodity-kind.ts';
import { referenceRoutes } from './reference.routes.ts';

export async function commoditiesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  referenceRoutes(app, deps, commodityKind, {
    path: '/commodities',
    item: { param: 'id', params: S.IdParams },
    schemas: {
      query: S.CommodityQuery,
      page: S.CommodityPage,
      response: S.CommodityResponse,
      body: S.CommodityBody,
      patch: S.CommodityPatch,
    },
    list: {
      operationId: 'listCommodities',
      summary: 'Amenities (commodities)',
      description:
        'Public. Sorted by group (`type`) then name; `type` narrows to one group. Paginated: page (default 1), per_page (default 20, at most 100).',
      errors: [401],
    },
    create: {
      operationId: 'createCommodity',
      summary: 'Add an amenity (admin)',
      description:
        'Names are unique case-insensitively (409 naming name); `type` is a lowercase group key, new groups allowed. Audited.',
    },
    update: {
      operationId: 'updateCommodity',
      summary: 'Rename or regroup an amenity (admin)',
      description:
        'Only the fields sent change; listings keep the amenity. Unknown id → 404; a name another amenity has → 409. Audited.',
    },
    remove: {
      operationId: 'deleteCommodity',
      summary: 'Delete an amenity (admin)',
      description: 'Refused (409) while any listing offers it. Unknown id → 404. Audited.',
    },
  });
}
