// Listing routes: the creation wizard, the read forms, updates and deletion. Thin handlers:
// validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import * as S from './properties.schemas.ts';
import { createProperty } from './create-property.ts';
import { savePropertySteps } from './save-property-steps.ts';
import { showProperty, showPropertyToAnonymous } from './show-property.ts';
import { listOwnerProperties } from './list-owner-properties.ts';
import { updateProperty } from './update-property.ts';
import { deleteProperty } from './delete-property.ts';
import { DESCRIPTIONS } from './properties.docs.ts';

const tags = ['properties'];
const security = [{ bearer: [] }];

export async function propertiesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  for (const url of ['/properties', '/properties/new']) {
    routes.post(
      url,
      {
        config: { roles: ['owner', 'admin'] },
        schema: {
          operationId: url === '/properties' ? 'createProperty' : 'createNewProperty',
          tags,
          summary:
            url === '/properties'
              ? 'Create a listing (8-step form)'
              : 'Create a listing (8-step form; same as POST /properties)',
          security,
          description: DESCRIPTIONS.createProperty,
          body: S.PropertyFormBody,
          response: { 201: S.PropertyResponse, ...errorResponses(401, 403) },
        },
      },
      async (req, reply) =>
        reply.code(201).send(ok(await createProperty(deps, currentUser(req), req.body), 'Property created')),
    );
  }

  routes.post(
    '/properties/:id',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'savePropertyDraft',
        tags,
        summary: 'Save wizard steps on a draft',
        security,
        description: DESCRIPTIONS.savePropertyDraft,
        params: S.PropertyParams,
        body: S.PropertyFormBody,
        response: { 200: S.PropertyResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => ok(await savePropertySteps(deps, currentUser(req), req.params.id, req.body), 'Steps saved'),
  );

  routes.get(
    '/properties/:id',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getProperty',
        tags,
        summary: 'A listing (read form)',
        security: [{ bearer: [] }, {}],
        description: DESCRIPTIONS.getProperty,
        params: S.PropertyParams,
        response: { 200: S.PropertyResponse, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      if (req.user) return ok(await showProperty(deps, req.user, req.params.id));
      const text = await showPropertyToAnonymous(deps, req.params.id, (form) => reply.serialize(ok(form)) as string);
      // Already the serializer's JSON text: Fastify sends a string as it is.
      return reply.type('application/json; charset=utf-8').send(text as never);
    },
  );

  routes.get(
    '/properties/owner/:userId',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'listOwnerProperties',
        tags,
        summary: "One owner's listings (second read variant)",
        security,
        description: DESCRIPTIONS.listOwnerProperties,
        params: S.OwnerParams,
        querystring: S.OwnerListQuery,
        response: { 200: S.OwnerListResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listOwnerProperties(deps, currentUser(req), req.params.userId, req.query);
      return okPage(data, meta);
    },
  );

  routes.put(
    '/properties/:id',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'updateProperty',
        tags,
        summary: 'Update a listing',
        security,
        description: DESCRIPTIONS.updateProperty,
        params: S.PropertyParams,
        body: S.UpdatePropertyBody,
        response: { 200: S.PropertyResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => ok(await updateProperty(deps, currentUser(req), req.params.id, req.body), 'Property updated'),
  );

  routes.delete(
    '/properties/:id',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'deleteProperty',
        tags,
        summary: 'Delete a listing (archived when it has booking history)',
        security,
        description: DESCRIPTIONS.deleteProperty,
        params: S.PropertyParams,
        response: { 200: S.DeleteResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const result = await deleteProperty(deps, currentUser(req), req.params.id);
      return ok(result, result.status === 'archived' ? 'Property archived' : 'Property deleted');
    },
  );
}
