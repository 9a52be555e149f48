// A small HTTP server standing in for another platform's calendar feed (iCal over HTTP): serves
// calendars as text/calendar, or misbehaves on demand (too large, never finishing, redirecting
// elsewhere). Listens on 127.0.0.1 only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface CalendarServer {
  base: string;
  /** Requests received per path. */
  hits: Map<string, number>;
  /** TCP connections accepted, requests or not: a refused fetch must not even connect. */
  readonly connections: number;
  /** Serves `body` as text/calendar at `path`, or lets `handler` answer. */
  serve(path: string, body: string | Handler): void;
  close(): Promise<void>;
}

export async function startCalendarServer(): Promise<CalendarServer> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  let connections = 0;
  server.on('connection', () => void connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    get connections() {
      return connections;
    },
    serve(path, body) {
      routes.set(
        path,
        typeof body === 'string'
          ? (_q, res) => res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body)
          : body,
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A response that sends a little every 50 ms and never ends. */
export const neverEnding: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/calendar' });
  res.write('BEGIN:VCALENDAR\r\n');
  const timer = setInterval(() => res.write('X-FILLER:x\r\n'), 50);
  res.on('close', () => clearInterval(timer));
};
