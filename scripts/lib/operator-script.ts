// What the operator scripts (backup, restore) share around their work: Ctrl-C or SIGTERM asks
// them to stop after the file in hand (they say what is left and a rerun finishes), an ExitError
// ends with its status and message, anything else is printed and ends with 1; an interrupted run
// always ends with 130.
import { ConfigError, loadConfig, type Config } from '../../src/config.ts';
import { ExitError } from './backup-manifest.ts';

export interface OperatorScript {
  /** Whether a stop was asked for (checked between files). */
  stopped(): boolean;
  /** Runs the script's work and exits the process with its status. */
  run(main: () => Promise<number>): void;
}

export function operatorScript(say: (line: string) => void): OperatorScript {
  let interrupted = false;
  process.once('SIGINT', () => (interrupted = true));
  process.once('SIGTERM', () => (interrupted = true));
  return {
    stopped: () => interrupted,
    run(main) {
      main().then(
        (code) => process.exit(code),
        (err: unknown) => {
          if (err instanceof ExitError) {
            say(err.message);
            process.exit(interrupted ? 130 : err.code);
          }
          console.error(err);
          process.exit(interrupted ? 130 : 1);
        },
      );
    },
  };
}

/** `--concurrency`: a whole number from 1 to 64 (2 otherwise, naming the option). */
export function concurrencyOf(text: string | undefined): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new ExitError(2, `--concurrency must be a whole number from 1 to 64 (got ${text})`);
  return n;
}

/** The service's own settings; a bad one ends the script with 78, naming it. */
export function serviceConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new ExitError(78, err.message);
    throw err;
  }
}
