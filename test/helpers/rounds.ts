// How many rounds a race or fault test repeats: its CI number, or more under `npm run test:soak`
// (PROOF_ROUNDS), where the long variants run.
export function rounds(ci: number): number {
  const soak = Number(process.env.PROOF_ROUNDS ?? 0);
  return Number.isInteger(soak) && soak > ci ? soak : ci;
}
