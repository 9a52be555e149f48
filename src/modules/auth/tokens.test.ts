// TokenService checks HS256 tokens synchronously with fast-jwt, plus a few checks of its own where
// fast-jwt alone would answer differently (a token alive through its exp second, a non-numeric iat,
// a non-canonical signature). Its verdicts are held to jose's jwtVerify, the check once used, on
// well-formed, expired, not-yet-valid, misissued, malformed and forged tokens. Where the two still
// differ (a null crit, bytes that are not UTF-8, an expired token that is also misissued) the token
// needs a valid signature, which only our signer makes, and it never writes such tokens.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../platform/errors.ts';
import { TokenService } from './tokens.ts';

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
    const { payload } = await jwtVerify(token, SECRET, { algorithms: ['HS256'], issuer: 'stays-api', currentDate: now, requiredClaims: ['sub', 'sid', 'jti', 'exp'] });
    if (typeof payload.sid !== 'string' || typeof payload.role !== 'string' || !/^[0-9]+$/.test(payload.sub ?? '')) return 'TOKEN_INVALID';
    return `ok ${payload.sub} ${payload.sid}`;
  } catch (err) {
    return err instanceof joseErrors.JWTExpired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID';
  }
}

async function ourVerdict(token: string, now: Date): Promise<string> {
  try {
    const claims = await new TokenService(SECRET, 900).verify(token, now);
    return `ok ${claims.sub} ${claims.sid}`;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    return err.code;
  }
}

describe('TokenService.verify', () => {
  it('gives jose\'s verdict on valid, expired, forged and malformed tokens', async () => {
    const claims = { iss: 'stays-api', sub: '42', role: 'client', sid: 's-1', jti: 'j-1', iat: T - 10, exp: T + 600 };
    const header = { alg: 'HS256', typ: 'JWT' };
    const service = new TokenService(SECRET, 900);
    const signed = (await service.sign({ userId: 42, role: 'client', sessionId: 's-1', now: NOW, sessionExpiresAt: new Date(NOW.getTime() + 3_600_000) })).token;
    const [sh, sp] = signed.split('.') as [string, string, string];
    const cases: Array<[string, string]> = [
      ['signed by the service', signed],
      ['hand-built', raw(header, claims)],
      ['no typ', raw({ alg: 'HS256' }, claims)],
      ['with kid', raw({ alg: 'HS256', kid: 'k' }, claims)],
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
      ['payload not JSON', (() => { const h = b64(header); const p = b64('{"sub":'); return `${h}.${p}.${hs256(h, p)}`; })()],
      ['header not JSON', (() => { const h = b64('{alg'); const p = b64(claims); return `${h}.${p}.${hs256(h, p)}`; })()],
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
    for (const [label, token] of cases) assert.equal(await ourVerdict(token, NOW), await joseVerdict(token, NOW), label);
    // Stricter than the jose-based check, which let a numeric sub through to the session check
    // (String(userId) !== 42 refused it there, also 401 TOKEN_INVALID), and accepted a signature
    // with base64 padding or other spellings of the same bytes: only the canonical one passes.
    assert.equal(await ourVerdict(raw(header, { ...claims, sub: 42 }), NOW), 'TOKEN_INVALID');
    assert.equal(await ourVerdict(`${sh}.${sp}.${hs256(sh, sp)}=`, NOW), 'TOKEN_INVALID');
    const sig = hs256(sh, sp);
    const last = sig.at(-1)!;
    const sibling = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : last; // same 4 significant bits
    if (sibling !== last) assert.equal(await ourVerdict(`${sh}.${sp}.${sig.slice(0, -1)}${sibling}`, NOW), 'TOKEN_INVALID');
  });

  it('remembers a verified token but still expires it', async () => {
    const service = new TokenService(SECRET, 60);
    const { token } = await service.sign({ userId: 7, role: 'owner', sessionId: 's', now: NOW, sessionExpiresAt: new Date(NOW.getTime() + 3_600_000) });
    assert.equal((await service.verify(token, NOW)).sub, '7');
    assert.equal((await service.verify(token, new Date(NOW.getTime() + 59_000))).sub, '7');
    await assert.rejects(service.verify(token, new Date(NOW.getTime() + 60_000)), (err: AppError) => err.code === 'TOKEN_EXPIRED');
  });
});
