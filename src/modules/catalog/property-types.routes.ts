// GET /property-types (public) and its admin writes.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { PageQuery } from '../../platform/pagination.ts';
import * as S from './catalog.schemas.ts';
import { propertyTypeKind } from './property-type-kind.ts';
import { referenceRoutes } from './reference.routes.ts';

const PAGING = 'Paginated: page (default 1), per_page (default 20, at most 100); meta gives total and last_page.';

export async function propertyTypesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  referenceRoutes(app, deps, propertyTypeKind, {
    path: '/property-types',
    item: { param: 'id', params: S.IdParams },
    schemas: {
      query: PageQuery,
      page: S.PropertyTypePage,
      response: S.PropertyTypeResponse,
      body: S.PropertyTypeBody,
      patch: S.PropertyTypePatch,
    },
    list: {
      operationId: 'listPropertyTypes',
      summary: 'Property types',
      description: `Public. The list is dynamic (admins edit it); sorted by name. ${PAGING}`,
      errors: [401],
    },
    create: {
      operationId: 'createPropertyType',
      summary: 'Add a property type (admin)',
      description: 'Names are unique case-insensitively (409 naming name). Audited.',
    },
    update: {
      operationId: 'updatePropertyType',
      summary: 'Rename or redescribe a property type (admin)',
      description:
        'Only the fields sent change; listings keep the type. Unknown id → 404; a name another type has → 409. Audited.',
    },
    remove: {
      operationId: 'deletePropertyType',
      summary: 'Delete a property type (admin)',
      description:
        'Refused (409) while any listing, of any status (drafts and archived included), uses the type. Unknown id → 404. Audited.',
    },
  });
}
