// A stand-in for graph.facebook.com: GET /debug_token and GET /me with Facebook's answers and
// error shapes, checking the app access token and appsecret_proof the way Facebook does, so
// the production verifier must send both correctly to get anywhere.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FacebookUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  /** picture.data.url */
  picture?: string;
}

export interface TokenGrant {
  user: FacebookUser;
  /** The app the token was issued to; default the fake's own app. */
  appId?: string;
  /** False for an expired or revoked token (debug_token says is_valid: false). */
  valid?: boolean;
}

export interface FakeFacebook {
  /** For FACEBOOK_GRAPH_URL; includes a version segment as the real base URL does. */
  readonly graphUrl: string;
  readonly appId: string;
  readonly appSecret: string;
  /** Makes a user access token known to Facebook. */
  registerToken(token: string, grant: TokenGrant): void;
  /** Answer every request with this status until reset with null. */
  failWith(status: number | null): void;
  /** Paths and query strings received, oldest first. */
  readonly requests: ReadonlyArray<{ path: string; query: URLSearchParams }>;
  close(): Promise<void>;
}

const graphError = (
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: number,
  extra: object = {},
) => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"`,
  });
  res.end(JSON.stringify({ error: { message, type, code, ...extra, fbtrace_id: 'AfakeTraceId' } }));
};

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
};

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startFacebookGraphServer(
  appId = '1234567890123456',
  appSecret = 'fake-facebook-app-secret',
): Promise<FakeFacebook> {
  const tokens = new Map<string, TokenGrant>();
  const requests: Array<{ path: string; query: URLSearchParams }> = [];
  let failure: number | null = null;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.facebook.test');
    // Accept both the unversioned and the versioned paths, as Facebook does.
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const q = url.searchParams;
    requests.push({ path, query: q });
    if (failure !== null) {
      graphError(
        res,
        failure,
        'An unexpected error has occurred. Please retry your request later.',
        'OAuthException',
        2,
        { is_transient: true },
      );
      return;
    }
    if (req.method !== 'GET') return graphError(res, 400, 'Unsupported post request.', 'GraphMethodException', 100);

    if (path === '/debug_token') {
      const input = q.get('input_token');
      if (!input) return graphError(res, 400, '(#100) The parameter input_token is required', 'OAuthException', 100);
      if (!sameText(q.get('access_token') ?? '', `${appId}|${appSecret}`)) {
        return graphError(res, 400, 'Invalid OAuth access token signature.', 'OAuthException', 190);
      }
      const grant = tokens.get(input);
      if (!grant)
        return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
      const now = Math.floor(Date.now() / 1000);
      const data = {
        app_id: grant.appId ?? appId,
        type: 'USER',
        application: 'Stays (fake)',
        data_access_expires_at: now + 90 * 86400,
        expires_at: grant.valid === false ? now - 3600 : now + 60 * 86400,
        is_valid: grant.valid !== false,
        issued_at: now - 60,
        scopes: ['email', 'public_profile'],
        user_id: grant.user.id,
        ...(grant.valid === false
          ? { error: { code: 190, message: 'Error validating access token: Session has expired.', subcode: 463 } }
          : {}),
      };
      return json(res, { data });
    }

    if (path === '/me') {
      const token = q.get('access_token') ?? '';
      const grant = tokens.get(token);
      if (!grant || grant.valid === false)
        return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
      // With "Require App Secret" on, a server call needs HMAC-SHA256(app secret, token) in hex.
      const proof = q.get('appsecret_proof');
      if (!proof)
        return graphError(
          res,
          400,
          'API calls from the server require an appsecret_proof argument',
          'GraphMethodException',
          100,
        );
      const expected = createHmac('sha256', appSecret).update(token).digest('hex');
      if ((grant.appId ?? appId) !== appId || !sameText(proof, expected)) {
        return graphError(
          res,
          400,
          'Invalid appsecret_proof provided in the API argument',
          'GraphMethodException',
          100,
        );
      }
      const fields = new Set((q.get('fields') ?? 'id,name').split(',').map((f) => f.trim()));
      const u = grant.user;
      const body: Record<string, unknown> = { id: u.id };
      if (fields.has('email') && u.email) body.email = u.email;
      if (fields.has('first_name') && u.first_name !== undefined) body.first_name = u.first_name;
      if (fields.has('last_name') && u.last_name !== undefined) body.last_name = u.last_name;
      if (fields.has('name')) body.name = [u.first_name, u.last_name].filter(Boolean).join(' ');
      if (fields.has('picture')) {
        body.picture = {
          data: {
            height: 50,
            is_silhouette: !u.picture,
            url: u.picture ?? 'https://platform-lookaside.fbsbx.test/silhouette',
            width: 50,
          },
        };
      }
      return json(res, body);
    }

    graphError(res, 400, `Unknown path components: ${path}`, 'OAuthException', 2500);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    graphUrl: `http://127.0.0.1:${port}/v19.0`,
    appId,
    appSecret,
    requests,
    registerToken(token, grant) {
      tokens.set(token, grant);
    },
    failWith(status) {
      failure = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
