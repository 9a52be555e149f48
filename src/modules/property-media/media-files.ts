// Photos and videos of a listing, judged by their bytes (never the name or the claimed type).
// Images are decoded and re-encoded, which drops EXIF (GPS position, camera serial) and any
// payload hidden after the image data; they are turned upright first, since the orientation
// tag goes with the rest of the metadata. Videos are kept as sent: there is no transcoder here.
import sharp from 'sharp';
import type { Deps } from '../../container.ts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/uploads.ts';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Thumbnails are this wide (narrower images are not enlarged), WebP. */
export const THUMBNAIL_WIDTH = 400;
const THUMBNAIL_MAX_HEIGHT = 1200;
/** Stored images fit in this square: enough for any screen, and it bounds what clients download. */
export const IMAGE_MAX_EDGE = 2560;
// A small file can declare a huge canvas (decompression bomb); refuse before decoding it.
const MAX_INPUT_PIXELS = 50_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';
type VideoKind = 'mp4' | 'webm' | 'mov';
const IMAGES: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const VIDEOS: Record<VideoKind, string> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };
/** file-type's extension → our kind. */
const DETECTED: Record<string, ImageKind | VideoKind> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', mp4: 'mp4', webm: 'webm', mov: 'mov' };
export const ACCEPTED = 'JPEG, PNG, WebP, GIF images (≤ 10 MB) or MP4, WebM, QuickTime videos (≤ 50 MB)';

export interface PreparedMedia {
  mediaType: 'image' | 'video';
  data: Buffer;
  mime: string;
  ext: string;
  thumbnail: Buffer | null;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const tooLarge = (field: string, max: number) => new AppError('PAYLOAD_TOO_LARGE', `${field} must be at most ${mb(max)}`, { [field]: [`must be at most ${mb(max)}`] });
const unreadable = (field: string, why: string) => new AppError('VALIDATION_FAILED', `${field} ${why}`, { [field]: [why] });

/** Checks one upload by content and size (415 / 413 naming the field), then prepares what is stored. */
export async function prepareMedia(upload: UploadedFile, field: string): Promise<PreparedMedia> {
  const detected = await fileTypeFromBuffer(upload.file);
  const kind = detected ? DETECTED[detected.ext] : undefined;
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${field} must be one of: ${ACCEPTED} (judged by content)`, { [field]: [`must be one of: ${ACCEPTED}`] });
  if (kind in VIDEOS) {
    if (upload.size > VIDEO_MAX_BYTES) throw tooLarge(field, VIDEO_MAX_BYTES);
    return { mediaType: 'video', data: upload.file, mime: VIDEOS[kind as VideoKind], ext: kind, thumbnail: null };
  }
  if (upload.size > IMAGE_MAX_BYTES) throw tooLarge(field, IMAGE_MAX_BYTES);
  return prepareImage(upload.file, kind as ImageKind, field);
}

async function prepareImage(input: Buffer, kind: ImageKind, field: string): Promise<PreparedMedia> {
  try {
    const pages = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).pages ?? 1;
    const animated = pages > 1;
    // Animated GIF/WebP keep their frames; they carry no orientation tag to apply.
    let image = sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS });
    if (!animated) image = image.rotate();
    image = image.resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded = kind === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : kind === 'png' ? image.png() : kind === 'webp' ? image.webp({ quality: 85 }) : image.gif();
    const data = await encoded.toBuffer();
    const thumbnail = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, height: THUMBNAIL_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { mediaType: 'image', data, mime: IMAGES[kind], ext: kind === 'jpeg' ? 'jpg' : kind, thumbnail };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw unreadable(field, `is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    throw unreadable(field, 'could not be read as an image (damaged or incomplete file)');
  }
}

/** Removes stored files; a file that cannot be removed is logged and left behind, never an error. */
export async function deleteStoredFiles(deps: Deps, keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'could not delete a stored media file'));
  }
}
