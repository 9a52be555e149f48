// Names for statements whose text is built per request (the searches), so that on a PostgreSQL
// server they run prepared as the booking's constant statements do. Sent unnamed, such a statement
// is parsed, planned and its executor built from nothing on every call; the search facets'
// statement then cost 4–10 ms on this VM against 2–2.5 ms prepared, most of the difference page
// faults (about 200 a call: the backend's memory for the statement freed back to the system and
// taken again each time; bench/README.md, "Search facets and prepared statements").
//
// A name is a prepared statement on every pooled connection for the connection's life, so they
// are bounded: a text is named once it has come back NAME_AFTER times (one-off shapes never take
// a name), and at most NAMED_STATEMENTS_MAX texts ever are; past that, new texts run unnamed as
// before. The booking's statements carry their own fixed names (raw-query.ts).
export const NAME_AFTER = 3;
export const NAMED_STATEMENTS_MAX = 64;
/** Texts counted toward NAME_AFTER at most; the count starts over when it fills. */
const SEEN_MAX = 1024;

export interface StatementNames {
  /** The name `text` runs under, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined;
  readonly size: number;
}

export function statementNames(prefix: string, opts: { after?: number; max?: number } = {}): StatementNames {
  const after = opts.after ?? NAME_AFTER;
  const max = opts.max ?? NAMED_STATEMENTS_MAX;
  const named = new Map<string, string>();
  const seen = new Map<string, number>();
  return {
    nameOf(text) {
      const name = named.get(text);
      if (name !== undefined || named.size >= max) return name;
      const n = (seen.get(text) ?? 0) + 1;
      if (n < after) {
        if (seen.size >= SEEN_MAX) seen.clear();
        seen.set(text, n);
        return undefined;
      }
      seen.delete(text);
      const fresh = `${prefix}_${named.size + 1}`;
      named.set(text, fresh);
      return fresh;
    },
    get size() {
      return named.size;
    },
  };
}
