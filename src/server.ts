// Entry point: load config, wire, listen; on SIGTERM/SIGINT stop accepting, finish in-flight
// requests, stop jobs, close sockets and the database.
import closeWithGrace from 'close-with-grace';
import { loadConfig, ConfigError } from './config.ts';
import { createContainer, closeContainer } from './container.ts';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './modules/auth/ensure-first-admin.ts';
import { startJobs } from './jobs/index.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';

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
  closeWithGrace({ delay: 15_000, logger: deps.log }, async ({ signal, err }) => {
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
  });
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  // Another process holds DATA_DIR: the message names it; a stack would only hide that.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
