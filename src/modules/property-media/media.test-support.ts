// Real files for the media tests: images made with sharp (the ones other uploads share, such as
// the JPEG carrying EXIF with a GPS position, live in test/helpers/image-files.ts), and the
// smallest headers file-type recognises as MP4 / WebM.
import sharp from 'sharp';
import type { TestApp } from '../../../test/helpers/test-app.ts';

export { hugeCanvasPng, jpegWithGps, png } from '../../../test/helpers/image-files.ts';

export async function webp(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33aa33' } })
    .webp()
    .toBuffer();
}

/** A two-frame animated GIF, 200×100. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 200, height: 100, channels: 4, background } })
      .png()
      .toBuffer();
  return sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

/** An ISO base media file header ("ftyp isom"): what file-type reads as video/mp4. Not playable. */
export const MP4_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
]);

/** An EBML header with DocType "webm": what file-type reads as video/webm. Not playable. */
export const WEBM_HEADER = (() => {
  const docType = Buffer.from('webm');
  const body = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(32)]);
})();

export interface Part {
  data: Buffer;
  name: string;
  type?: string;
}

/** A multipart body with the parts under the given field name, in order. */
export function multipart(parts: Part[], field = 'files'): FormData {
  const fd = new FormData();
  for (const p of parts)
    fd.append(field, new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }), p.name);
  return fd;
}

export function upload(
  t: TestApp,
  propertyId: number,
  headers: Record<string, string>,
  parts: Part[],
  field = 'files',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/medias`,
    headers,
    payload: multipart(parts, field) as never,
  });
}
