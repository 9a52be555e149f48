// The routes of one reference-data kind: GET <path> for everyone and the admin's POST <path>,
// PUT and DELETE <path>/:<key>, each where the kind's documentation describes it. Thin handlers
// over the generic use cases; what differs between the kinds is their schemas and their texts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { currentUser } from '../../platform/auth.ts';
import type { PageQuery } from '../../platform/pagination.ts';
import type { ReferenceKind } from './reference-kind.ts';
import { listReferenceItems } from './list-reference-items.ts';
import { createReferenceItem } from './create-reference-item.ts';
import { updateReferenceItem } from './update-reference-item.ts';
import { deleteReferenceItem } from './delete-reference-item.ts';

const tags = ['catalog'];
const security = [{ bearer: [] }];

interface RouteText {
  /** The operationId in /openapi.json: the name a generated client gives the call. */
  operationId: string;
  summary: string;
  description: string;
}

export interface ReferenceRoutes {
  /** The collection: '/property-types'. */
  path: string;
  /** The path parameter naming one item, and its schema. */
  item?: { param: 'id' | 'code'; params: TSchema };
  schemas: { query: TSchema; page: TSchema; response: TSchema; body?: TSchema; patch?: TSchema };
  /** The list's error statuses besides the common ones (401 for a bad token; 403 where part of the list is admin-only). */
  list: RouteText & { errors: number[] };
  create?: RouteText;
  update?: RouteText;
  remove?: RouteText;
}

export function referenceRoutes<R, V, Q extends PageQuery, B, P, K>(
  app: FastifyInstance,
  deps: Deps,
  kind: ReferenceKind<R, V, Q, B, P, K>,
  http: ReferenceRoutes,
) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const { path, item, schemas: s } = http;
  const itemPath = item ? `${path}/:${item.param}` : path;
  const keyOf = (params: unknown) => (params as Record<string, K>)[item!.param]!;

  routes.get(
    path,
    {
      config: { auth: 'optional' },
      schema: {
        operationId: http.list.operationId,
        tags,
        summary: http.list.summary,
        description: http.list.description,
        querystring: s.query,
        response: { 200: s.page, ...errorResponses(...http.list.errors) },
      },
    },
    async (req) => {
      const { data, meta } = await listReferenceItems(deps, req.user, kind, req.query as Q);
      return okPage(data, meta);
    },
  );

  if (http.create) {
    routes.post(
      path,
      {
        config: { roles: ['admin'] },
        schema: {
          operationId: http.create.operationId,
          tags,
          summary: http.create.summary,
          security,
          description: http.create.description,
          body: s.body,
          response: { 201: s.response, ...errorResponses(401, 403, 409) },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(ok(await createReferenceItem(deps, currentUser(req), kind, req.body as B), `${kind.noun} created`)),
    );
  }

  if (http.update) {
    routes.put(
      itemPath,
      {
        config: { roles: ['admin'] },
        schema: {
          operationId: http.update.operationId,
          tags,
          summary: http.update.summary,
          security,
          description: http.update.description,
          params: item!.params,
          body: s.patch,
          response: { 200: s.response, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (req) =>
        ok(
          await updateReferenceItem(deps, currentUser(req), kind, keyOf(req.params), req.body as P),
          `${kind.noun} updated`,
        ),
    );
  }

  if (http.remove) {
    routes.delete(
      itemPath,
      {
        config: { roles: ['admin'] },
        schema: {
          operationId: http.remove.operationId,
          tags,
          summary: http.remove.summary,
          security,
          description: http.remove.description,
          params: item!.params,
          response: { 200: MessageOnly, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (req) => {
        await deleteReferenceItem(deps, currentUser(req), kind, keyOf(req.params));
        return ok(null, `${kind.noun} deleted`);
      },
    );
  }
}
