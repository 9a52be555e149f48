// Entry point: load config, wire, listen; on SIGTERM/SIGINT stop accepting, finish in-flight
// requests, stop jobs, close sockets and the database.
import closeWithGrace from 'close-with-grace';
import { loadConfig, ConfigError } from './config.ts';
import { createContainer, closeContainer, jwtSecretOrigin } from './container.ts';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './modules/auth/ensure-first-admin.ts';
import { startJobs } from './jobs/index.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { describeInstance } from './platform/instance-summary.ts';

// Listening refused for a reason a setting explains: say which one, as for any bad setting.
function listenError(err: unknown, config: { HOST: string; PORT: number }): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return new ConfigError(`Cannot start:\n  PORT: ${config.HOST}:${config.PORT} is already in use (EADDRINUSE)`);
  if (code === 'EACCES') return new ConfigError(`Cannot start:\n  PORT: ${config.PORT} needs privileges this process lacks (EACCES)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ConfigError(`Cannot start:\n  HOST: ${config.HOST} is not an address of this machine (${code}); 127.0.0.1 for this machine only, 0.0.0.0 for every interface`);
  }
  return err;
}

// SIGINT and SIGTERM are handled here rather than by close-with-grace, which exits at once on a
// second one: Ctrl-C on `npm start` reaches this process twice, from the terminal (it signals the
// whole foreground process group) and forwarded by npm a moment later. A repeat within a second is
// that same Ctrl-C; a later one means "now".
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const SAME_SIGNAL_MS = 1000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const deps = await createContainer(config);
  await ensureFirstAdmin(deps);
  const app = await buildApp(deps);
  const jobs = startJobs(deps);
  let stopping: { signal?: NodeJS.Signals; at: number } | null = null;
  const grace = closeWithGrace({ delay: 15_000, logger: deps.log, skip: [...STOP_SIGNALS] }, async ({ signal: other, err }) => {
    stopping ??= { at: Date.now() };
    const signal = other ?? stopping.signal;
    const started = Date.now();
    if (err) deps.log.error({ err }, 'shutting down after an error');
    else deps.log.info({ signal }, 'shutting down');
    // Drain first (503 to new requests while still listening), then stop listening and let the
    // requests in flight finish.
    if (!err && config.SHUTDOWN_DRAIN_MS > 0) {
      app.startDraining();
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    await app.close();
    await jobs.stop();
    await closeContainer(deps);
    deps.log.info({ signal, ms: Date.now() - started }, 'shutdown complete');
  });
  for (const name of STOP_SIGNALS) {
    process.on(name, (signal: NodeJS.Signals) => {
      if (!stopping) {
        stopping = { signal, at: Date.now() };
        void grace.close();
      } else if (stopping.signal !== signal || Date.now() - stopping.at > SAME_SIGNAL_MS) {
        deps.log.error({ signal }, `second ${signal}, exiting`);
        process.exit(1);
      }
    });
  }
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    throw listenError(err, config);
  }
  const summary = describeInstance(config, { address: app.server.address(), jwtSecret: jwtSecretOrigin(config), metricsUrl: app.metricsUrl() });
  deps.log.info({ instance: summary.fields }, `Stays ready: ${summary.text}`);
}

main().catch((err) => {
  // Another process holds DATA_DIR, or a setting names something unusable (the storage bucket):
  // the message names it; a stack would only hide that.
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
