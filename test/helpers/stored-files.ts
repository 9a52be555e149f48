// What an app keeps in storage, and ways to make a request fail after its files were written:
// a storage that stores the bytes and then reports an error (as an object store can, answering
// after the write landed), and a trigger that makes the request's row fail in the database itself.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/** Every file under a folder, relative to it, sorted; none when the folder does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Every file the app's disk storage holds (DATA_DIR/files). */
export const storedFiles = (t: TestApp) => filesUnder(path.join(t.deps.config.DATA_DIR, 'files'));

export interface StorageWatch {
  /** The keys written (or attempted) since the watch began. */
  puts: string[];
  restore(): void;
}

/**
 * Wraps the app's storage to record every put; with `failAfterPut: n` the n-th put from now
 * writes its file and then throws.
 */
export function watchStorage(t: TestApp, opts: { failAfterPut?: number } = {}): StorageWatch {
  const real = t.deps.storage;
  const puts: string[] = [];
  t.deps.storage = {
    get: (key) => real.get(key),
    delete: (key) => real.delete(key),
    exists: (key) => real.exists(key),
    async put(key, data) {
      puts.push(key);
      const stored = await real.put(key, data);
      if (puts.length === opts.failAfterPut) throw new Error(`injected failure after writing ${key}`);
      return stored;
    },
  };
  return { puts, restore: () => void (t.deps.storage = real) };
}

/**
 * Makes every `on` of `table` matching `when` (an SQL condition on NEW, and OLD for updates) fail
 * inside its transaction, until the returned function is called.
 */
export async function failWrites(
  t: TestApp,
  table: string,
  { on = 'INSERT', when = 'true' }: { on?: 'INSERT' | 'UPDATE'; when?: string } = {},
): Promise<() => Promise<void>> {
  await t.deps.db.execute(
    sql.raw(`
    CREATE OR REPLACE FUNCTION test_injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'injected failure after the files were written'; END $$`),
  );
  await t.deps.db.execute(
    sql.raw(`
    CREATE TRIGGER test_injected_failure BEFORE ${on} ON ${table}
    FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_injected_failure()`),
  );
  return async () => {
    await t.deps.db.execute(sql.raw(`DROP TRIGGER test_injected_failure ON ${table}`));
  };
}
