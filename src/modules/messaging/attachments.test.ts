import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import {
  events,
  get,
  makeCast,
  messageRows,
  SAMPLE_PDF,
  SAMPLE_PNG,
  send,
  type Cast,
} from './messaging.test-support.ts';

describe('Message attachments: checked by content, at most 10 MB, served only to the parties', () => {
  let t: TestApp;
  let c: Cast;
  before(async () => {
    t = await createTestApp();
    c = await makeCast(t);
  });
  after(() => t.close());

  async function storedFiles(): Promise<string[]> {
    const root = path.join(t.deps.config.DATA_DIR, 'files', 'messages');
    const months = await readdir(root).catch(() => [] as string[]);
    const out: string[] = [];
    for (const m of months) for (const f of await readdir(path.join(root, m))) out.push(`${m}/${f}`);
    return out;
  }

  it('accepts a real PNG (type image), re-encoded, and serves it inline to sender, receiver and staff only', async () => {
    const res = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      attachment: { data: SAMPLE_PNG, name: '../../holiday.png', type: 'image/png' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const m = res.json().data;
    assert.equal(m.type, 'image');
    assert.equal(m.content, '');
    assert.equal(m.attachment, `/api/chats/attachments/${m.id}`);
    const [row] = (await messageRows(t)).filter((r) => r.id === m.id);
    assert.match(row!.attachmentKey!, /^messages\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    assert.equal(row!.attachmentName, 'holiday.png', "the client's path is dropped");
    const [event] = await events(t, 'message.created', 'message_id', m.id);
    assert.equal(event!.kind, 'image');
    assert.equal(event!.attachment, m.attachment);

    for (const who of ['client', 'owner', 'support', 'admin'] as const) {
      const file = await get(t, c.headers(who), `/chats/attachments/${m.id}`);
      assert.equal(file.statusCode, 200, `${who}: ${file.body}`);
      assert.equal(file.headers['content-type'], 'image/png');
      assert.match(String(file.headers['content-disposition']), /^inline; filename="holiday\.png"/);
      assert.equal(file.headers['x-content-type-options'], 'nosniff');
      assert.match(String(file.headers['content-security-policy']), /sandbox/);
      assert.match(String(file.headers['cache-control']), /private/);
      const image = await sharp(file.rawPayload).metadata();
      assert.deepEqual([image.format, image.width, image.height], ['png', 1, 1]);
    }
    for (const who of ['client2', 'owner2'] as const)
      assert.equal((await get(t, c.headers(who), `/chats/attachments/${m.id}`)).statusCode, 404, who);
    assert.equal((await get(t, {}, `/chats/attachments/${m.id}`)).statusCode, 401);
  });

  it("accepts a PDF with text (type file), kept as sent, served as an attachment under the sender's name with the checked extension", async () => {
    const res = await send(t, c.headers('owner'), {
      receiver_id: c.users.support.id,
      content: 'The contract',
      attachment: { data: SAMPLE_PDF, name: 'contract.pdf', type: 'application/pdf' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const m = res.json().data;
    assert.equal(m.type, 'file');
    assert.equal(m.content, 'The contract');
    const file = await get(t, c.headers('support'), m.attachment.replace(/^\/api/, ''));
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/pdf');
    assert.match(String(file.headers['content-disposition']), /^attachment; filename="contract\.pdf"/);
    assert.match(String(file.headers['content-security-policy']), /sandbox/);
    assert.deepEqual(file.rawPayload, SAMPLE_PDF);
    // the extension is the checked type's, whatever the name claimed
    const named = await send(t, c.headers('client2'), {
      receiver_id: c.users.admin.id,
      attachment: { data: SAMPLE_PDF, name: 'invoice.exe' },
    });
    assert.match(
      String(
        (await get(t, c.headers('admin'), `/chats/attachments/${named.json().data.id}`)).headers['content-disposition'],
      ),
      /filename="invoice\.pdf"/,
    );
  });

  it('refuses a text file named .png (415) and a file over 10 MB (413), naming attachment; nothing is stored', async () => {
    const rows = (await messageRows(t)).length;
    const files = await storedFiles();
    const fake = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      content: 'look',
      attachment: { data: Buffer.from('just some text, not an image'), name: 'photo.png', type: 'image/png' },
    });
    assert.equal(fake.statusCode, 415, fake.body);
    assert.equal(fake.json().code, 'UNSUPPORTED_MEDIA_TYPE');
    assert.ok(fake.json().errors.attachment);
    const html = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      attachment: { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'doc.pdf' },
    });
    assert.equal(html.statusCode, 415);

    const justOver = Buffer.concat([SAMPLE_PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - SAMPLE_PDF.length, 0x20)]);
    const big = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      attachment: { data: justOver, name: 'big.pdf', type: 'application/pdf' },
    });
    assert.equal(big.statusCode, 413, big.body);
    assert.equal(big.json().code, 'PAYLOAD_TOO_LARGE');
    assert.ok(big.json().errors.attachment);
    const huge = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      attachment: { data: Buffer.concat([SAMPLE_PDF, Buffer.alloc(11 * 1024 * 1024)]), name: 'huge.pdf' },
    });
    assert.equal(huge.statusCode, 413, huge.body);

    assert.equal((await messageRows(t)).length, rows);
    assert.deepEqual(await storedFiles(), files);
  });

  it('checks the receiver before the file: a refused message stores nothing (403 before 415)', async () => {
    const files = await storedFiles();
    const res = await send(t, c.headers('owner2'), {
      receiver_id: c.users.client2.id,
      attachment: { data: SAMPLE_PNG, name: 'a.png' },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(await storedFiles(), files);
  });

  it('treats an empty file part as no attachment (422 content when there is no text either)', async () => {
    const empty = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      attachment: { data: Buffer.alloc(0), name: '' },
    });
    assert.equal(empty.statusCode, 422, empty.body);
    assert.ok(empty.json().errors.content);
    const withText = await send(t, c.headers('client'), {
      receiver_id: c.users.owner.id,
      content: 'text only',
      attachment: { data: Buffer.alloc(0), name: '' },
    });
    assert.equal(withText.statusCode, 201, withText.body);
    assert.equal(withText.json().data.attachment, null);
  });

  it('replays an idempotent upload without storing the file twice', async () => {
    const headers = { ...c.headers('client2'), 'idempotency-key': 'upload-1' };
    const fields = { receiver_id: c.users.admin.id, attachment: { data: SAMPLE_PNG, name: 'a.png' } };
    const first = await send(t, headers, fields);
    assert.equal(first.statusCode, 201, first.body);
    const files = await storedFiles();
    const again = await send(t, headers, fields);
    assert.deepEqual(again.json(), first.json());
    assert.deepEqual(await storedFiles(), files);
    const other = await send(t, headers, { ...fields, attachment: { data: SAMPLE_PDF, name: 'a.png' } });
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 404 for a message without attachment and for an unknown message', async () => {
    const res = await send(t, c.headers('client'), { receiver_id: c.users.owner.id, content: 'no file' });
    assert.equal((await get(t, c.headers('client'), `/chats/attachments/${res.json().data.id}`)).statusCode, 404);
    assert.equal((await get(t, c.headers('admin'), '/chats/attachments/99999999')).statusCode, 404);
  });
});
