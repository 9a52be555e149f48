// The answers the HTTP layer gives before any route runs, in the error body of contract §2 rather
// than Node's or Fastify's own: a malformed request, an oversized head or URL, a request that did
// not arrive in time. Limits, all refused before the request reaches a handler:
// - URL (path and query) ≤ MAX_URL_BYTES, else 414 URI_TOO_LONG. 8 KiB is what common proxies and
//   servers accept by default (nginx's large_client_header_buffers, Apache's LimitRequestLine);
//   no route of ours needs more.
// - a path parameter ≤ 100 characters (Fastify's maxParamLength), else 414 URI_TOO_LONG.
// - request line and headers together ≤ 16 KiB (Node's maxHeaderSize), else 431
//   HEADERS_TOO_LARGE; a URL long enough to pass that bound gets the 431 rather than the 414.
// - body ≤ BODY_LIMIT_BYTES, else 413 PAYLOAD_TOO_LARGE (from the error handler);
//   HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS, else 408 REQUEST_TIMEOUT and the connection closed.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, statusOf, type ErrorCode } from './errors.ts';
import { errorEnvelope, sendError } from './error-handler.ts';

export const MAX_URL_BYTES = 8 * 1024;

/** What Node's parser reports, as the contract names it. */
function clientFailure(code: string | undefined): [ErrorCode, string] {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['REQUEST_TIMEOUT', 'The request did not arrive whole in time'];
    case 'HPE_HEADER_OVERFLOW':
      return ['HEADERS_TOO_LARGE', 'The request line and headers are larger than the 16 KiB allowed'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return ['PAYLOAD_TOO_LARGE', 'The chunk extensions of the body are too large'];
    default:
      return ['BAD_REQUEST', 'The request is not valid HTTP'];
  }
}

/**
 * Fastify's clientErrorHandler: Node found the request unreadable (no request object exists) and
 * hands over the socket. Answered by hand, then the connection is closed, as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already begun on this socket (an early 413 while the body still trickles in) must
  // not be followed by a second status line: Node guards its own default answer the same way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const [code, message] = clientFailure(err.code);
    const status = statusOf(code);
    const requestId = randomUUID();
    this.log.info({ reqId: requestId, status, parserCode: err.code }, 'client error answered before any route');
    const body = JSON.stringify(errorEnvelope(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The headers every answer carries, for answers given before the hooks that set them (app.ts, helmet) run. */
function commonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
}

/** Fastify's frameworkErrors: the router refused the URL (bad percent-encoding, an overlong parameter). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  commonHeaders(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void sendError(reply, 414, 'URI_TOO_LONG', 'A path segment of the URL is longer than 100 characters');
  else if (error.code === 'FST_ERR_BAD_URL')
    void sendError(reply, 400, 'BAD_REQUEST', 'The URL path is not validly percent-encoded');
  else {
    request.log.error({ err: error }, 'router failure');
    void sendError(
      reply,
      500,
      'INTERNAL_ERROR',
      'Something went wrong on our side; the request id identifies it in our logs',
    );
  }
}

/** Refuses a URL over MAX_URL_BYTES (414) before anything else looks at the request. */
export function installUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.url && request.raw.url.length > MAX_URL_BYTES) {
      commonHeaders(request, reply);
      throw new AppError('URI_TOO_LONG', `The URL is longer than the ${MAX_URL_BYTES} bytes allowed`);
    }
  });
}
