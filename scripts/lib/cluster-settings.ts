// The settings each instance of `npm run cluster` starts with: the cluster's own environment,
// overlaid by the env file (--env-file), read again before every start and restart, so a rolling
// restart (SIGHUP) rolls a new environment, as key rotation needs; then what makes each instance
// one of the cluster (its port, its metrics port, the balancer's address). The new settings are
// checked as the service would check them before an instance is stopped for them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError, loadConfig } from '../../src/config.ts';

export type Settings = Record<string, string | undefined>;

export interface ClusterLayout {
  host: string;
  /** The balancer's port. */
  port: number;
  /** app1 listens on basePort, app2 on basePort + 1… */
  basePort: number;
}

/** The cluster's environment with the env file's values over it (an empty value there unsets one). */
export async function readSettings(environment: Settings, envFile: string | undefined): Promise<Settings> {
  if (!envFile) return { ...environment };
  let text: string;
  try {
    text = await readFile(envFile, 'utf8');
  } catch (err) {
    throw new ConfigError(`--env-file: cannot read ${envFile} (${(err as NodeJS.ErrnoException).code ?? err})`);
  }
  return { ...environment, ...parseEnv(text) };
}

/** The first metrics port when METRICS_PORT is set: app1 gets it, app2 the next one… */
export function metricsBasePort(settings: Settings): number | null {
  const text = settings.METRICS_PORT;
  if (text === undefined || text === '') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new ConfigError(`METRICS_PORT: a port number, the first of the instances' (got ${JSON.stringify(text)})`);
  return n;
}

/** The environment of instance `index` (0-based). */
export function instanceEnv(settings: Settings, layout: ClusterLayout, index: number): Settings {
  const metrics = metricsBasePort(settings);
  return {
    ...settings,
    PORT: String(layout.basePort + index),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: settings.PUBLIC_BASE_URL || `http://${layout.host}:${layout.port}`,
    // The balancer sends X-Forwarded-For: rate limits and logs see the client, not HAProxy.
    TRUST_PROXY: 'true',
    ...(metrics === null ? {} : { METRICS_PORT: String(metrics + index) }),
  };
}

/**
 * What the service would refuse in these settings (exit 78), as its one-line message; null when
 * they are fine. Checked before an instance stops, so a typo in the env file never takes one down.
 */
export function settingsProblem(env: Settings): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message.replace(/\n\s*/g, ' ');
    throw err;
  }
}

/** Where the instances' DATA_DIR is (they run in the project's folder). */
export const dataDirOf = (settings: Settings, root: string): string =>
  path.resolve(root, settings.DATA_DIR || './data');
