// What waking a process costs on this machine depends on how the other CPU idles. On a VM whose
// idle CPUs halt (cpuidle-haltpoll with guest_halt_poll_ns=0, as this project's VMs boot), every
// response that wakes the load generator, and every statement that wakes a PostgreSQL backend,
// makes the server's CPU send an interrupt through the hypervisor: measured under `perf` in
// sock_def_readable, 23% of a preview's server CPU against 8% of the bare route's (bench/README.md,
// "What the load generator's wake-ups cost"). A client on another host, as in production, costs
// the server nothing of the kind. With the idle CPU polling a while before it halts, a wake-up
// needs no interrupt at all. BENCH_HALT_POLL_NS sets that poll for the run (root, Linux guests
// with the haltpoll driver) and restores the machine's value at exit; every result records it.
import { readFileSync, writeFileSync } from 'node:fs';

const HALT_POLL = '/sys/module/haltpoll/parameters/guest_halt_poll_ns';
const CPUIDLE = '/sys/devices/system/cpu/cpuidle';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

export interface IdleState {
  /** The cpuidle driver (haltpoll on a KVM-style guest, intel_idle or acpi_idle on hardware), null where unreadable. */
  driver: string | null;
  governor: string | null;
  /** How long an idle CPU polls before it halts, in ns (haltpoll only). */
  haltPollNs: number | null;
}

export function idleState(): IdleState {
  const poll = read(HALT_POLL);
  return {
    driver: read(`${CPUIDLE}/current_driver`),
    governor: read(`${CPUIDLE}/current_governor`),
    haltPollNs: poll === null ? null : Number(poll),
  };
}

/**
 * Sets guest_halt_poll_ns from BENCH_HALT_POLL_NS until this process exits; returns the values
 * before and during the run, or undefined when the variable is not set. Refuses (throws) rather
 * than measure under a condition other than the one asked for.
 */
export function applyHaltPoll(env: NodeJS.ProcessEnv = process.env): { before: number; during: number } | undefined {
  const raw = env.BENCH_HALT_POLL_NS;
  if (raw === undefined || raw === '') return undefined;
  const during = Number(raw);
  if (!Number.isInteger(during) || during < 0)
    throw new Error(`BENCH_HALT_POLL_NS must be a whole number of nanoseconds (got "${raw}")`);
  const current = read(HALT_POLL);
  if (current === null)
    throw new Error(
      `BENCH_HALT_POLL_NS needs the haltpoll cpuidle governor (${HALT_POLL} not found): this machine does not idle that way`,
    );
  // The parameter exists wherever the module is built in, but only the haltpoll driver reads it:
  // under another (2026-11-27 evening's VM idled with the driver "none") writing it changes nothing.
  const driver = read(`${CPUIDLE}/current_driver`);
  if (driver !== 'haltpoll')
    throw new Error(
      `BENCH_HALT_POLL_NS needs the haltpoll cpuidle driver; this machine's is ${driver ?? 'unreadable'}, so idle CPUs would not poll: leave it unset`,
    );
  const before = Number(current);
  try {
    writeFileSync(HALT_POLL, String(during));
  } catch (err) {
    throw new Error(
      `BENCH_HALT_POLL_NS: cannot write ${HALT_POLL} (${(err as Error).message}); run as root or leave it unset`,
    );
  }
  process.once('exit', () => {
    try {
      writeFileSync(HALT_POLL, String(before));
    } catch {
      process.stderr.write(`[bench] could not restore ${HALT_POLL} to ${before}\n`);
    }
  });
  return { before, during };
}
