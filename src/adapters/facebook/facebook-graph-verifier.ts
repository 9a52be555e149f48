import { createHmac } from 'node:crypto';
import {
  InvalidSocialToken,
  SocialProviderUnavailable,
  SocialProviderNotConfigured,
  type FacebookVerifier,
  type SocialIdentity,
} from '../../ports/identity-providers.ts';

interface DebugToken {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number };
  error?: { message?: string };
}
interface Me {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  picture?: { data?: { url?: string } };
  error?: { message?: string };
}

/** Checks a user access token with the Graph API's debug_token, then reads /me. */
export class FacebookGraphVerifier implements FacebookVerifier {
  readonly enabled: boolean;
  constructor(
    private readonly graphUrl: string,
    private readonly appId?: string,
    private readonly appSecret?: string,
  ) {
    this.enabled = Boolean(appId && appSecret);
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<{ status: number; body: T }> {
    const url = new URL(this.graphUrl.replace(/\/$/, '') + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    } catch {
      throw new SocialProviderUnavailable('Facebook could not be reached');
    }
    if (res.status >= 500) throw new SocialProviderUnavailable(`Facebook answered ${res.status}`);
    try {
      return { status: res.status, body: (await res.json()) as T };
    } catch {
      throw new SocialProviderUnavailable('Facebook answered something that is not JSON');
    }
  }

  async verifyAccessToken(accessToken: string): Promise<SocialIdentity> {
    if (!this.appId || !this.appSecret)
      throw new SocialProviderNotConfigured('Facebook sign-in is not offered by this service');
    const debug = await this.get<DebugToken>('/debug_token', {
      input_token: accessToken,
      access_token: `${this.appId}|${this.appSecret}`,
    });
    const d = debug.body.data;
    if (debug.status !== 200 || !d?.is_valid || d.app_id !== this.appId || !d.user_id) {
      throw new InvalidSocialToken('Facebook access token rejected');
    }
    // appsecret_proof binds the call to our app, as Facebook recommends for server-side calls.
    const proof = createHmac('sha256', this.appSecret).update(accessToken).digest('hex');
    const me = await this.get<Me>('/me', {
      fields: 'id,email,first_name,last_name,picture',
      access_token: accessToken,
      appsecret_proof: proof,
    });
    if (me.status !== 200 || me.body.id !== d.user_id)
      throw new InvalidSocialToken('Facebook profile could not be read');
    return {
      subject: me.body.id,
      // Facebook only returns e-mail addresses its users have confirmed.
      email: me.body.email ?? null,
      emailVerified: Boolean(me.body.email),
      firstName: me.body.first_name ?? '',
      lastName: me.body.last_name ?? '',
      picture: me.body.picture?.data?.url ?? null,
    };
  }
}
