// The shape of one step of the booking ↔ payment model test (lifecycle-commands.ts,
// lifecycle-money-commands.ts): what it may run on, its label, and the invariants after it.
import assert from 'node:assert/strict';
import type fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { checkInvariants, type Model } from './lifecycle-invariants.ts';
import type { World } from './lifecycle-world.ts';

export type Cmd = fc.AsyncCommand<Model, World>;
/** k ≥ 0: any item (k mod length); −1, −2: the latest ones, which the next step most often concerns. */
export const pick = <T>(list: readonly T[], k: number) =>
  k < 0 ? list[Math.max(0, list.length + k)]! : list[k % list.length]!;

export function expectStatus(res: LightMyRequestResponse, allowed: number[], what: string): void {
  assert.ok(
    allowed.includes(res.statusCode),
    `${what} answered ${res.statusCode} (allowed ${allowed.join('/')}): ${res.body.slice(0, 400)}`,
  );
}

export const cmd = (
  label: string,
  check: (m: Readonly<Model>) => boolean,
  run: (m: Model, w: World) => Promise<void>,
): Cmd => ({
  check,
  toString: () => label,
  async run(m, w) {
    await run(m, w);
    await checkInvariants(w, m);
  },
});
export const haveRes = (m: Readonly<Model>) => m.reservations.length > 0;
export const haveSession = (m: Readonly<Model>) => m.sessions.length > 0;
