// Named places where a test makes the process die as abruptly as a power cut or `kill -9` would:
// inside a transaction before its COMMIT, and between a commit (or a call to the processor) and
// the answer, or around a webhook's post. The crash-recovery proof (test/proof/crash-recovery.test.ts) starts the real server
// with FAULT_POINT set to one of them, then restarts it and checks that nothing acknowledged was
// lost, nothing was counted twice and every night's count still equals its reservations; the
// webhook points are proven in test/proof/webhook-crash.test.ts.
// FAULT_POINT is refused in production (config.ts).
export const FAULT_POINTS = [
  'reservation.before-commit',
  'reservation.after-commit',
  'payment.before-commit',
  'payment.after-commit',
  'payout.after-claim',
  'payout.after-transfer',
  'webhook.after-claim',
  'webhook.after-post',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

/** Kills this process with SIGKILL when FAULT_POINT names this point; otherwise does nothing. */
export function crashPoint(config: { FAULT_POINT?: string }, point: FaultPoint): void {
  if (config.FAULT_POINT === point) process.kill(process.pid, 'SIGKILL');
}
