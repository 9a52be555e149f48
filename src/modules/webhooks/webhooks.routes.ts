// Webhook endpoints of integrators (contract §12): thin handlers over the use cases.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { Envelope, MessageOnly, Paginated, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { PageQuery, pageWindow } from '../../platform/pagination.ts';
import { endpointOf } from './endpoint-access.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from './manage-webhook-endpoints.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { listWebhookDeliveries, pingWebhookEndpoint, retryWebhookDelivery } from './webhook-deliveries.ts';
import { DELIVERY_RULES } from './webhooks.docs.ts';
import { deliveryView, endpointView, endpointWithSecret } from './webhook-views.ts';
import {
  CreateEndpointBody,
  Delivery,
  DeliveryParams,
  Endpoint,
  EndpointParams,
  EndpointWithSecret,
  UpdateEndpointBody,
} from './webhooks.schemas.ts';

const security = [{ bearer: [] }];
const tags = ['webhooks'];
const WHO = 'Owners (events of their own listings) and admins (every event); travellers and support 403.';
const MINE = `${WHO} Another owner's endpoint is 404.`;

export async function webhooksRoutes(app: FastifyInstance, { deps, kick }: { deps: Deps; kick: () => void }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { auth: 'required' } as const;

  routes.post(
    '/webhook-endpoints',
    {
      config,
      schema: {
        operationId: 'createWebhookEndpoint',
        tags,
        security,
        summary: 'Subscribe a URL to events, signed as Standard Webhooks describes',
        description: `${WHO} The answer carries the signing secret, shown again only by rotate-secret. ${DELIVERY_RULES}`,
        body: CreateEndpointBody,
        response: { 201: Envelope(EndpointWithSecret), ...errorResponses(401, 403) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(endpointWithSecret(await createWebhookEndpoint(deps, currentUser(req), req.body)), 'Endpoint created'),
        ),
  );

  routes.get(
    '/webhook-endpoints',
    {
      config,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags,
        security,
        summary: "The caller's webhook endpoints (an admin: everyone's), newest first",
        description: WHO,
        querystring: PageQuery,
        response: { 200: Paginated(Endpoint), ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const page = pageWindow(req.query);
      const { rows, total } = await listWebhookEndpoints(deps, currentUser(req), {
        limit: page.perPage,
        offset: page.offset,
      });
      return okPage(rows.map(endpointView), { current_page: page.page, per_page: page.perPage, total });
    },
  );

  routes.get(
    '/webhook-endpoints/:id',
    {
      config,
      schema: {
        operationId: 'getWebhookEndpoint',
        tags,
        security,
        summary: 'One webhook endpoint',
        description: MINE,
        params: EndpointParams,
        response: { 200: Envelope(Endpoint), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ok(endpointView(await endpointOf(deps, currentUser(req), req.params.id))),
  );

  routes.put(
    '/webhook-endpoints/:id',
    {
      config,
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags,
        security,
        summary: 'Change the URL, events, description, or turn the endpoint off and on',
        description: `${MINE} Members left out are kept. Turning a disabled endpoint on starts its 5 failing days afresh.`,
        params: EndpointParams,
        body: UpdateEndpointBody,
        response: { 200: Envelope(Endpoint), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) =>
      ok(
        endpointView(await updateWebhookEndpoint(deps, currentUser(req), req.params.id, req.body)),
        'Endpoint updated',
      ),
  );

  routes.delete(
    '/webhook-endpoints/:id',
    {
      config,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags,
        security,
        summary: 'Delete a webhook endpoint and its deliveries',
        description: MINE,
        params: EndpointParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await deleteWebhookEndpoint(deps, currentUser(req), req.params.id);
      return ok(null, 'Endpoint deleted');
    },
  );

  routes.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      config,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        security,
        summary: 'Replace the signing secret; the old one keeps signing beside it for 24 hours',
        description: `${MINE} During those 24 hours webhook-signature carries two signatures, new first.`,
        params: EndpointParams,
        response: { 200: Envelope(EndpointWithSecret), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) =>
      ok(endpointWithSecret(await rotateWebhookSecret(deps, currentUser(req), req.params.id)), 'Secret rotated'),
  );

  routes.post(
    '/webhook-endpoints/:id/ping',
    {
      config,
      schema: {
        operationId: 'pingWebhookEndpoint',
        tags,
        security,
        summary: 'Send a ping event to the endpoint (delivered and retried like any event)',
        description: MINE,
        params: EndpointParams,
        response: { 202: Envelope(Delivery), ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      const delivery = await pingWebhookEndpoint(deps, currentUser(req), req.params.id);
      kick();
      return reply.code(202).send(ok(deliveryView(delivery), 'Ping queued'));
    },
  );

  routes.get(
    '/webhook-endpoints/:id/deliveries',
    {
      config,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        security,
        summary: "The endpoint's deliveries, newest first",
        description: MINE,
        params: EndpointParams,
        querystring: PageQuery,
        response: { 200: Paginated(Delivery), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const page = pageWindow(req.query);
      const { rows, total } = await listWebhookDeliveries(deps, currentUser(req), req.params.id, {
        limit: page.perPage,
        offset: page.offset,
      });
      return okPage(rows.map(deliveryView), { current_page: page.page, per_page: page.perPage, total });
    },
  );

  routes.post(
    '/webhook-endpoints/:id/deliveries/:deliveryId/retry',
    {
      config,
      schema: {
        operationId: 'retryWebhookDelivery',
        tags,
        security,
        summary: 'Send a delivery again now (same webhook-id and body)',
        description: `${MINE} A delivery being sent at this moment is a 409.`,
        params: DeliveryParams,
        response: { 202: Envelope(Delivery), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const row = await retryWebhookDelivery(deps, currentUser(req), req.params.id, req.params.deliveryId);
      kick();
      return reply.code(202).send(ok(deliveryView(row), 'Delivery queued'));
    },
  );
}
