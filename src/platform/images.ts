// Uploaded images are never kept as sent: they are decoded and re-encoded, so only their pixels
// survive. That drops EXIF and other metadata (GPS position, camera serial) and anything riding
// along the image data (an HTML or script trailer of a polyglot, which a browser sniffing the
// bytes could run). They are turned upright first, since the orientation tag goes with the rest
// of the metadata. A small file can declare a huge canvas (decompression bomb): sharp refuses it
// from the header, before decoding, past MAX_INPUT_PIXELS.
import type Sharp from 'sharp';
import { AppError } from './errors.ts';
import { checkUpload, type CheckedFile, type FileKind, type UploadedFile, type UploadRules } from './uploads.ts';

export type ImageKind = Exclude<FileKind, 'pdf'>;

/** Largest canvas decoded, width × height, whatever the file's size. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images fit in this square: enough for any screen, and it bounds what clients download. */
export const IMAGE_MAX_EDGE = 2560;
/** For route descriptions. 422, not 413: what is refused is the content, whatever the file's size. */
export const PIXEL_LIMIT_RULE =
  `an image that cannot be decoded, or declares more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels however small the file (a ` +
  'decompression bomb), is 422 naming the field';
/** For route descriptions. */
export const REENCODED =
  'decoded and re-encoded in its own format: EXIF (GPS position, camera serial) and all other metadata, and ' +
  'anything after the image data (an HTML or script trailer), are dropped; turned upright first';

export interface ReencodeOptions {
  /** The stored image fits in a square of this many pixels (smaller ones are not enlarged). */
  maxEdge: number;
  /** A WebP thumbnail this wide (and at most maxHeight high) is made too. */
  thumbnail?: { width: number; maxHeight: number };
}

export interface ReencodedImage {
  data: Buffer;
  thumbnail: Buffer | null;
}

const unreadable = (field: string, why: string) =>
  new AppError('VALIDATION_FAILED', `${field} ${why}`, { [field]: [why] });

// Loaded with the first image rather than with the service: a start that takes no upload does not
// pay for the native library (part of the vendor modules' 0.5 s of a start; container.ts).
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

/** Re-encodes an image in its own format; 422 naming the field when it is damaged or over the pixel limit. */
export async function reencodeImage(
  input: Buffer,
  kind: ImageKind,
  field: string,
  opts: ReencodeOptions,
): Promise<ReencodedImage> {
  const sharp = await loadSharp();
  try {
    const pages = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).pages ?? 1;
    const animated = pages > 1;
    // Animated GIF/WebP keep their frames; they carry no orientation tag to apply.
    let image = sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS });
    if (!animated) image = image.rotate();
    image = image.resize({ width: opts.maxEdge, height: opts.maxEdge, fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind === 'jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : kind === 'png'
          ? image.png()
          : kind === 'webp'
            ? image.webp({ quality: 85 })
            : image.gif();
    const data = await encoded.toBuffer();
    const thumbnail = opts.thumbnail
      ? await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({
            width: opts.thumbnail.width,
            height: opts.thumbnail.maxHeight,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 80 })
          .toBuffer()
      : null;
    return { data, thumbnail };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw unreadable(field, `is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    throw unreadable(field, 'could not be read as an image (damaged or incomplete file)');
  }
}

/**
 * checkUpload (size 413, type by content 415), then an image is re-encoded (422 as reencodeImage);
 * a PDF is kept as sent (nothing here can rewrite it) and must be served as an attachment.
 */
export async function checkAndReencode(
  upload: UploadedFile,
  rules: UploadRules & { maxEdge: number },
): Promise<CheckedFile> {
  const checked = await checkUpload(upload, rules);
  if (checked.kind === 'pdf') return checked;
  const { field, maxEdge } = rules;
  return { ...checked, data: (await reencodeImage(checked.data, checked.kind, field, { maxEdge })).data };
}
