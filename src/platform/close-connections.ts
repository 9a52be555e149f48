// app.close() ends with Node's server.close(), which closes only the connections idle between two
// requests and stops the periodic check that enforces headersTimeout and requestTimeout. Two kinds
// of connection were then left to their socket timeouts, and app.close() (the shutdown after
// SIGTERM, which close-with-grace cuts at 15 s, before the jobs and the database are closed) waited
// for them:
// - a connection with no request yet: one a client or a balancer opened ahead of need, one Node's
//   fetch opens by itself after a streamed response is aborted (nodejs/undici#5845), a request
//   head still trickling in: held for connectionTimeout (2 × REQUEST_TIMEOUT_MS, 60 s by default);
// - the kept-alive connection of a request being served at the close: once answered it idled for
//   keepAliveTimeout (72 s).
// So, once the listener is closed, a connection with no request being served is cut, and any other
// one is closed as soon as its last request is answered (with Connection: close if its head is not
// sent yet). Shutdown then waits for the requests in progress and nothing else. Long-lived
// responses are ended before this, in preClose (the realtime hub ends its SSE streams and closes
// its WebSockets, whose upgraded sockets are no longer HTTP and are left to it).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export function closeConnectionsOnClose(server: Server): void {
  const serving = new Map<Socket, Set<ServerResponse>>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    serving.set(socket, new Set());
    socket.once('close', () => serving.delete(socket));
  });
  // Ahead of Fastify's own listener, so that a response ended within it is still seen.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const answers = serving.get(socket);
    if (!answers) return;
    answers.add(res);
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => {
      answers.delete(res);
      if (closing && answers.size === 0) socket.destroySoon();
    });
  });
  server.on('upgrade', (req: IncomingMessage) => serving.delete(req.socket));

  // Node announces no moment between "no longer listening" and "every connection gone", and a
  // connection accepted before it (during the preClose hooks) may still send a request and get
  // Fastify's 503: hence the cut is made right after the listener is closed, in the same tick.
  const close = server.close;
  server.close = function (this: Server, callback?: (err?: Error) => void) {
    close.call(this, callback);
    closing = true;
    for (const [socket, answers] of serving) {
      if (answers.size === 0) socket.destroy();
      else for (const res of answers) if (!res.headersSent) res.shouldKeepAlive = false;
    }
    return this;
  };
}
