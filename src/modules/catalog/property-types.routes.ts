// GET /property-types (public) and its admin writes.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import { PageQuery } from '../../platform/pagination.ts';
import * as S from './catalog.schemas.ts';
import { listPropertyTypes } from './list-property-types.ts';
import { createPropertyType } from './create-property-type.ts';
import { updatePropertyType } from './update-property-type.ts';
import { deletePropertyType } from './delete-property-type.ts';

const tags = ['catalog'];
const security = [{ bearer: [] }];
const PAGING = 'Paginated: page (default 1), per_page (default 20, at most 100); meta gives total and last_page.';

export async function propertyTypesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/property-types', {
    config: { auth: 'optional' },
    schema: {
      tags, summary: 'Property types',
      description: `Public. The list is dynamic (admins edit it); sorted by name. ${PAGING}`,
      querystring: PageQuery, response: { 200: S.PropertyTypePage, ...errorResponses(401) },
    },
  }, async (req) => {
    const { data, meta } = await listPropertyTypes(deps, req.query);
    return okPage(data, meta);
  });

  r.post('/property-types', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Add a property type (admin)', security,
      description: 'Names are unique case-insensitively (409 naming name). Audited.',
      body: S.PropertyTypeBody, response: { 201: S.PropertyTypeResponse, ...errorResponses(401, 403, 409) },
    },
  }, async (req, reply) => reply.code(201).send(ok(await createPropertyType(deps, currentUser(req), req.body), 'Property type created')));

  r.put('/property-types/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Rename or redescribe a property type (admin)', security,
      description: 'Only the fields sent change; listings keep the type. Unknown id → 404; a name another type has → 409. Audited.',
      params: S.IdParams, body: S.PropertyTypePatch, response: { 200: S.PropertyTypeResponse, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (req) => ok(await updatePropertyType(deps, currentUser(req), req.params.id, req.body), 'Property type updated'));

  r.delete('/property-types/:id', {
    config: { roles: ['admin'] },
    schema: {
      tags, summary: 'Delete a property type (admin)', security,
      description: 'Refused (409) while any listing, of any status (drafts and archived included), uses the type. Unknown id → 404. Audited.',
      params: S.IdParams, response: { 200: MessageOnly, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (req) => {
    await deletePropertyType(deps, currentUser(req), req.params.id);
    return ok(null, 'Property type deleted');
  });
}
