/** What a social provider vouches for about the person signing in. */
export interface SocialIdentity {
  /** The provider's stable id for the person. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

/** Checks a Google ID token (signature by Google's published keys, audience, issuer, expiry). */
export interface GoogleVerifier {
  /** Whether a client id is configured; without it Google sign-in is off. */
  readonly enabled: boolean;
  /** Resolves the identity, or rejects with InvalidSocialToken. */
  verifyIdToken(idToken: string): Promise<SocialIdentity>;
}

/** Checks a Facebook user access token against the Graph API and reads the person's profile. */
export interface FacebookVerifier {
  readonly enabled: boolean;
  /** Resolves the identity, or rejects with InvalidSocialToken. */
  verifyAccessToken(accessToken: string): Promise<SocialIdentity>;
}

/** The provider said no: the token is forged, expired or for another app. */
export class InvalidSocialToken extends Error {}
/** The provider could not be reached or answered nonsense. */
export class SocialProviderUnavailable extends Error {}

/** This deployment does not offer the provider (no client id / app secret configured). */
export class SocialProviderNotConfigured extends Error {}
