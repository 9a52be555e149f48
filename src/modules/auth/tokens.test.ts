// TokenService checks HS256 tokens synchronously with fast-jwt, plus a few checks of its own where
// fast-jwt alone would answer differently (a token alive through its exp second, a non-numeric iat,
// a non-canonical signature). Its verdicts are held to jose's jwtVerify, the check once used, on
// well-formed, expired, not-yet-valid, misissued, malformed and forged tokens. Where the two still
// differ (a null crit, bytes that are not UTF-8, an expired token that is also misissued) the token
// needs a valid signature, which only our signer makes, and it never writes such tokens.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../platform/errors.ts';
import { keyId, TokenService } from './tokens.ts';

const SECRET = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes-long');
const OTHER = new TextEncoder().encode('another-secret-another-secret-another-secret');
const NOW = new Date('2026-06-01T12:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const hs256 = (h: string, p: string, key = SECRET) => createHmac('sha256', key).update(`${h}.${p}`).digest('base64url');
const raw = (header: unknown, payload: unknown, key = SECRET) => {
  const h = b64(header);
  const p = b64(payload);
  return `${h}.${p}.${hs256(h, p, key)}`;
};

/** What the jose-based check answered: the claims, or the error code it mapped to. */
async function joseVerdict(token: string, now: Date): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, SECRET, {
      algorithms: ['HS256'],
      issuer: 'stays-api',
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'jti', 'exp'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.role !== 'string' || !/^[0-9]+$/.test(payload.sub ?? ''))
      return 'TOKEN_INVALID';
    return `ok ${payload.sub} ${payload.sid}`;
  } catch (err) {
    return err instanceof joseErrors.JWTExpired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID';
  }
}

async function ourVerdict(token: string, now: Date): Promise<string> {
  try {
    const claims = await verified(new TokenService(SECRET, 900), token, now);
    return `ok ${claims.sub} ${claims.sid}`;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err.code;
  }
}

/** verifySync as a promise, so a refusal reads as a rejection. */
const verified = async (service: TokenService, token: string, now: Date) => service.verifySync(token, now);

describe('TokenService.verify', () => {
  it("gives jose's verdict on valid, expired, forged and malformed tokens", async () => {
    const claims = { iss: 'stays-api', sub: '42', role: 'client', sid: 's-1', jti: 'j-1', iat: T - 10, exp: T + 600 };
    const header = { alg: 'HS256', typ: 'JWT' };
    const service = new TokenService(SECRET, 900);
    const signed = (
      await service.sign({
        userId: 42,
        role: 'client',
        sessionId: 's-1',
        now: NOW,
        sessionExpiresAt: new Date(NOW.getTime() + 3_600_000),
      })
    ).token;
    const [sh, sp] = signed.split('.') as [string, string, string];
    const cases: Array<[string, string]> = [
      ['signed by the service', signed],
      ['hand-built', raw(header, claims)],
      ['no typ', raw({ alg: 'HS256' }, claims)],
      ['with its key id', raw({ alg: 'HS256', kid: keyId(SECRET) }, claims)],
      ['expired', raw(header, { ...claims, exp: T - 1 })],
      ['expires now', raw(header, { ...claims, exp: T })],
      ['expired and forged', raw(header, { ...claims, exp: T - 1 }, OTHER)],
      ['not before the future', raw(header, { ...claims, nbf: T + 60 })],
      ['not before the past', raw(header, { ...claims, nbf: T - 60 })],
      ['nbf not a number', raw(header, { ...claims, nbf: 'soon' })],
      ['iat not a number', raw(header, { ...claims, iat: 'then' })],
      ['exp not a number', raw(header, { ...claims, exp: String(T + 600) })],
      ['other issuer', raw(header, { ...claims, iss: 'someone' })],
      ['no issuer', raw(header, { ...claims, iss: undefined })],
      ['no exp', raw(header, { ...claims, exp: undefined })],
      ['no jti', raw(header, { ...claims, jti: undefined })],
      ['no sid', raw(header, { ...claims, sid: undefined })],
      ['no sub', raw(header, { ...claims, sub: undefined })],
      ['sub not digits', raw(header, { ...claims, sub: 'admin' })],
      ['sid a number', raw(header, { ...claims, sid: 7 })],
      ['no role', raw(header, { ...claims, role: undefined })],
      ['alg none', new UnsecuredJWT(claims).encode()],
      ['alg none signed', raw({ alg: 'none' }, claims)],
      ['alg HS512', await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(SECRET)],
      ['alg HS384', await new SignJWT(claims).setProtectedHeader({ alg: 'HS384' }).sign(SECRET)],
      ['other key', raw(header, claims, OTHER)],
      ['crit unknown', raw({ alg: 'HS256', crit: ['exp'] }, claims)],
      ['crit b64 false', raw({ alg: 'HS256', crit: ['b64'], b64: false }, claims)],
      ['crit empty', raw({ alg: 'HS256', crit: [] }, claims)],
      ['header an array', raw(['HS256'], claims)],
      ['payload an array', raw(header, [claims])],
      ['payload null', raw(header, null)],
      [
        'payload not JSON',
        (() => {
          const h = b64(header);
          const p = b64('{"sub":');
          return `${h}.${p}.${hs256(h, p)}`;
        })(),
      ],
      [
        'header not JSON',
        (() => {
          const h = b64('{alg');
          const p = b64(claims);
          return `${h}.${p}.${hs256(h, p)}`;
        })(),
      ],
      ['tampered payload', `${sh}.${b64({ ...claims, sub: '1' })}.${signed.split('.')[2]}`],
      ['tampered signature', `${sh}.${sp}.${hs256(sh, sp).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`],
      ['signature missing', `${sh}.${sp}.`],
      ['signature short', `${sh}.${sp}.${hs256(sh, sp).slice(1)}`],
      ['two parts', `${sh}.${sp}`],
      ['four parts', `${signed}.x`],
      ['garbage', 'garbage'],
      ['empty', ''],
      ['spaces', `${sh} .${sp}.${hs256(sh, sp)}`],
    ];
    for (const [label, token] of cases)
      assert.equal(await ourVerdict(token, NOW), await joseVerdict(token, NOW), label);
    // Stricter than the jose-based check, which let a numeric sub through to the session check
    // (String(userId) !== 42 refused it there, also 401 TOKEN_INVALID), and accepted a signature
    // with base64 padding or other spellings of the same bytes: only the canonical one passes.
    assert.equal(await ourVerdict(raw(header, { ...claims, sub: 42 }), NOW), 'TOKEN_INVALID');
    assert.equal(await ourVerdict(`${sh}.${sp}.${hs256(sh, sp)}=`, NOW), 'TOKEN_INVALID');
    // And a key id (kid) it does not know, or one that is not a string, is refused even when the
    // signature holds: jose, given one key, ignored kid.
    assert.equal(await ourVerdict(raw({ alg: 'HS256', kid: 'k' }, claims), NOW), 'TOKEN_INVALID');
    assert.equal(await ourVerdict(raw({ alg: 'HS256', kid: keyId(OTHER) }, claims), NOW), 'TOKEN_INVALID');
    assert.equal(await ourVerdict(raw({ alg: 'HS256', kid: 7 }, claims), NOW), 'TOKEN_INVALID');
    const sig = hs256(sh, sp);
    const last = sig.at(-1)!;
    const sibling = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : last; // same 4 significant bits
    if (sibling !== last)
      assert.equal(await ourVerdict(`${sh}.${sp}.${sig.slice(0, -1)}${sibling}`, NOW), 'TOKEN_INVALID');
  });

  it('remembers a verified token but still expires it', async () => {
    const service = new TokenService(SECRET, 60);
    const { token } = await service.sign({
      userId: 7,
      role: 'owner',
      sessionId: 's',
      now: NOW,
      sessionExpiresAt: new Date(NOW.getTime() + 3_600_000),
    });
    assert.equal((await verified(service, token, NOW)).sub, '7');
    assert.equal((await verified(service, token, new Date(NOW.getTime() + 59_000))).sub, '7');
    await assert.rejects(
      verified(service, token, new Date(NOW.getTime() + 60_000)),
      (err: AppError) => err.code === 'TOKEN_EXPIRED',
    );
  });
});

describe('TokenService key rotation (JWT_SECRETS)', () => {
  const OLD = new TextEncoder().encode('the-old-signing-key-0123456789abcdef');
  const NEW = new TextEncoder().encode('the-new-signing-key-0123456789abcdef');
  const LATER = new Date(NOW.getTime() + 60_000);
  const sign = (service: TokenService, now = NOW) =>
    service
      .sign({ userId: 7, role: 'client', sessionId: 's-7', now, sessionExpiresAt: new Date(now.getTime() + 3_600_000) })
      .then((s) => s.token);
  const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;
  const verdict = (service: TokenService, token: string, now = LATER) =>
    verified(service, token, now).then(
      (c) => `ok ${c.sub}`,
      (err: AppError) => err.code,
    );

  it('names the signing key in the header by an id derived from it, never the key', async () => {
    const token = await sign(new TokenService(OLD, 900));
    const kid = kidOf(token);
    assert.equal(kid, createHash('sha256').update(OLD).digest('hex').slice(0, 16));
    assert.equal(kid, keyId(OLD));
    assert.ok(!token.includes(Buffer.from(OLD).toString('base64url').slice(0, 8)));
    assert.notEqual(keyId(OLD), keyId(NEW));
    assert.equal(new TokenService([NEW, OLD], 900).signingKeyId, keyId(NEW));
  });

  it('accepts a token signed before the rotation, signs new ones with the first key, refuses the old key once it is dropped', async () => {
    const before = await sign(new TokenService(OLD, 900));
    const rotated = new TokenService([NEW, OLD], 900);
    assert.equal(await verdict(rotated, before), 'ok 7');
    const after = await sign(rotated, LATER);
    assert.equal(kidOf(after), keyId(NEW));
    assert.equal(await verdict(rotated, after), 'ok 7');
    // The old key is still trusted only through the list: an instance not yet given it refuses.
    assert.equal(await verdict(new TokenService(OLD, 900), after), 'TOKEN_INVALID');
    const done = new TokenService([NEW], 900);
    assert.equal(await verdict(done, after), 'ok 7');
    assert.equal(await verdict(done, before), 'TOKEN_INVALID');
    // Expiry is still told apart for a listed key's token.
    assert.equal(await verdict(rotated, before, new Date(NOW.getTime() + 900_000)), 'TOKEN_EXPIRED');
  });

  it('checks a token against the key its kid names only', async () => {
    const claims = { iss: 'stays-api', sub: '42', role: 'client', sid: 's-1', jti: 'j-1', iat: T, exp: T + 600 };
    const service = new TokenService([NEW, OLD], 900);
    assert.equal(await verdict(service, raw({ alg: 'HS256', kid: keyId(OLD) }, claims, OLD)), 'ok 42');
    assert.equal(await verdict(service, raw({ alg: 'HS256', kid: keyId(NEW) }, claims, OLD)), 'TOKEN_INVALID');
    assert.equal(await verdict(service, raw({ alg: 'HS256', kid: keyId(SECRET) }, claims, SECRET)), 'TOKEN_INVALID');
    assert.equal(
      await verdict(service, raw({ alg: 'HS256', kid: keyId(OLD) }, { ...claims, exp: T + 30 }, OLD)),
      'TOKEN_EXPIRED',
    );
  });

  it('accepts a token without a kid (signed before key ids) by any listed key, and only those', async () => {
    const claims = { iss: 'stays-api', sub: '42', role: 'client', sid: 's-1', jti: 'j-1', iat: T, exp: T + 600 };
    const legacy = raw({ alg: 'HS256', typ: 'JWT' }, claims, OLD);
    assert.equal(await verdict(new TokenService([NEW, OLD], 900), legacy), 'ok 42');
    assert.equal(await verdict(new TokenService([NEW], 900), legacy), 'TOKEN_INVALID');
    assert.equal(
      await verdict(new TokenService([NEW, OLD], 900), raw({ alg: 'HS256' }, { ...claims, exp: T + 30 }, OLD)),
      'TOKEN_EXPIRED',
    );
  });

  it('lets instances given the same list agree, and a list whose first key is the old one accept the new key before signing with it', async () => {
    const a = new TokenService([NEW, OLD], 900);
    const b = new TokenService([NEW, OLD], 900);
    const fromA = await sign(a);
    const fromB = await sign(b);
    assert.equal(kidOf(fromA), kidOf(fromB));
    assert.equal(await verdict(b, fromA), 'ok 7');
    assert.equal(await verdict(a, fromB), 'ok 7');
    // The first step of a rolling rotation: every instance learns the new key, still signing with the old.
    const learning = new TokenService([OLD, NEW], 900);
    assert.equal(kidOf(await sign(learning)), keyId(OLD));
    assert.equal(await verdict(learning, fromA), 'ok 7');
  });

  it('refuses a key listed twice', () => {
    assert.throws(() => new TokenService([OLD, new Uint8Array(OLD)], 900), /listed twice/);
  });
});
