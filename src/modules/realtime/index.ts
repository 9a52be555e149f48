import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Deps } from '../../kernel/deps.ts';
import { RealtimeHub } from './hub.ts';
import { realtimeRoutes } from './realtime.routes.ts';

const hubs = new WeakMap<Deps, RealtimeHub>();

/** The connections of the app built with these deps (tests and the bench inspect them). */
export function realtimeHubOf(deps: Deps): RealtimeHub | undefined {
  return hubs.get(deps);
}

/** Real time: WebSocket /ws/notifications and /ws/chat, SSE /notifications/stream, fed by the event bus. */
export async function realtimeModule(app: FastifyInstance, opts: { deps: Deps }) {
  const hub = new RealtimeHub(opts.deps);
  hub.start();
  hubs.set(opts.deps, hub);
  const open = opts.deps.metrics.gauge(
    'stays_realtime_connections',
    'WebSocket and SSE connections open on this instance',
    ['kind'],
  );
  opts.deps.metrics.beforeScrape(() => {
    for (const [kind, n] of Object.entries(hub.countsByKind())) open.set({ kind }, n);
  });
  await app.register(websocket, {
    // Clients send nothing but control frames; the hub keeps its own registry.
    options: { maxPayload: 4096, clientTracking: false, perMessageDeflate: false },
    // Replaces the plugin's default (close without a code): 1001 to every socket, streams ended,
    // presence written, before the HTTP server waits for its connections.
    preClose: async function (this: FastifyInstance) {
      await hub.shutdown();
      this.websocketServer.close();
    },
  });
  await app.register(realtimeRoutes, { deps: opts.deps, hub });
}
