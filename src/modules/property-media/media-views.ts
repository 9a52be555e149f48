// The read form's `medias` entry: {id, media_type, url, thumbnail_url}. Its shape is the read
// form's, so the properties module defines it; the media routes answer with the same.
import type { Static } from 'typebox';
import type { propertyMedias } from '../../db/schema/index.ts';
import { MediaView } from '../properties/index.ts';

export { MediaView };

/** Public paths of a media file and its thumbnail (served by the media module). */
export const mediaPath = (m: { id: number }) => `/api/properties/medias/${m.id}/file`;
export const thumbnailPath = (m: { id: number }) => `/api/properties/medias/${m.id}/thumbnail`;

export const mediaView = (m: typeof propertyMedias.$inferSelect): Static<typeof MediaView> => ({
  id: m.id,
  media_type: m.mediaType,
  url: mediaPath(m),
  thumbnail_url: m.thumbnailKey ? thumbnailPath(m) : null,
});
