// Listing rows for other modules, which read them through these and never the repository. No
// visibility check: callers that answer a caller use property-access.ts.
import type { Executor } from '../../db/connection.ts';
import { propertiesRepository, type PropertyRow } from './properties.repository.ts';

/** The listing row, read with `db` (a caller's transaction sees its own writes). */
export function findPropertyById(db: Executor, id: number): Promise<PropertyRow | undefined> {
  return propertiesRepository(db).findById(id);
}

/** These listings' rows, in no particular order. */
export function findPropertiesByIds(db: Executor, ids: number[]): Promise<PropertyRow[]> {
  return propertiesRepository(db).findByIds(ids);
}
