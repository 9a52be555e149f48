// What distinguishes one kind of pricing rule from another. The list/create/update/delete use
// cases are the same for all five kinds; each kind says how its request form maps to columns,
// which rules a complete item must satisfy, and what may clash with the listing's other items.
import type { Executor } from '../../db/connection.ts';
import type { AppError } from '../../platform/errors.ts';
import type { RuleColumns, RuleRow, RuleTable } from './property-rules.repository.ts';

export type RulePath = 'seasons' | 'offers' | 'packages' | 'services' | 'promo-codes';

export interface RuleKind<T extends RuleTable, Input extends object, View> {
  path: RulePath;
  /** Singular noun for messages ("Season not found"). */
  noun: string;
  table: T;
  /** Anyone who can see the listing may list these; otherwise only its owner and admins. */
  listedByViewers: boolean;
  /** Values of the optional fields when a new item leaves them out. */
  defaults: Partial<Input>;
  /** The stored item in the request's form: the base a partial update is merged onto. */
  toInput(row: RuleRow<T>, decimals: number): Input;
  /** Lays the fields sent over the stored item (may refuse a patch that makes no sense alone). */
  merge(current: Input, patch: Partial<Input>): Input;
  /** A complete item → column values; a rule the schema cannot express fails with 422 naming the field. */
  toColumns(input: Input, decimals: number, current: RuleRow<T> | null): RuleColumns<T>;
  /** Clashes with the listing's other items; runs under the listing's row lock (409). */
  assertNoConflict?(db: Executor, propertyId: number, cols: RuleColumns<T>, exceptId: number | null): Promise<void>;
  /** A uniqueness violation the database reported instead of the check above (a lost race) as 409. */
  duplicateError?(err: unknown, cols: RuleColumns<T>): AppError | null;
  view(row: RuleRow<T>, decimals: number): View;
}

/** The fields sent replace the stored ones; absent fields keep their value, null clears. */
export function overlay<I extends object>(current: I, patch: Partial<I>): I {
  const out = { ...current };
  for (const [k, v] of Object.entries(patch))
    if (v !== undefined && k in current) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** A name as kept: surrounding blanks dropped (the schema already refused a blank one). */
export const cleanName = (name: string) => name.trim();
