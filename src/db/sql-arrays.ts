// An id list as one bigint[] parameter: one bound value, so a statement's text (and its prepared
// plan) is the same however many ids it carries, unlike IN ($1, $2, …).
import { sql, type SQL } from 'drizzle-orm';

export const bigintArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;
