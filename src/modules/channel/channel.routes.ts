// Linking a listing to the channel manager and reading what the link is doing.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { Envelope, errorResponses, ok } from '../../platform/envelope.ts';
import { ChannelStatusView, STATUS_SHAPE, SyncBody } from './channel.schemas.ts';
import { getChannelStatus } from './get-channel-status.ts';
import { linkProperty } from './link-property.ts';
import { pushChannelChanges } from './push-channel-changes.ts';
import { DESCRIPTIONS } from './channel.docs.ts';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const security = [{ bearer: [] }];

export async function channelRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.post(
    '/properties/:id/channel/sync',
    {
      config: { auth: 'required' },
      // The body is optional: a link request without contact details uses those already kept.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        operationId: 'syncChannel',
        tags: ['channel'],
        summary:
          'Link the listing to the channel manager now (create it there, or send what changed), then push its nights',
        security,
        description: DESCRIPTIONS.syncChannel,
        params: Params,
        body: SyncBody,
        response: { 200: Envelope(ChannelStatusView), ...errorResponses(400, 401, 403, 404, 409, 422, 502, 503) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const body = req.body;
      await linkProperty(deps, user, req.params.id, {
        email: body.email,
        phone: body.phone,
        zipCode: body.zip_code,
        city: body.city,
        state: body.state,
      });
      await pushChannelChanges(deps, req.params.id);
      return ok(await getChannelStatus(deps, user, req.params.id), 'Linked to the channel manager');
    },
  );

  routes.get(
    '/properties/:id/channel/status',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getChannelStatus',
        tags: ['channel'],
        summary: 'What the link to the channel manager is doing for this listing',
        security,
        description: `The owner of the listing, admin and support; anyone else: 404. ${STATUS_SHAPE}`,
        params: Params,
        response: { 200: Envelope(ChannelStatusView), ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await getChannelStatus(deps, currentUser(req), req.params.id)),
  );
}
