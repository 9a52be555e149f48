// Tasks for the pool's tests, loaded in its worker threads.

/** Keeps the thread busy for `ms`, then answers how long it ran. */
export function spin(ms: number): number {
  const started = performance.now();
  while (performance.now() - started < ms);
  return ms;
}

/** Holds `mb` MB of live objects (a heap cap ends the thread first). */
export function hog(mb: number): number {
  const kept: number[][] = [];
  for (let i = 0; i < mb * 16; i++) kept.push(Array.from({ length: 8192 }, (_, j) => j + i));
  return kept.length;
}

export function fail(message: string): never {
  throw new Error(message);
}

export function echo<T>(value: T): T {
  return value;
}
