// A stand-in for https://www.googleapis.com/oauth2/v3/certs: a real HTTP server publishing RSA
// public keys as a JWKS, and a signer for ID tokens made with the matching private keys, so the
// production verifier runs its whole path (fetch, kid lookup, RS256 signature, claims).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
  aud?: string;
  iss?: string;
  /** Seconds since the epoch; default now. */
  iat?: number;
  /** Seconds since the epoch; default an hour after iat, as Google issues them. */
  exp?: number;
  [extra: string]: unknown;
}

export interface SignOptions {
  /** Sign with a key the JWKS does not publish (a forger's key). */
  unknownKey?: boolean;
  /** Override the header kid, e.g. a forger claiming one of Google's key ids. */
  kid?: string;
}

export interface FakeGoogle {
  /** The JWKS address, for GOOGLE_JWKS_URL. */
  readonly jwksUrl: string;
  readonly clientId: string;
  /** Key ids the JWKS publishes. */
  readonly kids: readonly string[];
  /** The published keys, as served. */
  readonly jwks: { keys: JWK[] };
  signIdToken(claims: GoogleClaims, opts?: SignOptions): Promise<string>;
  /** Answer every request with this status (e.g. 500) until reset with null. */
  failWith(status: number | null): void;
  /** How many JWKS documents were served. */
  readonly hits: number;
  close(): Promise<void>;
}

interface KeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  // Google's documents carry kty, n, e plus kid, alg and use.
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

let keyCounter = 0;

export async function startGoogleJwksServer(
  clientId = 'test-client-id.apps.googleusercontent.com',
): Promise<FakeGoogle> {
  // Google publishes two keys at a time (current and next) and rotates them.
  const published = [await newKey(`fake-google-${++keyCounter}`), await newKey(`fake-google-${++keyCounter}`)];
  const forger = await newKey(`forged-${++keyCounter}`);
  const jwks = { keys: published.map((k) => k.publicJwk) };
  let failure: number | null = null;
  let hits = 0;

  const server: Server = createServer((req, res) => {
    if (failure !== null) {
      res.writeHead(failure, { 'content-type': 'text/html' }).end('<html><body>Server Error</body></html>');
      return;
    }
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== '/oauth2/v3/certs') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    hits += 1;
    res.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'cache-control': 'public, max-age=20000, must-revalidate',
    });
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    kids: published.map((k) => k.kid),
    jwks,
    get hits() {
      return hits;
    },
    async signIdToken(claims, opts = {}) {
      const key = opts.unknownKey ? forger : published[0]!;
      const now = Math.floor(Date.now() / 1000);
      const { iat = now, exp = iat + 3600, iss = GOOGLE_ISSUER, aud = clientId, ...rest } = claims;
      return new SignJWT({ azp: aud, ...rest, iss, aud, iat, exp })
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? key.kid, typ: 'JWT' })
        .sign(key.privateKey);
    },
    failWith(status) {
      failure = status;
    },
    async close() {
      // fetch keeps connections alive; without this close() waits for them to idle out.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** An address where nothing listens: a server that was started, then closed. */
export async function closedPortUrl(path = '/'): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}
