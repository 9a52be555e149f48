// A database handle that counts what is started through it, for tests that hold a use case to the
// statements it costs (a behaviour, unlike a timing): select, execute, insert, update, delete,
// selectDistinct, and transactions opened.
import type { Db } from '../../src/db/connection.ts';

const STATEMENTS = new Set(['select', 'execute', 'insert', 'update', 'delete', 'selectDistinct']);

export function countingDb(db: Db): { db: Db; statements: () => number; transactions: () => number } {
  let statements = 0;
  let transactions = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (STATEMENTS.has(String(key))) statements++;
        if (key === 'transaction') transactions++;
        return v.apply(target, args);
      };
    },
  });
  return { db: counted, statements: () => statements, transactions: () => transactions };
}
