// Photos and videos of a listing, judged by their bytes (never the name or the claimed type).
// Images go through the platform's re-encoding (platform/images.ts: metadata and trailers
// dropped, pixel limit) and get a thumbnail. Videos are kept as sent: there is no transcoder here.
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import { IMAGE_MAX_EDGE, reencodeImage, type ImageKind } from '../../platform/images.ts';
import { tooLarge, typeOf, type UploadedFile } from '../../platform/uploads.ts';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Thumbnails are this wide (narrower images are not enlarged), WebP. */
export const THUMBNAIL_WIDTH = 400;
const THUMBNAIL_MAX_HEIGHT = 1200;
type VideoKind = 'mp4' | 'webm' | 'mov';
const VIDEOS: Record<VideoKind, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };
/** file-type's extension → our kind. */
const DETECTED: Record<string, ImageKind | VideoKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  mp4: 'mp4',
  webm: 'webm',
  mov: 'mov',
};
export const ACCEPTED = 'JPEG, PNG, WebP, GIF images (≤ 10 MB) or MP4, WebM, QuickTime videos (≤ 50 MB)';

export interface PreparedMedia {
  mediaType: 'image' | 'video';
  data: Buffer;
  mime: string;
  ext: string;
  thumbnail: Buffer | null;
}

/** Checks one upload by content and size (415 / 413 naming the field), then prepares what is stored. */
export async function prepareMedia(upload: UploadedFile, field: string): Promise<PreparedMedia> {
  const detected = await fileTypeFromBuffer(upload.file);
  const kind = detected ? DETECTED[detected.ext] : undefined;
  if (!kind)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${field} must be one of: ${ACCEPTED} (judged by content)`, {
      [field]: [`must be one of: ${ACCEPTED}`],
    });
  if (kind in VIDEOS) {
    if (upload.size > VIDEO_MAX_BYTES) throw tooLarge(field, VIDEO_MAX_BYTES);
    return { mediaType: 'video', data: upload.file, mime: VIDEOS[kind as VideoKind], ext: kind, thumbnail: null };
  }
  if (upload.size > IMAGE_MAX_BYTES) throw tooLarge(field, IMAGE_MAX_BYTES);
  return prepareImage(upload.file, kind as ImageKind, field);
}

async function prepareImage(input: Buffer, kind: ImageKind, field: string): Promise<PreparedMedia> {
  const { data, thumbnail } = await reencodeImage(input, kind, field, {
    maxEdge: IMAGE_MAX_EDGE,
    thumbnail: { width: THUMBNAIL_WIDTH, maxHeight: THUMBNAIL_MAX_HEIGHT },
  });
  return { mediaType: 'image', data, ...typeOf(kind), thumbnail };
}
