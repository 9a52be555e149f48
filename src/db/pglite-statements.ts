// PGlite sends every statement unnamed, so the embedded engine parses, analyses and plans it again
// on every call, in WASM on the server's own thread. Under the soak mix that was most of the time
// a statement cost (bench/README.md, "Measured (soak)"). This keeps the most
// recently used statement texts prepared under names, as a PostgreSQL driver's statement cache
// does, and from then on only binds and executes them, in one protocol call instead of six.
//
// It replaces `query` on the PGlite instance and on its transactions (what drizzle calls), and
// keeps PGlite's own behaviour around it: the same locks, the same parameter serializers and
// result parsers, the same errors (with the statement attached), the file-system sync after a
// statement outside a transaction. `sql` and `exec` are left as they are.
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isStalePlan } from './db-errors.ts';

// A prepared statement's generic plan is made after its fifth run, from the table sizes of that
// moment, and kept while the statement lives. A database started on small tables would keep
// sequential scans as they grow, so the cached plans are dropped (DISCARD PLANS) after 32, 64,
// 128 … statements and then every PLAN_REFRESH_MAX; the statements stay prepared and are simply
// planned again.
const PLAN_REFRESH_FIRST = 32;
const PLAN_REFRESH_MAX = 4096;

/** Counts uses; `due()` says when the cached plans should be dropped (see above). */
export class PlanRefresh {
  private count = 0;
  private next = PLAN_REFRESH_FIRST;
  due(): boolean {
    this.count++;
    if (this.count < this.next) return false;
    this.next = this.count + Math.min(this.count, PLAN_REFRESH_MAX);
    return true;
  }
}

/** Statements kept prepared per database; the least recently used one is closed beyond it. */
export const PREPARED_STATEMENTS_MAX = 256;

const { serialize } = protocol;

interface Prepared {
  name: string;
  paramTypes: number[];
}

type QueryFn = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/**
 * Statements run synchronously in WASM, and statements queued behind PGlite's lock follow one
 * another as one chain of promise callbacks: without a break the event loop reads no socket until
 * the queue runs dry, so an overload queued unread in the kernel (the accept queue overflowed and
 * clients timed out) where no in-flight limit could refuse it with a 503. After this much work
 * in one turn of the loop, the next statement waits for the loop to go round once.
 */
const SLICE_MS = 10;

class TimeSlices {
  private start = 0;
  private loopTurned = true;
  constructor(private readonly sliceMs: number) {}

  async turn(): Promise<void> {
    if (!this.loopTurned && performance.now() - this.start >= this.sliceMs) await yieldToEventLoop();
    if (this.loopTurned) {
      this.loopTurned = false;
      this.start = performance.now();
      setImmediate(() => {
        this.loopTurned = true;
      });
    }
  }
}

export function prepareStatements(client: PGlite, max = PREPARED_STATEMENTS_MAX): void {
  // A Map iterates in insertion order; a hit is moved to the end, so the first key is the least recently used.
  const cache = new Map<string, Prepared>();
  const closing: string[] = [];
  let seq = 0;
  // Generic plans are made from the table sizes of their moment, and PGlite runs no autovacuum to
  // refresh them: drop them now and then (PlanRefresh above).
  const refresh = new PlanRefresh();
  const slices = new TimeSlices(SLICE_MS);

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `pgl_${++seq}`;
    const closes = closing.splice(0);
    let messages;
    try {
      messages = await client.execProtocolStream(
        Buffer.concat([
          ...closes.map((old) => serialize.close({ type: 'S', name: old })),
          serialize.parse({ name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
    } catch (err) {
      // Closing a statement twice is no error, so those that may not have been closed go back in the queue.
      closing.push(...closes);
      throw err;
    }
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    cache.set(text, prepared);
    if (cache.size > max) {
      const [oldest] = cache;
      cache.delete(oldest![0]);
      closing.push(oldest![1].name);
    }
    return prepared;
  }

  /** Binds and runs `text` as a named statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    await slices.turn();
    // In a failed transaction this is refused like any statement; the next refresh will do.
    if (refresh.due())
      await client.execProtocolStream(serialize.query('DISCARD PLANS'), { syncToFs: false, throwOnError: false });
    let prepared = cache.get(text);
    if (prepared) {
      cache.delete(text);
      cache.set(text, prepared);
    } else {
      prepared = await prepare(text, options);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const messages = await client.execProtocolStream(
        Buffer.concat([
          serialize.bind({ statement: prepared.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    } catch (err) {
      if (isStalePlan(err) && cache.get(text) === prepared) {
        cache.delete(text);
        closing.push(prepared.name);
      }
      throw err;
    }
  }

  /** As PGlite's own query: the statement and its parameters attached to a database error. */
  async function guarded<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    try {
      return await run<T>(text, params, options);
    } catch (err) {
      if (err instanceof Error && 'severity' in err) Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  const original = { query: client.query.bind(client) as QueryFn, transaction: client.transaction.bind(client) };

  // A blob (COPY … '/dev/blob') needs PGlite's own handling around the statement.
  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob) return original.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let result: Results<T>;
        try {
          result = await guarded<T>(text, params, options);
        } catch (err) {
          // Outside a transaction nothing ran: the bind failed before execution. Once more, freshly prepared.
          if (!isStalePlan(err)) throw err;
          result = await guarded<T>(text, params, options);
        }
        await client.syncToFs();
        return result;
      }),
    );
  }) as QueryFn;

  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    original.transaction((tx) => {
      const query = (async <R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> => {
        if (options?.blob) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => guarded<R>(text, params, options));
      }) as QueryFn;
      return work(Object.create(tx, { query: { value: query } }) as Transaction);
    })) as PGlite['transaction'];
}
