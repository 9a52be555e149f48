// What the balancer test (test/proof/balancer.test.ts) stands on: an empty PostgreSQL database,
// "a new build" of the service (a copy of the build with one more migration), and an HTTP client that
// records every answer it got through the balancer.
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../../src/db/connection.ts';
import { root } from './server-process.ts';
import { onPostgres, testDatabaseUrl } from './test-database.ts';
import { haproxyBinary } from '../../scripts/lib/haproxy.ts';

/** Why instances behind HAProxy cannot be tried here (a skip reason), or false. */
export function whyNoBalancer(): string | false {
  if (!onPostgres)
    return 'needs TEST_DATABASE_URL: instances behind a balancer share a PostgreSQL server (PGlite is one process)';
  if (!process.env.TEST_REDIS_URL) return 'needs TEST_REDIS_URL: instances share events through Redis';
  if (!haproxyBinary()) return 'needs haproxy (Debian: apt-get install haproxy)';
  return false;
}

/** A database with nothing in it (not the migrated template): the instances migrate it themselves. */
export async function createEmptyDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `stays_lb_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: testDatabaseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const u = new URL(testDatabaseUrl!);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {}),
  };
}

/** A DATABASE_URL naming the instance (application_name): PostgreSQL then shows who waits and who migrated. */
export function urlAs(url: string, applicationName: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

export interface Build {
  dir: string;
  /** Its entry point, for startServer's `entry`. */
  entry: string;
  /** The tag of the migration this build adds. */
  migration: string;
}

/**
 * A copy of the service with one more, harmless migration: a table recording who applied it (the
 * connection's application_name). The compiled build `npm test` made (TEST_SERVER_BUILD), as a
 * deploy ships it: under tsx, each new instance compiled every source file again on start, 25–34 s
 * of the restart under load instead of about 5. A copy of src/ when the test runs on its own.
 * Under the project's root, so it resolves node_modules.
 */
export async function buildWithExtraMigration(): Promise<Build> {
  const dir = path.join(root, '.test-cache', `build-${randomBytes(4).toString('hex')}`);
  const compiled = process.env.TEST_SERVER_BUILD;
  if (compiled) await cp(path.join(compiled, 'src'), path.join(dir, 'src'), { recursive: true });
  else
    await cp(path.join(root, 'src'), path.join(dir, 'src'), {
      recursive: true,
      filter: (f) => !f.endsWith('.test.ts'),
    });
  const migrations = path.join(dir, 'src', path.relative(path.join(root, 'src'), migrationsFolder));
  const journalFile = path.join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  const idx = journal.entries.length;
  const tag = `${String(idx).padStart(4, '0')}_deploy_probe`;
  await writeFile(
    path.join(migrations, `${tag}.sql`),
    'CREATE TABLE "deploy_probe" ("applied_by" text NOT NULL, "applied_at" timestamp with time zone DEFAULT now() NOT NULL);\n' +
      '--> statement-breakpoint\n' +
      `INSERT INTO "deploy_probe" ("applied_by") VALUES (current_setting('application_name'));\n`,
  );
  journal.entries.push({
    idx,
    version: '7',
    when: Math.max(Date.now(), ...journal.entries.map((e) => e.when + 1)),
    tag,
    breakpoints: true,
  });
  await writeFile(journalFile, JSON.stringify(journal, null, 2));
  return { dir, entry: path.join(dir, 'src', compiled ? 'server.js' : 'server.ts'), migration: tag };
}

export type Kind = 'read' | 'book' | 'cancel' | 'other';

export interface Outcome {
  kind: Kind;
  method: string;
  url: string;
  /** The HTTP status, or 'error' when no answer came (connection refused, reset). */
  status: number | 'error';
  error?: string;
  retryAfter: string | null;
  /** The instance that answered (HAProxy's X-Served-By); null: the balancer itself. */
  servedBy: string | null;
  body: any;
  sentAt: number;
  doneAt: number;
}

/** An HTTP client through the balancer that keeps every outcome. */
export class Client {
  readonly outcomes: Outcome[] = [];
  constructor(readonly base: string) {}

  async send(
    kind: Kind,
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; idempotent?: boolean; form?: FormData } = {},
  ): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.idempotent) headers['idempotency-key'] = randomUUID();
    let outcome: Omit<Outcome, 'sentAt' | 'doneAt'>;
    const sentAt = Date.now();
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        headers,
        body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      });
      const type = res.headers.get('content-type') ?? '';
      const body = type.startsWith('application/json') ? await res.json() : Buffer.from(await res.arrayBuffer());
      outcome = {
        kind,
        method,
        url,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        servedBy: res.headers.get('x-served-by'),
        body,
      };
    } catch (err) {
      // undici names the socket: its local port matches the balancer's log line of the same connection.
      const e = err as Error & {
        cause?: {
          code?: string;
          message?: string;
          socket?: { localPort?: number; bytesWritten?: number; bytesRead?: number };
        };
      };
      const socket = e.cause?.socket
        ? ` (local port ${e.cause.socket.localPort}, ${e.cause.socket.bytesWritten} bytes written, ${e.cause.socket.bytesRead} read)`
        : '';
      outcome = {
        kind,
        method,
        url,
        status: 'error',
        error: `${e.cause?.code ?? ''} ${e.cause?.message ?? e.message}${socket}`,
        retryAfter: null,
        servedBy: null,
        body: null,
      };
    }
    const done = { ...outcome, sentAt, doneAt: Date.now() };
    this.outcomes.push(done);
    return done;
  }

  /** Sends again after a retryable 503 (Retry-After), as a well-behaved client does, up to `tries` times. */
  async sendRetrying(
    kind: Kind,
    method: string,
    url: string,
    opts: Parameters<Client['send']>[3] = {},
    tries = 20,
  ): Promise<Outcome> {
    for (let i = 1; ; i++) {
      const o = await this.send(kind, method, url, opts);
      if (!(o.status === 503 && o.retryAfter) || i >= tries) return o;
      await new Promise((r) => setTimeout(r, Math.min(Number(o.retryAfter) * 1000, 250)));
    }
  }
}

/** The answers that break the rule "2xx/4xx, or a 503 the client may retry, from an instance". */
export function unexpected(outcomes: Outcome[], allowed: (o: Outcome) => boolean): Outcome[] {
  return outcomes.filter((o) => {
    if (o.status === 'error') return true;
    if (o.status === 503) return !o.retryAfter || o.servedBy === null;
    return !allowed(o);
  });
}
