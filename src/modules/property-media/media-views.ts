// The read form's `medias` entry: {id, media_type, url, thumbnail_url}.
import { Type, type Static } from 'typebox';
import type { propertyMedias } from '../../db/schema/index.ts';

export const MediaView = Type.Object({ id: Type.Integer(), media_type: Type.String(), url: Type.String(), thumbnail_url: Type.Union([Type.String(), Type.Null()]) });

/** Public paths of a media file and its thumbnail (served by the media module). */
export const mediaPath = (m: { id: number }) => `/api/properties/medias/${m.id}/file`;
export const thumbnailPath = (m: { id: number }) => `/api/properties/medias/${m.id}/thumbnail`;

export const mediaView = (m: typeof propertyMedias.$inferSelect): Static<typeof MediaView> => ({
  id: m.id, media_type: m.mediaType, url: mediaPath(m), thumbnail_url: m.thumbnailKey ? thumbnailPath(m) : null,
});
