// A listing's photos and videos. Thin handlers: validated input → one use case → envelope.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { MessageOnly, errorResponses, ok, okPage } from '../../platform/envelope.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import * as S from './property-media.schemas.ts';
import { VIDEO_MAX_BYTES } from './media-files.ts';
import { checkMayUpload, uploadMedia, type UploadInput } from './upload-media.ts';
import { listMedia } from './list-media.ts';
import { getMediaFile } from './get-media-file.ts';
import { deleteMedia } from './delete-media.ts';
import { reorderMedia } from './reorder-media.ts';
import { DESCRIPTIONS, WRITE, SERVE } from './property-media.docs.ts';

const tags = ['property-media'];
const security = [{ bearer: [] }];

export async function propertyMediaRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/properties/:id/medias',
    {
      config: {
        auth: 'required',
        multipartOptions: { limits: { fileSize: VIDEO_MAX_BYTES + 1, files: S.MAX_FILES_PER_REQUEST } },
      },
      schema: {
        operationId: 'uploadPropertyMedia',
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: 'Add photos and videos to a listing',
        description: DESCRIPTIONS.uploadPropertyMedia,
        params: S.PropertyParams,
        body: S.UploadBody,
        response: { 201: S.MediaList, ...errorResponses(401, 403, 404, 409, 413, 415) },
      },
      onRequest: async (req) => checkMayUpload(deps, currentUser(req), req.params.id),
    },
    async (req, reply) => {
      const created = await uploadMedia(deps, currentUser(req), req.params.id, req.body as UploadInput);
      return reply.code(201).send(ok(created, created.length === 1 ? 'Media added' : `${created.length} media added`));
    },
  );

  routes.get(
    '/properties/:id/medias',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'listPropertyMedia',
        tags,
        summary: "A listing's photos and videos, in display order",
        description:
          'Anyone who may see the listing; 404 otherwise. url and thumbnail_url are the paths of GET /properties/medias/{mediaId}/file and /thumbnail.',
        params: S.PropertyParams,
        querystring: S.ListQuery,
        response: { 200: S.MediaPage, ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { data, meta } = await listMedia(deps, req.user, req.params.id, req.query);
      return okPage(data, meta);
    },
  );

  routes.put(
    '/properties/:id/medias/order',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'reorderPropertyMedia',
        tags,
        security,
        summary: "Reorder a listing's media",
        description: `${WRITE} ids must be exactly the listing's media ids, each once, in the new order (422 naming ids otherwise). Answers every media in the new order.`,
        params: S.PropertyParams,
        body: S.ReorderBody,
        response: { 200: S.MediaList, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ok(await reorderMedia(deps, currentUser(req), req.params.id, req.body.ids), 'Media reordered'),
  );

  routes.delete(
    '/properties/:id/medias/:mediaId',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'deletePropertyMedia',
        tags,
        security,
        summary: 'Delete a photo or video',
        description: `${WRITE} The ones after it move up one place; its files are removed after the change is committed.`,
        params: S.PropertyMediaParams,
        response: { 200: MessageOnly, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await deleteMedia(deps, currentUser(req), req.params.id, req.params.mediaId);
      return ok(null, 'Media deleted');
    },
  );

  routes.get(
    '/properties/medias/:mediaId/file',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getMediaFile',
        tags,
        summary: 'The file of a photo or video',
        description: SERVE,
        params: S.MediaParams,
        response: { 200: S.StoredMediaFile, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const file = await getMediaFile(deps, req.user, req.params.mediaId, 'file');
      return sendStoredFile(reply, deps.storage, file.key, file.mime, {
        inline: true,
        downloadName: file.downloadName,
        cache: file.cache,
      });
    },
  );

  routes.get(
    '/properties/medias/:mediaId/thumbnail',
    {
      config: { auth: 'optional' },
      schema: {
        operationId: 'getMediaThumbnail',
        tags,
        summary: 'The thumbnail of a photo',
        description: `${SERVE} Videos have none (404).`,
        params: S.MediaParams,
        response: { 200: S.ThumbnailFile, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const file = await getMediaFile(deps, req.user, req.params.mediaId, 'thumbnail');
      return sendStoredFile(reply, deps.storage, file.key, file.mime, {
        inline: true,
        downloadName: file.downloadName,
        cache: file.cache,
      });
    },
  );
}
