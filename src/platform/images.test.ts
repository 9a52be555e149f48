// Avatars and chat images go through the pipeline of listing photos (images.ts): what is served
// is a re-encoding, never the bytes sent, and a canvas past the pixel limit is refused unread.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer } from '../../test/helpers/factories.ts';
import { bombPng, hugeCanvasPng, jpegWithGps, POLYGLOT_MARKER, polyglotJpeg } from '../../test/helpers/image-files.ts';
import { storedFiles, watchStorage } from '../../test/helpers/stored-files.ts';
import { form } from '../modules/users/users.test-support.ts';
import { account } from '../modules/owner-onboarding/owner-onboarding.test-support.ts';
import { MAX_INPUT_PIXELS } from './images.ts';

interface Upload {
  res: LightMyRequestResponse;
  /** GET of what the service serves for it. */
  served(): Promise<LightMyRequestResponse>;
}

interface Route {
  name: string;
  field: string;
  maxEdge: number;
  upload(t: TestApp, data: Buffer, name: string): Promise<Upload>;
}

const ROUTES: Route[] = [
  {
    name: 'avatar (PUT /api/user/update), served publicly',
    field: 'avatar',
    maxEdge: 1024,
    async upload(t, data, name) {
      const { token } = await account(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/update',
        headers: bearer(token),
        payload: form({ avatar: { data, name } }) as never,
      });
      return { res, served: () => t.app.inject({ method: 'GET', url: res.json().data.avatar }) };
    },
  },
  {
    name: 'chat image (POST /api/chats/send_messages)',
    field: 'attachment',
    maxEdge: 2560,
    async upload(t, data, name) {
      const [{ token }, { user: owner }] = [await account(t), await account(t, 'owner')];
      const payload = form({ receiver_id: String(owner.id), attachment: { data, name } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chats/send_messages',
        headers: bearer(token),
        payload: payload as never,
      });
      return {
        res,
        served: () => t.app.inject({ method: 'GET', url: res.json().data.attachment, headers: bearer(token) }),
      };
    },
  },
];

describe('avatars and chat images are re-encoded like listing photos', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  for (const route of ROUTES) {
    it(`${route.name}: EXIF (GPS, camera) is gone, the image upright, and the file is sized to fit ${route.maxEdge} px`, async () => {
      const original = await jpegWithGps();
      const before = await sharp(original).metadata();
      assert.ok(
        before.exif?.includes(Buffer.from('SecretCam')) && before.orientation === 6,
        'the test image does carry EXIF',
      );
      const { res, served } = await route.upload(t, original, 'holiday.jpg');
      assert.ok(res.statusCode < 300, res.body);
      const file = await served();
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'image/jpeg');
      const after = await sharp(file.rawPayload).metadata();
      assert.equal(after.format, 'jpeg');
      assert.equal(after.exif, undefined, 'no EXIF left');
      assert.equal(after.orientation, undefined);
      assert.ok(
        !file.rawPayload.includes(Buffer.from('SecretCam')) && !file.rawPayload.includes(Buffer.from('Serial-12345')),
      );
      // 1200×800 turned upright is 800×1200, then fitted into the square.
      const scale = Math.min(1, route.maxEdge / 1200);
      assert.deepEqual([after.width, after.height], [Math.round(800 * scale), Math.round(1200 * scale)]);
    });

    it(`${route.name}: a polyglot (JPEG + HTML/script trailer) is served re-encoded, without the trailer`, async () => {
      const polyglot = await polyglotJpeg();
      const { res, served } = await route.upload(t, polyglot, 'cat.jpg');
      assert.ok(res.statusCode < 300, res.body);
      const file = await served();
      assert.equal(file.statusCode, 200);
      assert.notDeepEqual(file.rawPayload, polyglot);
      assert.ok(!file.rawPayload.includes(Buffer.from(POLYGLOT_MARKER)), 'the script is not served');
      assert.equal((await sharp(file.rawPayload).metadata()).format, 'jpeg');
      assert.match(String(file.headers['content-security-policy']), /sandbox/);
      assert.equal(file.headers['x-content-type-options'], 'nosniff');
    });

    for (const [what, make] of [
      ['a decompression bomb (a ~50 KB PNG declaring 20000×20000)', async () => bombPng(20_000)],
      [`an image over ${MAX_INPUT_PIXELS / 1_000_000} megapixels (7200×7200)`, hugeCanvasPng],
    ] as const) {
      it(`${route.name}: ${what} is 422 naming ${route.field}, before decoding, and nothing is stored`, async () => {
        const data = await make();
        const files = await storedFiles(t);
        const watch = watchStorage(t);
        const started = Date.now();
        try {
          const { res } = await route.upload(t, data, 'big.png');
          assert.equal(res.statusCode, 422, res.body);
          assert.match(res.json().errors[route.field][0], /megapixels/);
          assert.deepEqual(watch.puts, []);
          assert.deepEqual(await storedFiles(t), files);
          assert.ok(Date.now() - started < 5_000, 'refused from the header, not after decoding');
        } finally {
          watch.restore();
        }
      });
    }
  }
});
