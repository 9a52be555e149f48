// Access tokens: HS256 JWTs (algorithm pinned) naming a server-side session.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from '../../platform/errors.ts';

const ALG = 'HS256';
const ISSUER = 'stays-api';
const VERIFIED_CACHE_MAX = 20_000;

export interface AccessClaims {
  sub: string;
  role: string;
  sid: string;
  jti: string;
  exp: number;
  iat: number;
}

export class TokenService {
  // Handed raw bytes, jose re-imports the key through WebCrypto on every sign and verify; that
  // import was half the CPU of each verification (bench/README.md). Same key, same algorithm,
  // imported once.
  private key?: Promise<CryptoKey>;
  // Tokens whose signature and claims were already checked. A client sends the same token on
  // every request for its 15 minutes, and the HMAC check was most of what authentication cost;
  // a hit re-checks only expiry (the session's revocation is still checked on every request).
  // Keyed by the whole token string, so a changed byte is a miss and gets the full check.
  private readonly verified = new Map<string, AccessClaims>();

  constructor(private readonly secret: Uint8Array, private readonly ttlSeconds: number) {}

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
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > now.getTime()) return known;
      this.verified.delete(token);
      throw new AppError('TOKEN_EXPIRED', 'The token has expired');
    }
    const claims = await this.verifyFully(token, now);
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  private async verifyFully(token: string, now: Date): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: [ALG],
        issuer: ISSUER,
        currentDate: now,
        requiredClaims: ['sub', 'sid', 'jti', 'exp'],
      });
      if (typeof payload.sid !== 'string' || typeof payload.role !== 'string' || !/^[0-9]+$/.test(payload.sub ?? '')) {
        throw new AppError('TOKEN_INVALID', 'The token is not valid');
      }
      return payload as unknown as AccessClaims;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'The token has expired');
      throw new AppError('TOKEN_INVALID', 'The token is not valid');
    }
  }
}
