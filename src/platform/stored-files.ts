// Files and the rows that name them live in two stores with no transaction across them. A file
// is written before its row (a row never points at a missing file), so every failure after a
// write — a later write, the transaction, a check inside it — must remove what was written: a
// request that fails leaves nothing in storage. A removal that itself fails is logged with its
// key, the one trace an operator has of the orphan.
import type { Deps } from '../kernel/deps.ts';

export interface FileToStore {
  /** A generated key (never client input). */
  key: string;
  data: Buffer;
}

type StorageDeps = Pick<Deps, 'storage' | 'log'>;

/**
 * Writes the files, then runs `change` (the transaction that refers to them) and returns what it
 * returns. When any of it throws, every file written so far is removed before the error goes on.
 * A key counts as written from the start of its write: one that fails halfway may have left part
 * of the file behind.
 */
export async function storeFilesThen<T>(
  deps: StorageDeps,
  files: readonly FileToStore[],
  change: () => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const f of files) {
      written.push(f.key);
      await deps.storage.put(f.key, f.data);
    }
    return await change();
  } catch (err) {
    await removeStoredFiles(deps, written);
    throw err;
  }
}

/** Removes files no row refers to (any more); a failed removal is logged, never an error of the request. */
export async function removeStoredFiles(
  deps: StorageDeps,
  keys: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage
      .delete(key)
      .catch((err: unknown) => deps.log.error({ err, key }, 'could not remove a stored file; it is left orphaned'));
  }
}
