// Maps every failure to the error body of contract §2; internals never reach the client.
import { ProcessorRejectedError, ProcessorUnavailableError } from '../ports/payment-processor.ts';
import { StorageUnavailableError } from '../ports/file-storage.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from './errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

interface AjvError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Turns ajv's errors into `{field: [messages]}`, naming nested fields with dots. */
export function fieldErrors(validation: AjvError[], context?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const e of validation) {
    let field = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
      field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
    } else if (e.keyword === 'additionalProperties' && typeof e.params?.additionalProperty === 'string') {
      field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
    }
    if (!field) field = context ?? 'body';
    const msg = e.keyword === 'required' ? 'is required' : (e.message ?? 'is invalid');
    (out[field] ??= []).includes(msg) || out[field]!.push(msg);
  }
  return out;
}

/** The error body of contract §2; `request_id` (the X-Request-Id) lets a client quote a 500 to support. */
export function errorEnvelope(code: string, message: string, errors?: FieldErrors, requestId?: string) {
  return {
    success: false as const,
    message,
    code,
    ...(errors ? { errors } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
}

/** Sets the status and type of an error answer; returns its body. */
function answer(reply: FastifyReply, status: number, code: string, message: string, errors?: FieldErrors) {
  const requestId = status === 500 ? reply.request.id : undefined;
  reply.code(status).type('application/json; charset=utf-8');
  return errorEnvelope(code, message, errors, requestId);
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, errors?: FieldErrors) {
  return reply.send(answer(reply, status, code, message, errors));
}

export function installErrorHandlers(app: FastifyInstance): void {
  // Fastify parses text/plain out of the box, which turned a wrong content type into a 422;
  // the API reads JSON only (routes that need another type add their own parser), so it is 415.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    // A deferred route's session not checked yet (platform/auth.ts): whatever went wrong, a dead
    // session is answered 401 first, as on any other route.
    const pending = request.unconfirmed;
    if (pending && !pending.settled)
      return pending.confirm().then(
        () => errorBody(error, request, reply),
        (dead: FastifyError | AppError) => errorBody(dead, request, reply),
      );
    return errorBody(error, request, reply);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, 404, 'ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
  );
}

/** The answer to a failure: its status and headers set on the reply, its body returned. */
function errorBody(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return answer(reply, error.statusCode, error.code, error.message, error.errors);
  }
  // The processor is down or slow: nothing happened, the client may retry (same Idempotency-Key).
  if (error instanceof ProcessorUnavailableError) {
    request.log.warn({ err: error }, 'payment processor unavailable');
    reply.header('retry-after', '30');
    return answer(reply, 503, 'SERVICE_UNAVAILABLE', 'The payment processor is unavailable; try again shortly');
  }
  // The file store (the S3 bucket) is unreachable or failing: the client may retry. Before the
  // database's check, which would take the network error inside it for the database's.
  if (error instanceof StorageUnavailableError) {
    request.log.warn({ err: error }, 'file storage unavailable');
    reply.header('retry-after', '5');
    return answer(reply, 503, 'SERVICE_UNAVAILABLE', 'File storage is temporarily unavailable; try again shortly');
  }
  // The processor refused what we asked (our request was wrong for it): not the client's fault,
  // and retrying unchanged will not help. Logged in full; the client learns only that much.
  if (error instanceof ProcessorRejectedError) {
    request.log.error({ err: error }, 'payment processor rejected a request');
    return answer(
      reply,
      502,
      'PAYMENT_PROCESSOR_REJECTED',
      'The payment processor refused the request; support has been alerted',
    );
  }
  // The database is unreachable (stopped, restarting): nothing was written, the client may retry.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return answer(reply, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; try again shortly');
  }
  const fe = error as FastifyError & { validationContext?: string };
  if (fe.validation) {
    const errors = fieldErrors(fe.validation as AjvError[], fe.validationContext);
    const first = Object.entries(errors)[0];
    const message = first ? `${first[0]} ${first[1][0]}` : 'The request is not valid';
    return answer(reply, 422, 'VALIDATION_FAILED', message, errors);
  }
  const status = fe.statusCode ?? 500;
  if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return answer(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (status === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return answer(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  if (status === 429) return answer(reply, 429, 'RATE_LIMITED', 'Too many requests; try again later');
  if (status === 400) {
    const json =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError;
    return answer(
      reply,
      400,
      json ? 'MALFORMED_JSON' : 'BAD_REQUEST',
      json ? 'The request body is not valid JSON' : 'The request is malformed',
    );
  }
  if (status >= 400 && status < 500) return answer(reply, status, 'BAD_REQUEST', 'The request cannot be processed');
  request.log.error({ err: error }, 'unhandled error');
  if (status === 503) return answer(reply, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable');
  return answer(
    reply,
    500,
    'INTERNAL_ERROR',
    'Something went wrong on our side; the request id identifies it in our logs',
  );
}
