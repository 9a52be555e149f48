// What the OpenAPI document says of the property-media routes where a summary is not enough.
import * as S from './property-media.schemas.ts';
import { PIXEL_LIMIT_RULE } from '../../platform/images.ts';
import { IMAGE_MAX_EDGE } from '../../platform/images.ts';
import { THUMBNAIL_WIDTH } from './media-files.ts';
import { MULTIPART_RULES } from '../../platform/uploads.ts';
export const WRITE =
  "The listing's owner or an admin: 403 for others who may see the listing, 404 for those who may not; a media of another listing is 404.";

export const SERVE =
  'Anyone who may see the listing (public listings: everyone, no token needed); 404 otherwise, as for an unknown id. Served with the type ' +
  'checked at upload, nosniff and a sandboxing CSP; images inline, videos as attachment (media elements play them all the same; no range ' +
  'requests). Cache-Control public for a public listing, private/no-store otherwise.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  uploadPropertyMedia:
    `${WRITE} Multipart field files (or files[]), one or more parts, at most ${S.MAX_FILES_PER_REQUEST} per request and ` +
    `${S.MAX_MEDIA_PER_PROPERTY} per listing (409). Judged by content, never by name or claimed type: JPEG, PNG, WebP, GIF images ≤ 10 MB, ` +
    'MP4, WebM, QuickTime videos ≤ 50 MB (415 / 413 naming the field: files for a single file, files.<index> among several; ' +
    `${PIXEL_LIMIT_RULE}). Every file is checked before any is kept: one bad file refuses the ` +
    'request. Images are turned upright by their EXIF orientation, re-encoded in their own format (EXIF, GPS and other metadata are ' +
    `dropped), scaled to fit ${IMAGE_MAX_EDGE} px, and get a WebP thumbnail ${THUMBNAIL_WIDTH} px wide (smaller images are not enlarged). ` +
    'Videos are stored as sent (not transcoded, so their own metadata stays) and have no thumbnail (thumbnail_url null). Files are kept ' +
    `under generated names. The new media are appended after the existing ones, in the order sent; answers 201 with them. ${MULTIPART_RULES}`,
};
