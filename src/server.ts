// Entry point: load config, wire, listen; on SIGTERM/SIGINT stop accepting, finish in-flight
// requests, stop jobs, close sockets and the database.
//
// Only the configuration and the database driver are imported up front: the embedded database's
// first initialisation (PGlite, seconds of WASM) starts at once, and the rest of the service's
// modules load while it runs (bench/first-start.ts: the first start's two largest parts).
import closeWithGrace from 'close-with-grace';
import { loadConfig, ConfigError } from './config.ts';
import { databaseOptions, openDatabase, type Database } from './db/connection.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';

// Listening refused for a reason a setting explains: say which one, as for any bad setting.
function listenError(err: unknown, config: { HOST: string; PORT: number }): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return new ConfigError(`Cannot start:\n  PORT: ${config.HOST}:${config.PORT} is already in use (EADDRINUSE)`);
  if (code === 'EACCES')
    return new ConfigError(`Cannot start:\n  PORT: ${config.PORT} needs privileges this process lacks (EACCES)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ConfigError(
      `Cannot start:\n  HOST: ${config.HOST} is not an address of this machine (${code}); 127.0.0.1 for this machine only, 0.0.0.0 for every interface`,
    );
  }
  return err;
}

// SIGINT and SIGTERM are handled here rather than by close-with-grace, which exits at once on a
// second one: Ctrl-C on `npm start` reaches this process twice, from the terminal (it signals the
// whole foreground process group) and forwarded by npm when its event loop next runs: 2 s later
// once on a loaded CI machine (2026-11-30). A repeat within 5 s is that same Ctrl-C; a later one,
// or the other signal, means "now".
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const SAME_SIGNAL_MS = 5000;

async function main() {
  // Where a start's time goes (bench/first-start.ts reads it): module loading, then each step.
  const startMs: Record<string, number> = { modules: Math.round(performance.now()) };
  let last = performance.now();
  const lap = (step: string) => {
    startMs[step] = Math.round(performance.now() - last);
    last = performance.now();
  };
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
  // The embedded database opens beside the modules' loading; not with STORAGE=s3, whose bucket
  // is checked first (createContainer): PGlite's first initdb stalls the event loop for seconds
  // (2.4 s on an idle 2-vCPU VM), which the check's 5 s connection timer, run under load, took
  // for an unreachable endpoint. A wrong bucket then also leaves no database behind.
  const earlyOpen = !config.DATABASE_URL && config.STORAGE !== 's3';
  const opening: Promise<Database> | undefined = earlyOpen ? openDatabase(databaseOptions(config)) : undefined;
  // Handled where it is awaited (createContainer); until then a failure must not count as unhandled.
  opening?.catch(() => {});
  const [{ createContainer, closeContainer, jwtSecretOrigin }, { buildApp }, { ensureFirstAdmin }, { startJobs }] =
    await Promise.all([
      import('./container.ts'),
      import('./app.ts'),
      import('./modules/auth/ensure-first-admin.ts'),
      import('./jobs/index.ts'),
    ]);
  const { describeInstance } = await import('./platform/instance-summary.ts');
  lap('serviceModules');
  const deps = await createContainer(config, { onStep: lap, opening });
  await ensureFirstAdmin(deps);
  lap('firstAdmin');
  const app = await buildApp(deps);
  lap('app');
  const jobs = startJobs(deps);
  let stopping: { signal?: NodeJS.Signals; at: number } | null = null;
  const grace = closeWithGrace(
    { delay: 15_000, logger: deps.log, skip: [...STOP_SIGNALS] },
    async ({ signal: other, err }) => {
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
    },
  );
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
  lap('listen');
  const summary = describeInstance(config, {
    address: app.server.address(),
    jwtSecret: jwtSecretOrigin(config),
    metricsUrl: app.metricsUrl(),
  });
  deps.log.info({ instance: summary.fields, startMs }, `Stays ready: ${summary.text}`);
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
