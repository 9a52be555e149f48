import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from 'jose';
import {
  InvalidSocialToken,
  SocialProviderUnavailable,
  SocialProviderNotConfigured,
  type GoogleVerifier,
  type SocialIdentity,
} from '../../ports/identity-providers.ts';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Verifies Google ID tokens against Google's JWKS (URL configurable for tests). */
export class GoogleIdTokenVerifier implements GoogleVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  readonly enabled: boolean;

  constructor(
    jwksUrl: string,
    private readonly clientId: string | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    this.enabled = Boolean(clientId);
  }

  async verifyIdToken(idToken: string): Promise<SocialIdentity> {
    if (!this.clientId) throw new SocialProviderNotConfigured('Google sign-in is not offered by this service');
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        currentDate: this.now(),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout || (err instanceof TypeError && /fetch/i.test(err.message))) {
        throw new SocialProviderUnavailable('Google could not be reached');
      }
      // jose throws a bare JOSEError (code ERR_JOSE_GENERIC) only when the key set answer is not
      // 200 or not JSON: Google's fault, not the token's.
      if (err instanceof joseErrors.JOSEError && (err.code === 'ERR_JOSE_GENERIC' || err.code === 'ERR_JWKS_INVALID')) {
        throw new SocialProviderUnavailable('Google key set unavailable or unreadable');
      }
      throw new InvalidSocialToken('Google ID token rejected');
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw new InvalidSocialToken('Google ID token has no subject');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      subject: payload.sub,
      email: str(payload.email) || null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      firstName: str(payload.given_name),
      lastName: str(payload.family_name),
      picture: str(payload.picture) || null,
    };
  }
}
