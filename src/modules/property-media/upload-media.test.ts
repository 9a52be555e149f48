import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createProperty } from '../../../test/helpers/catalog-factories.ts';
import { propertyMedias } from '../../db/schema/index.ts';
import { makeCast, type Cast, type Who } from '../room-types/room-types.test-support.ts';
import {
  animatedGif,
  hugeCanvasPng,
  jpegWithGps,
  MP4_HEADER,
  png,
  upload,
  webp,
  WEBM_HEADER,
} from './media.test-support.ts';

const KEY = (propertyId: number) =>
  new RegExp(
    `^media/${propertyId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\\.(jpg|png|webp|gif|mp4|webm|mov)|-thumb\\.webp)$`,
  );

describe('media upload', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  const rowsOf = (propertyId: number) =>
    t.deps.db
      .select()
      .from(propertyMedias)
      .where(eq(propertyMedias.propertyId, propertyId))
      .orderBy(propertyMedias.position);
  const get = (url: string, who: Who = 'anonymous') => t.app.inject({ method: 'GET', url, headers: c.headers(who) });
  async function filesOf(propertyId: number): Promise<string[]> {
    const dir = path.join(t.deps.config.DATA_DIR, 'files', 'media', String(propertyId));
    return readdir(dir).catch(() => []);
  }

  it('re-encodes a JPEG without its EXIF/GPS, upright, with a 400 px WebP thumbnail, under generated names', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    assert.ok(before.exif?.includes(Buffer.from('SecretCam')), 'the test image does carry EXIF');
    assert.equal(before.orientation, 6);

    const res = await upload(t, p.id, c.headers('owner'), [
      { data: original, name: '../../holiday GPS.jpg', type: 'image/jpeg' },
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const [view] = res.json().data;
    assert.deepEqual(res.json().data, [
      {
        id: view.id,
        media_type: 'image',
        url: `/api/properties/medias/${view.id}/file`,
        thumbnail_url: `/api/properties/medias/${view.id}/thumbnail`,
      },
    ]);

    const [row] = await rowsOf(p.id);
    assert.equal(row!.position, 0);
    assert.equal(row!.mime, 'image/jpeg');
    assert.match(row!.storageKey, KEY(p.id));
    assert.match(row!.thumbnailKey!, KEY(p.id));
    assert.deepEqual(
      (await filesOf(p.id)).sort(),
      [path.basename(row!.storageKey), path.basename(row!.thumbnailKey!)].sort(),
    );

    const served = await get(view.url);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    assert.match(String(served.headers['content-disposition']), /^inline/);
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.match(String(served.headers['cache-control']), /^public/);
    const stored = await sharp(served.rawPayload).metadata();
    assert.equal(stored.format, 'jpeg');
    assert.equal(stored.exif, undefined, 'no EXIF left');
    assert.equal(stored.orientation, undefined);
    assert.ok(!served.rawPayload.includes(Buffer.from('SecretCam')));
    assert.deepEqual([stored.width, stored.height], [800, 1200], 'turned upright by the orientation tag');

    const thumb = await get(view.thumbnail_url);
    assert.equal(thumb.statusCode, 200);
    assert.equal(thumb.headers['content-type'], 'image/webp');
    const tm = await sharp(thumb.rawPayload).metadata();
    assert.equal(tm.format, 'webp');
    assert.deepEqual([tm.width, tm.height], [400, 600]);
    assert.equal(tm.exif, undefined);
  });

  it('takes several files under one name, in order, appended after the existing media; videos get no thumbnail', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const first = await upload(t, p.id, c.headers('owner'), [{ data: await png(), name: 'a.png' }]);
    assert.equal(first.statusCode, 201, first.body);
    const res = await upload(t, p.id, c.headers('admin'), [
      { data: await webp(300, 200), name: 'b.webp' },
      { data: MP4_HEADER, name: 'tour.mp4', type: 'video/mp4' },
      { data: WEBM_HEADER, name: 'tour.webm' },
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const data = res.json().data;
    assert.deepEqual(
      data.map((d: { media_type: string }) => d.media_type),
      ['image', 'video', 'video'],
    );
    assert.equal(data[1].thumbnail_url, null);
    const rows = await rowsOf(p.id);
    assert.deepEqual(
      rows.map((r) => [r.position, r.mime]),
      [
        [0, 'image/png'],
        [1, 'image/webp'],
        [2, 'video/mp4'],
        [3, 'video/webm'],
      ],
    );
    assert.match(rows[2]!.storageKey, /\.mp4$/);

    const video = await get(data[1].url);
    assert.equal(video.statusCode, 200);
    assert.equal(video.headers['content-type'], 'video/mp4');
    assert.match(String(video.headers['content-disposition']), /^attachment/);
    assert.deepEqual(video.rawPayload, MP4_HEADER, 'videos are kept as sent');
    assert.equal((await get(`/api/properties/medias/${data[1].id}/thumbnail`)).statusCode, 404);

    const smallThumb = await sharp((await get(data[0].thumbnail_url)).rawPayload).metadata();
    assert.deepEqual([smallThumb.width, smallThumb.height], [300, 200], 'a narrower image is not enlarged');
  });

  it('accepts the files[] field name too', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const res = await upload(
      t,
      p.id,
      c.headers('owner'),
      [
        { data: await png(), name: 'a.png' },
        { data: await png(), name: 'b.png' },
      ],
      'files[]',
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().data.length, 2);
  });

  it('judges by content: a text file named .jpg is 415 naming files, and nothing is kept', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const res = await upload(t, p.id, c.headers('owner'), [
      { data: Buffer.from('just some text, not an image'), name: 'photo.jpg', type: 'image/jpeg' },
    ]);
    assert.equal(res.statusCode, 415, res.body);
    assert.ok(res.json().errors.files);
    assert.equal((await rowsOf(p.id)).length, 0);
    assert.deepEqual(await filesOf(p.id), []);
  });

  it('refuses the whole request when one of several files is bad, naming it (files.<index>)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(t, p.id, c.headers('owner'), [
      { data: await png(), name: 'ok.png' },
      { data: svg, name: 'x.svg' },
    ]);
    assert.equal(res.statusCode, 415, res.body);
    assert.ok(res.json().errors['files.1'], res.body);
    assert.equal((await rowsOf(p.id)).length, 0);
    assert.deepEqual(await filesOf(p.id), []);
  });

  it('refuses an image over 10 MB (413) and a damaged image (422)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const jpeg = await jpegWithGps();
    const big = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(t, p.id, c.headers('owner'), [{ data: big, name: 'big.jpg' }]);
    assert.equal(tooBig.statusCode, 413, tooBig.body);
    assert.ok(tooBig.json().errors.files);
    const damaged = await upload(t, p.id, c.headers('owner'), [{ data: jpeg.subarray(0, 400), name: 'cut.jpg' }]);
    assert.equal(damaged.statusCode, 422, damaged.body);
    assert.ok(damaged.json().errors.files);
    assert.equal((await rowsOf(p.id)).length, 0);
  });

  it('takes videos up to 50 MB, above the 10 MB of images; a larger one is 413', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const twelve = Buffer.concat([MP4_HEADER, Buffer.alloc(12 * 1024 * 1024)]);
    const ok = await upload(t, p.id, c.headers('owner'), [{ data: twelve, name: 'tour.mp4' }]);
    assert.equal(ok.statusCode, 201, ok.body);
    const served = await get(ok.json().data[0].url);
    assert.equal(served.rawPayload.length, twelve.length);
    const over = await upload(t, p.id, c.headers('owner'), [
      { data: Buffer.concat([MP4_HEADER, Buffer.alloc(50 * 1024 * 1024)]), name: 'long.mp4' },
    ]);
    assert.equal(over.statusCode, 413, over.body);
    assert.equal((await rowsOf(p.id)).length, 1);
  });

  it('keeps the frames of an animated GIF and gives it a still WebP thumbnail', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const res = await upload(t, p.id, c.headers('owner'), [{ data: await animatedGif(), name: 'wave.gif' }]);
    assert.equal(res.statusCode, 201, res.body);
    const stored = await sharp((await get(res.json().data[0].url)).rawPayload).metadata();
    assert.deepEqual([stored.format, stored.pages, stored.width], ['gif', 2, 200]);
    const thumb = await sharp((await get(res.json().data[0].thumbnail_url)).rawPayload).metadata();
    assert.deepEqual([thumb.format, thumb.pages ?? 1], ['webp', 1]);
  });

  it('refuses an image declaring more than 50 megapixels before decoding it (422 naming files)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const res = await upload(t, p.id, c.headers('owner'), [{ data: await hugeCanvasPng(), name: 'bomb.png' }]);
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().errors.files[0], /megapixels/);
    assert.equal((await rowsOf(p.id)).length, 0);
  });

  it('needs at least one file (422 naming files)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const fd = new FormData();
    fd.append('caption', 'no file here');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${p.id}/medias`,
      headers: c.headers('owner'),
      payload: fd as never,
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.ok(res.json().errors.files);
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${p.id}/medias`,
      headers: c.headers('owner'),
      payload: { files: 'not a file' },
    });
    assert.equal(text.statusCode, 422, text.body);
    assert.ok(text.json().errors.files);
  });

  it('lets only the owner and an admin upload (401 / 403 / 404)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    const expected: Record<Who, number> = {
      anonymous: 401,
      client: 403,
      otherOwner: 403,
      support: 403,
      owner: 201,
      admin: 201,
    };
    for (const [who, status] of Object.entries(expected)) {
      const res = await upload(t, p.id, c.headers(who as Who), [{ data: await png(), name: 'a.png' }]);
      assert.equal(res.statusCode, status, `${who}: ${res.body}`);
    }
    const hidden = await createProperty(t.deps, c.users.owner.id, { status: 'draft' });
    assert.equal(
      (await upload(t, hidden.id, c.headers('otherOwner'), [{ data: await png(), name: 'a.png' }])).statusCode,
      404,
    );
    assert.equal((await upload(t, 999999, c.headers('admin'), [{ data: await png(), name: 'a.png' }])).statusCode, 404);
    assert.equal((await rowsOf(hidden.id)).length, 0);
  });

  it('keeps at most 100 media per listing (409)', async () => {
    const p = await createProperty(t.deps, c.users.owner.id);
    await t.deps.db.insert(propertyMedias).values(
      Array.from({ length: 99 }, (_, i) => ({
        propertyId: p.id,
        mediaType: 'image',
        storageKey: `media/${p.id}/x${i}.png`,
        mime: 'image/png',
        position: i,
      })),
    );
    const two = await upload(t, p.id, c.headers('owner'), [
      { data: await png(), name: 'a.png' },
      { data: await png(), name: 'b.png' },
    ]);
    assert.equal(two.statusCode, 409, two.body);
    assert.deepEqual(await filesOf(p.id), []);
    const one = await upload(t, p.id, c.headers('owner'), [{ data: await png(), name: 'a.png' }]);
    assert.equal(one.statusCode, 201, one.body);
    assert.equal((await rowsOf(p.id)).at(-1)!.position, 99);
  });
});
