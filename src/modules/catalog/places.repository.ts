// SQL of the countries and neighborhoods tables.
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { countries, neighborhoods } from '../../db/schema/index.ts';

export type CountryRow = typeof countries.$inferSelect;
export type NeighborhoodRow = typeof neighborhoods.$inferSelect;

// LIKE treats % and _ as wildcards; a search for "a_b" must match those characters only.
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function placesRepository(db: Executor) {
  return {
    /** Countries by name; `q` matches the code exactly or any part of the name, case-insensitively. */
    async listCountries(
      q: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: CountryRow[]; total: number }> {
      const where: SQL | undefined = q
        ? or(eq(countries.code, q.toUpperCase()), sql`${countries.name} ILIKE ${likePattern(q)}`)
        : undefined;
      const rows = await db
        .select()
        .from(countries)
        .where(where)
        .orderBy(asc(countries.name))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(countries).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async findCountry(code: string): Promise<CountryRow | undefined> {
      const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
      return row;
    },

    async listNeighborhoods(
      country: string,
      city: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: NeighborhoodRow[]; total: number }> {
      const conds: SQL[] = [eq(neighborhoods.countryCode, country)];
      if (city) conds.push(sql`lower(${neighborhoods.city}) = lower(${city})`);
      const where = and(...conds);
      const rows = await db
        .select()
        .from(neighborhoods)
        .where(where)
        .orderBy(asc(sql`lower(${neighborhoods.city})`), asc(sql`lower(${neighborhoods.name})`), asc(neighborhoods.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = (await db.select({ total: count() }).from(neighborhoods).where(where)) as [{ total: number }];
      return { rows, total: Number(total) };
    },

    async insertNeighborhood(values: typeof neighborhoods.$inferInsert): Promise<NeighborhoodRow> {
      const [row] = await db.insert(neighborhoods).values(values).returning();
      return row!;
    },
  };
}
