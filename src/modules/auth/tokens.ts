// Access tokens: HS256 JWTs (algorithm pinned) naming a server-side session.
import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError } from '../../platform/errors.ts';

const ALG = 'HS256';
const ISSUER = 'stays-api';
const VERIFIED_CACHE_MAX = 20_000;
// base64url without padding, as JWS compact serialisation writes it.
const B64URL = /^[A-Za-z0-9_-]+$/;
// An HMAC-SHA-256 signature: 32 bytes are 43 base64url characters.
const SIGNATURE_LENGTH = 43;
const REQUIRED_CLAIMS = ['iss', 'exp', 'jti', 'sid', 'sub'] as const;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface AccessClaims {
  sub: string;
  role: string;
  sid: string;
  jti: string;
  exp: number;
  iat: number;
}

const invalid = () => new AppError('TOKEN_INVALID', 'The token is not valid');

/** A JSON object (not an array, not null) from a base64url segment; undefined for anything else. */
function jsonObject(segment: string): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(Buffer.from(segment, 'base64url')));
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

export class TokenService {
  // Handed raw bytes, jose re-imports the key through WebCrypto on every sign; imported once.
  private key?: Promise<CryptoKey>;
  private readonly hmacKey: KeyObject;
  // Tokens whose signature and claims were already checked. A client sends the same token on
  // every request for its 15 minutes, and the HMAC check was most of what authentication cost;
  // a hit re-checks only expiry (the session's revocation is still checked on every request).
  // Keyed by the whole token string, so a changed byte is a miss and gets the full check.
  private readonly verified = new Map<string, AccessClaims>();

  constructor(private readonly secret: Uint8Array, private readonly ttlSeconds: number) {
    this.hmacKey = createSecretKey(new Uint8Array(secret));
  }

  private cryptoKey(): Promise<CryptoKey> {
    this.key ??= crypto.subtle.importKey('raw', new Uint8Array(this.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.key;
  }

  /** Signs a token for the session; it never outlives the session itself. */
  async sign(input: { userId: number; role: string; sessionId: string; now: Date; sessionExpiresAt: Date }): Promise<{ token: string; jti: string; exp: number }> {
    const iat = Math.floor(input.now.getTime() / 1000);
    const exp = Math.min(iat + this.ttlSeconds, Math.floor(input.sessionExpiresAt.getTime() / 1000));
    const jti = randomUUID();
    const token = await new SignJWT({ role: input.role, sid: input.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(input.userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.cryptoKey());
    return { token, jti, exp };
  }

  /** Verifies signature (HS256 only), issuer and expiry against the given instant. */
  async verify(token: string, now: Date): Promise<AccessClaims> {
    return this.verifySync(token, now);
  }

  /** `verify` without a promise: the whole check is synchronous. */
  verifySync(token: string, now: Date): AccessClaims {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > now.getTime()) return known;
      this.verified.delete(token);
      throw new AppError('TOKEN_EXPIRED', 'The token has expired');
    }
    const claims = this.verifyFully(token, now);
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  // The checks jose's jwtVerify made with { algorithms: ['HS256'], issuer, requiredClaims }, in its
  // order (header, algorithm, signature, then claims; an expired token is only reported as such
  // once its signature holds), with node:crypto's HMAC: WebCrypto ran each HMAC as a thread-pool
  // job behind a promise, about 230 µs of the main thread per new token under load.
  private verifyFully(token: string, now: Date): AccessClaims {
    if (typeof token !== 'string') throw invalid();
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [h, p, s] = parts as [string, string, string];
    if (!B64URL.test(h) || !B64URL.test(p) || s.length !== SIGNATURE_LENGTH || !B64URL.test(s)) throw invalid();
    const header = jsonObject(h);
    // The algorithm is pinned; no extension (crit) is understood, so a token naming one is refused.
    if (!header || header.alg !== ALG || header.crit !== undefined) throw invalid();
    const expected = createHmac('sha256', this.hmacKey).update(`${h}.${p}`).digest('base64url');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(s))) throw invalid();
    const payload = jsonObject(p);
    if (!payload) throw invalid();
    for (const claim of REQUIRED_CLAIMS) if (!Object.hasOwn(payload, claim)) throw invalid();
    if (payload.iss !== ISSUER) throw invalid();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (payload.iat !== undefined && typeof payload.iat !== 'number') throw invalid();
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) throw invalid();
    if (typeof payload.exp !== 'number') throw invalid();
    if (payload.exp <= nowSeconds) throw new AppError('TOKEN_EXPIRED', 'The token has expired');
    if (typeof payload.sid !== 'string' || typeof payload.role !== 'string' || typeof payload.sub !== 'string' || !/^[0-9]+$/.test(payload.sub)) throw invalid();
    return payload as unknown as AccessClaims;
  }
}
