// The column kinds every table uses: bigint keys and references read as numbers, timestamps with
// their time zone read as Dates, money as integer minor units.
import { bigint, bigserial, timestamp } from 'drizzle-orm/pg-core';

export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** Integer minor units of the row's currency. */
export const money = (name: string) => bigint(name, { mode: 'number' });
