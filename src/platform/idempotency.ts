// Idempotency-Key (contract §2): a repeat returns the first response; the same key with another
// body is 422; a repeat while the first is still running is 409. Routes opt in with
// `config: { idempotent: true }`; keys are per caller and route, and kept 24 h.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connection.ts';
import type { Clock } from '../ports/clock.ts';
import { AppError } from './errors.ts';
import { idempotencyRepository } from './idempotency.repository.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
// A first attempt still "in flight" after this long died with its process; its key is freed.
export const IDEMPOTENCY_ABANDONED_MS = 120 * 1000;
const MAX_KEY_LENGTH = 255;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The claimed key; `replayOf` is what an abandoned first attempt committed (its answer was
     * lost with its process): the handler answers with that resource instead of doing the work again.
     */
    idempotency: { scope: string; key: string; replayOf: number | null } | null;
  }
}

// A multipart body holds files as Buffers, which JSON.stringify would spell out byte by byte (a
// 10 MB attachment → a ~40 MB string); their digest compares them just as well.
function digestFiles(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `sha256:${createHash('sha256').update(value).digest('hex')}`;
  if (Array.isArray(value)) return value.map(digestFiles);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, digestFiles(v)]));
  return value;
}

function hashRequest(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.method)
    .update('\0')
    .update(request.url)
    .update('\0')
    .update(JSON.stringify(digestFiles(request.body ?? null)))
    .digest('hex');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db; clock: Clock }) => {
  const repo = idempotencyRepository(opts.db);
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 characters', {
        'Idempotency-Key': ['must be 1 to 255 characters'],
      });
    }
    const scope = `${request.user ? `u${request.user.id}` : `ip:${request.ip}`}:${request.method} ${request.routeOptions.url}`;
    const hash = hashRequest(request);
    const now = opts.clock.now();
    for (let attempt = 0; attempt < 2; attempt++) {
      if (
        await repo.claim({
          scope,
          key,
          requestHash: hash,
          now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })
      ) {
        request.idempotency = { scope, key, replayOf: null };
        return;
      }
      const row = await repo.find(scope, key);
      if (!row) continue;
      const abandoned = row.state === 'in_flight' && now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_ABANDONED_MS;
      if (abandoned && row.resourceId !== null && row.requestHash === hash && row.expiresAt > now) {
        if (await repo.takeOver(scope, key, row.createdAt, now)) {
          request.idempotency = { scope, key, replayOf: row.resourceId };
          return;
        }
        continue;
      }
      if (row.expiresAt <= now || abandoned) {
        await repo.release(scope, key, row.createdAt);
        continue;
      }
      if (row.requestHash !== hash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
      }
      if (row.state === 'in_flight') {
        throw new AppError(
          'IDEMPOTENCY_IN_FLIGHT',
          'A request with this Idempotency-Key is still being processed',
          undefined,
          { 'retry-after': '1' },
        );
      }
      reply.header('idempotent-replayed', 'true');
      return reply
        .code(row.responseStatus ?? 200)
        .type('application/json; charset=utf-8')
        .serializer((p: unknown) => p as string)
        .send(row.responseBody ?? '');
    }
    throw new AppError(
      'IDEMPOTENCY_IN_FLIGHT',
      'A request with this Idempotency-Key is still being processed',
      undefined,
      { 'retry-after': '1' },
    );
  });

  // Only successes are remembered: a failed first attempt frees the key for a corrected retry.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const idem = request.idempotency;
    if (!idem) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await repo.complete(idem.scope, idem.key, reply.statusCode, payload);
    } else {
      await repo.release(idem.scope, idem.key);
    }
    return payload;
  });
});
