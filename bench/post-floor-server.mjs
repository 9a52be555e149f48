// The compiled service (its folder in SERVICE_DIST, set by server-process.ts's `script` option)
// with one route more, for bench/post-floor.ts:
// POST /api/bench/post-floor parses and validates a body of the preview's schema through every
// hook of the app, and answers a small envelope without any work of its own. Never part of the
// service: it shows what any validated JSON POST costs in this app, the floor under the preview.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.env.SERVICE_DIST ?? '.bench-cache/dist');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { loadConfig } = await load('src/config.js');
const { createContainer } = await load('src/container.js');
const { buildApp } = await load('src/app.js');
const { PreviewBody } = await load('src/modules/reservations/preview.schemas.js');
const { Type } = await import('typebox');

const config = loadConfig();
const deps = await createContainer(config);
const Answer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ rooms: Type.Integer() }),
});
const app = await buildApp(deps, {
  extraRoutes: async (api) => {
    api.post(
      '/bench/post-floor',
      { schema: { hide: true, body: PreviewBody, response: { 200: Answer } } },
      async (req) => ({ success: true, message: 'ok', data: { rooms: req.body.rooms?.length ?? 0 } }),
    );
  },
});
await app.listen({ port: config.PORT, host: config.HOST });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
