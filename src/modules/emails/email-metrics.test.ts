// The e-mail queue on GET /metrics: counts by status and the age of the oldest queued mail.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { bearer } from '../../../test/helpers/factories.ts';
import { emailJobs } from '../../db/schema/index.ts';

const TOKEN = 'metrics-test-token-0123456789';
const START = new Date('2030-03-10T12:00:00Z');

const figure = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('e-mail queue metrics', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ start: START, env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => t.close());

  it('counts queued, sending and failed mails, and how long the oldest queued one has waited', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    let text = await scrape();
    assert.equal(figure(text, 'stays_email_queue{status="queued"}'), 0);
    assert.equal(figure(text, 'stays_email_queue_oldest_age_seconds'), 0);
    const job = (n: number, status: string, createdAt: Date) => ({
      sourceEventId: n,
      template: 'payout-sent',
      recipientUserId: 1,
      toAddress: 'x@example.test',
      locale: 'en',
      vars: {},
      status,
      createdAt,
    });
    await t.deps.db
      .insert(emailJobs)
      .values([
        job(1, 'queued', new Date(START.getTime() - 90_000)),
        job(2, 'queued', START),
        job(3, 'sending', START),
        job(4, 'failed', START),
        job(5, 'sent', START),
      ]);
    text = await scrape();
    assert.equal(figure(text, 'stays_email_queue{status="queued"}'), 2);
    assert.equal(figure(text, 'stays_email_queue{status="sending"}'), 1);
    assert.equal(figure(text, 'stays_email_queue{status="failed"}'), 1);
    assert.equal(figure(text, 'stays_email_queue_oldest_age_seconds'), 90);
  });
});
