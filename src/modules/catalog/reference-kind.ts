// What distinguishes one kind of reference data (property types, amenities, neighborhoods,
// currencies) from another. The list/create/update/delete use cases are the same for all four:
// an admin's write runs in one transaction together with its audit entry, an unknown item is 404,
// and a write the database refuses (a name another item has, a listing still using the item) is
// the kind's 409 instead of 500. Each kind says how its rows are read, locked and written, how
// its request forms become column values, and what its audit entries show.
import type { Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import type { AppError } from '../../platform/errors.ts';
import type { PageQuery } from '../../platform/pagination.ts';

export interface ReferenceKind<
  Row,
  View,
  Query extends PageQuery = PageQuery,
  Body = never,
  Patch = never,
  Key = number,
> {
  /** Singular noun, for a 404 ("Amenity not found") and the routes' messages ("Amenity created"). */
  noun: string;
  /** Audit target type, and the prefix of the audit actions ('commodity' → 'commodity.create'). */
  target: string;
  /** The id the item's audit entries name. */
  auditId(row: Row): number | string;
  /** The item as the audit entries of its creation and its deletion show it. */
  snapshot(row: Row): Record<string, unknown>;
  view(row: Row): View;
  /** One page in the kind's order; may refuse the query first (an unknown country, inactive currencies for a non-admin). */
  list(
    db: Executor,
    caller: AuthUser | null,
    query: Query,
    limit: number,
    offset: number,
  ): Promise<{ rows: Row[]; total: number }>;
  /**
   * Checks a new item's body before anything is written (422) and answers the write, which runs
   * in the transaction that also records the audit entry. Absent: items of the kind are seeded only.
   */
  create?(body: Body, now: Date): (tx: Executor) => Promise<Row>;
  /** Locks the item a change or a deletion is decided on (the patch may need more locked); undefined: 404. */
  lock?(tx: Executor, key: Key, patch?: Patch): Promise<Row | undefined>;
  /** As create: checks the patch first, then applies it to the locked item; null when it changes nothing (no write, no audit). */
  update?(patch: Patch, now: Date): (tx: Executor, current: Row) => Promise<ReferenceChange<Row> | null>;
  /** Deleting an item; absent: the kind cannot be deleted. */
  remove?: {
    /** What still uses the item (listings); a used item stays. */
    usage(tx: Executor, row: Row): Promise<number>;
    /** The 409 for an item in use: with the count found, or without one when a foreign key refused the delete. */
    inUse(n?: number): AppError;
    delete(tx: Executor, row: Row): Promise<void>;
  };
  /** A create or update the database refused (a unique index, a NUMERIC overflow) as the client's answer; null: a real failure. */
  refused(err: unknown): AppError | null;
}

/** What an update changed: the stored row and its audit entry (the action defaults to `<target>.update`). */
export interface ReferenceChange<Row> {
  row: Row;
  action?: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The columns whose wanted value (undefined: not sent) differs from the stored one, and their
 * stored values: an update writes the first, its audit entry shows both.
 */
export function changedColumns<Row extends object, C extends keyof Row>(current: Row, wanted: { [K in C]?: Row[K] }) {
  const patch: Partial<Pick<Row, C>> = {};
  const before: Partial<Pick<Row, C>> = {};
  for (const key of Object.keys(wanted) as C[]) {
    const value = wanted[key];
    if (value !== undefined && value !== current[key]) {
      patch[key] = value as Row[C];
      before[key] = current[key];
    }
  }
  return { patch, before };
}

/** Text as kept: surrounding blanks dropped (the schemas already refuse a blank name). */
export const trimmed = (text: string) => text.trim();
/** Optional text as kept: trimmed, and null when nothing is left. */
export const trimmedOrNull = (text: string | null | undefined) => text?.trim() || null;
