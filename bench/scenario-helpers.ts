// What the scenarios of `npm run bench` share: request helpers, the concurrency of the
// database-bound and booking scenarios, and the way a scenario says it cannot run here.

/** Thrown by `prepare` when the scenario cannot run here yet (its route is missing, …): reported, not failed. */
export class SkipScenario extends Error {}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const JSON_BODY = { 'content-type': 'application/json' };
export const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
export const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

type Envelope = { success?: boolean; data?: Record<string, unknown> };
export const data = (body: unknown) => (body as Envelope | null)?.data ?? {};
// Enough to keep a database-bound route saturated on either database without measuring a queue.
export const DB_BOUND_CONNECTIONS = 10;
// Booking and its raw-SQL baseline: the same concurrency on both sides of the ratio.
export const BOOKING_CONNECTIONS = 8;
