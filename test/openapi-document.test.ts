// The document at GET /openapi.json, read as a client developer and an outside linter read it:
// operation names a generated client exposes, the security each operation declares.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { securityOf } from '../src/platform/openapi-document.ts';

type Operation = { operationId?: string; security?: unknown; [k: string]: unknown };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  [k: string]: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).filter(([m]) => METHODS.has(m)).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Everything anyone may call without a token: a route losing its auth flag shows up here. */
const PUBLIC = [
  'getHealth', 'getReadiness', 'getCheckoutPage', 'payCheckout', 'cancelCheckout', 'showPaymentSuccessPage', 'showPaymentCancelPage',
  'login', 'registerTraveller', 'registerOwner', 'verifyEmail', 'resendVerificationCode', 'checkAccount', 'setInitialPassword',
  'requestPasswordReset', 'verifyPasswordResetCode', 'resetPassword', 'loginWithGoogle', 'loginWithFacebook',
  'getAvatar', 'getPublicFeedback', 'submitPublicFeedback', 'handlePaymentWebhook', 'handleChannelWebhook', 'exportPropertyCalendar',
];

describe('GET /openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  before(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json() as Document;
  });
  after(() => t.close());

  it('names every operation: a verb-noun camelCase operationId, unique', () => {
    const ops = operations(doc);
    assert.ok(ops.length > 150, `only ${ops.length} operations`);
    const missing = ops.filter(({ op }) => !op.operationId).map(({ key }) => key);
    assert.deepEqual(missing, [], 'operations without operationId');
    const malformed = ops.filter(({ op }) => !/^[a-z][A-Za-z0-9]+$/.test(op.operationId!)).map(({ key, op }) => `${key}: ${op.operationId}`);
    assert.deepEqual(malformed, []);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { key, op } of ops) {
      const first = seen.get(op.operationId!);
      if (first) duplicates.push(`${op.operationId}: ${first} and ${key}`);
      else seen.set(op.operationId!, key);
    }
    assert.deepEqual(duplicates, []);
  });

  it('declares security on every operation: none on the public ones, bearer on the others', () => {
    const allowed = new Set([JSON.stringify([]), JSON.stringify([{ bearer: [] }]), JSON.stringify([{ bearer: [] }, {}])]);
    const odd = operations(doc).filter(({ op }) => !allowed.has(JSON.stringify(op.security))).map(({ key, op }) => `${key}: ${JSON.stringify(op.security)}`);
    assert.deepEqual(odd, []);
    const open = operations(doc).filter(({ op }) => JSON.stringify(op.security) === '[]').map(({ op }) => op.operationId).sort();
    assert.deepEqual(open, [...PUBLIC].sort());
  });

  it('takes security from the flags the auth plugin enforces, whatever the schema says', () => {
    assert.deepEqual(securityOf({ roles: ['admin'] }, []), [{ bearer: [] }]);
    assert.deepEqual(securityOf({ auth: 'required' }, undefined), [{ bearer: [] }]);
    assert.deepEqual(securityOf({ auth: 'optional' }, [{ bearer: [] }]), [{ bearer: [] }, {}]);
    assert.deepEqual(securityOf({}, [{ bearer: [] }]), [{ bearer: [] }], 'a route checking the token itself says so in its schema');
    assert.deepEqual(securityOf(undefined, undefined), []);
  });
});
