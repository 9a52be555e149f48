// verifyWebhook against the Standard Webhooks reference implementation (the standardwebhooks
// package signs, our helper verifies), and the payload types taken from the document.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError, type WebhookPayload } from '../src/index.ts';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const other = `whsec_${Buffer.from('fedcba9876543210fedcba9876543210').toString('base64')}`;
const body = JSON.stringify({ type: 'ping', timestamp: '2030-01-01T00:00:00.000Z', data: { endpoint_id: 7 } });
const at = new Date('2030-01-01T00:00:10Z');
const headers = (sig: string, ts = at) => ({
  'webhook-id': 'msg_1',
  'webhook-timestamp': String(Math.floor(ts.getTime() / 1000)),
  'webhook-signature': sig,
});
const signed = (key: string, ts = at) => new Webhook(key).sign('msg_1', ts, body);

describe('verifyWebhook', () => {
  it('accepts what the reference implementation signs, and returns the typed payload', async () => {
    const payload = await verifyWebhook({ secret, body, headers: headers(signed(secret)), now: at });
    assert.equal(payload.type, 'ping');
    const ping = payload as WebhookPayload<'ping'>;
    assert.equal(ping.data.endpoint_id, 7);
  });

  it('accepts any signature of a rotation, and Headers objects', async () => {
    const both = `${signed(other)} ${signed(secret)}`;
    assert.ok(await verifyWebhook({ secret, body, headers: new Headers(headers(both)), now: at }));
  });

  it('refuses another secret, a changed body, an old timestamp, missing headers', async () => {
    const refused = (p: Promise<unknown>) => assert.rejects(p, WebhookVerificationError);
    await refused(verifyWebhook({ secret, body, headers: headers(signed(other)), now: at }));
    await refused(verifyWebhook({ secret, body: `${body} `, headers: headers(signed(secret)), now: at }));
    const old = new Date(at.getTime() - 301_000);
    await refused(verifyWebhook({ secret, body, headers: headers(signed(secret, old), old), now: at }));
    await refused(verifyWebhook({ secret, body, headers: {}, now: at }));
  });
});
