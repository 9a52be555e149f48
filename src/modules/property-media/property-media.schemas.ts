// Request and response shapes of a listing's media (spec: the read form's `medias` entries).
import { Type } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { FileField } from '../../platform/uploads.ts';
import { ACCEPTED, THUMBNAIL_WIDTH } from './media-files.ts';
import { MediaView } from './media-views.ts';

export const MAX_MEDIA_PER_PROPERTY = 100;
export const MAX_FILES_PER_REQUEST = 10;

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const PropertyParams = Type.Object({ id: Id });
export const PropertyMediaParams = Type.Object({ id: Id, mediaId: Id });
export const MediaParams = Type.Object({ mediaId: Id });

// A fresh schema object per use: the multipart validator rewrites the one it compiles.
const files = () =>
  Type.Optional(
    Type.Union(
      [FileField(ACCEPTED), Type.Array(FileField(ACCEPTED), { minItems: 1, maxItems: MAX_FILES_PER_REQUEST })],
      {
        description: `one file, or several parts with the same name (at most ${MAX_FILES_PER_REQUEST}); ${ACCEPTED}, judged by content`,
      },
    ),
  );
export const UploadBody = Type.Object(
  { files: files(), 'files[]': files() },
  {
    description:
      'multipart/form-data. The files under `files` (or `files[]`, as some form libraries name repeated fields); at least one (422 naming files).',
  },
);

export const ReorderBody = Type.Object({
  ids: Type.Array(Id, {
    uniqueItems: true,
    maxItems: MAX_MEDIA_PER_PROPERTY,
    description: 'every media id of the listing exactly once, in the new order (first = cover)',
  }),
});

export const MediaList = Envelope(Type.Array(MediaView));
export const MediaPage = Paginated(MediaView);
export const ListQuery = PageQuery;

const Binary = Type.String({ format: 'binary' });
// Per media type, so the OpenAPI document shows image and video types rather than JSON.
export const StoredMediaFile = {
  description: 'the file, with the type checked at upload; images inline, videos as attachment',
  content: Object.fromEntries(
    ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'video/quicktime'].map((m) => [
      m,
      { schema: Binary },
    ]),
  ),
};
export const ThumbnailFile = {
  description: `WebP thumbnail, ${THUMBNAIL_WIDTH} px wide (smaller images are not enlarged)`,
  content: { 'image/webp': { schema: Binary } },
};
