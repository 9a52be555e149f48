// Access tokens: HS256 JWTs (algorithm pinned) naming a server-side session. Several keys may be
// accepted at once (rotation, JWT_SECRETS): the first signs, and each token names its key by id.
import { createHash, randomUUID } from 'node:crypto';
import { createVerifier, TokenError } from 'fast-jwt';
import { SignJWT } from 'jose';
import { AppError } from '../../platform/errors.ts';
import type { AccessClaims, Tokens } from '../../kernel/services.ts';

const ALG = 'HS256';
const ISSUER = 'stays-api';
const VERIFIED_CACHE_MAX = 20_000;
const REQUIRED_CLAIMS = ['iss', 'exp', 'jti', 'sid', 'sub'];

const invalid = () => new AppError('TOKEN_INVALID', 'The token is not valid');
const expired = () => new AppError('TOKEN_EXPIRED', 'The token has expired');

/**
 * A key's id in token headers: the first 16 hex digits of its SHA-256, so every instance given
 * the same key names it alike, and an operator can compute it (`printf %s "$KEY" | sha256sum`).
 * It tells nothing usable about the key: a token's HMAC already commits to the key as much.
 */
export function keyId(secret: Uint8Array): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

interface SigningKey {
  kid: string;
  secret: Uint8Array;
  // Handed raw bytes, jose re-imports the key through WebCrypto on every sign; imported once.
  cryptoKey?: Promise<CryptoKey>;
  // fast-jwt fixes "now" when a verifier is made. Time claims are compared with now truncated to
  // the second, as jose did (a token whose nbf is this second is already valid), so one verifier
  // serves every new token seen within a second.
  verifier?: { second: number; verify: (token: string) => Record<string, unknown> };
}

/** The token's header, or null when it is not a JSON object. */
function header(token: string): Record<string, unknown> | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class TokenService implements Tokens {
  private readonly keys: SigningKey[];
  private readonly byKid = new Map<string, SigningKey>();
  // Tokens whose signature and claims were already checked. A client sends the same token on
  // every request for its 15 minutes, and the HMAC check was most of what authentication cost;
  // a hit re-checks only expiry (the session's revocation is still checked on every request).
  // Keyed by the whole token string, so a changed byte is a miss and gets the full check.
  private readonly verified = new Map<string, AccessClaims>();

  /** `secrets`: one key, or the accepted keys with the signing one first. */
  constructor(
    secrets: Uint8Array | readonly Uint8Array[],
    private readonly ttlSeconds: number,
  ) {
    this.keys = (secrets instanceof Uint8Array ? [secrets] : [...secrets]).map((secret) => ({
      kid: keyId(secret),
      secret,
    }));
    if (this.keys.length === 0) throw new Error('TokenService needs a signing key');
    for (const key of this.keys) {
      if (this.byKid.has(key.kid)) throw new Error(`signing key ${key.kid} is listed twice`);
      this.byKid.set(key.kid, key);
    }
  }

  /** The id new tokens carry in their header. */
  get signingKeyId(): string {
    return this.keys[0]!.kid;
  }

  private cryptoKey(key: SigningKey): Promise<CryptoKey> {
    key.cryptoKey ??= crypto.subtle.importKey(
      'raw',
      new Uint8Array(key.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return key.cryptoKey;
  }

  /** Signs a token for the session; it never outlives the session itself. */
  async sign(input: {
    userId: number;
    role: string;
    sessionId: string;
    now: Date;
    sessionExpiresAt: Date;
  }): Promise<{ token: string; jti: string; exp: number }> {
    const iat = Math.floor(input.now.getTime() / 1000);
    const exp = Math.min(iat + this.ttlSeconds, Math.floor(input.sessionExpiresAt.getTime() / 1000));
    const jti = randomUUID();
    const key = this.keys[0]!;
    const token = await new SignJWT({ role: input.role, sid: input.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: key.kid })
      .setSubject(String(input.userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.cryptoKey(key));
    return { token, jti, exp };
  }

  /** Verifies signature (HS256 only), issuer and expiry against the given instant; synchronous (the check needs no I/O). */
  verifySync(token: string, now: Date): AccessClaims {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > now.getTime()) return known;
      this.verified.delete(token);
      throw expired();
    }
    const claims = this.verifyFully(token, now);
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  private verifierAt(key: SigningKey, second: number): (token: string) => Record<string, unknown> {
    if (key.verifier?.second !== second) {
      const verify = createVerifier({
        key: Buffer.from(key.secret),
        algorithms: [ALG],
        allowedIss: ISSUER,
        requiredClaims: REQUIRED_CLAIMS,
        clockTimestamp: second * 1000,
      });
      key.verifier = { second, verify };
    }
    return key.verifier.verify;
  }

  // The key the header names; a token without a kid predates key ids (signed in the last
  // ACCESS_TOKEN_TTL before the upgrade that added them) and is tried against every key.
  private candidates(token: string): SigningKey[] {
    const kid = header(token)?.kid;
    if (kid === undefined) return this.keys;
    const key = typeof kid === 'string' ? this.byKid.get(kid) : undefined;
    if (!key) throw invalid();
    return [key];
  }

  // fast-jwt, because it verifies synchronously with node:crypto's HMAC: jose's jwtVerify ran each
  // HMAC as a WebCrypto thread-pool job behind a promise, about 230 µs of the main thread per new
  // token under load. It checks the signature before any claim, so an expired token is reported as
  // such only once its signature holds, and, allowing no crit extension, refuses any token naming one.
  private verifyFully(token: string, now: Date): AccessClaims {
    if (typeof token !== 'string') throw invalid();
    // fast-jwt compares decoded bytes, so the spare low bits of the signature's last character would
    // give a valid token other spellings (other cache keys); only the canonical one passes.
    const signature = token.slice(token.lastIndexOf('.') + 1);
    if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) throw invalid();
    const second = Math.floor(now.getTime() / 1000);
    let payload: Record<string, unknown> | undefined;
    for (const key of this.candidates(token)) {
      try {
        payload = this.verifierAt(key, second)(token);
        break;
      } catch (err) {
        if (err instanceof TokenError && err.code === TokenError.codes.expired) throw expired();
      }
    }
    if (!payload) throw invalid();
    // jose refused a non-numeric iat; fast-jwt looks at iat only for maxAge, which is not used.
    if (payload.iat !== undefined && typeof payload.iat !== 'number') throw invalid();
    // fast-jwt keeps a token alive through its exp second (now <= exp); RFC 7519, jose and the cache
    // above end it at exp.
    if ((payload.exp as number) <= second) throw expired();
    if (
      typeof payload.sid !== 'string' ||
      typeof payload.role !== 'string' ||
      typeof payload.sub !== 'string' ||
      !/^[0-9]+$/.test(payload.sub)
    )
      throw invalid();
    return {
      sub: payload.sub,
      role: payload.role,
      sid: payload.sid,
      jti: payload.jti as string,
      exp: payload.exp as number,
      iat: payload.iat as number,
    };
  }
}
