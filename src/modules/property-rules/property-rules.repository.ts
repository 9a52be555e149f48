// SQL of a listing's pricing rules: seasons, offers, packages, services, promo codes. The five
// tables share their shape (id, property_id, created_at + the rule's columns), so one set of
// queries serves them all; the few rule-specific questions (overlap, code clash, what a
// traveller can use today) have their own.
import { and, asc, count, eq, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { offers, type packages, promoCodes, properties, seasons, type services } from '../../db/schema/index.ts';

export type RuleTable = typeof seasons | typeof offers | typeof packages | typeof services | typeof promoCodes;
export type RuleRow<T extends RuleTable> = T['$inferSelect'];
/** Column values a rule write sets (everything but id, property and creation time). */
export type RuleColumns<T extends RuleTable> = Omit<T['$inferInsert'], 'id' | 'propertyId' | 'createdAt'>;

export type SeasonRow = typeof seasons.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

// Dated rules read in date order, the others in creation order; id breaks ties so pages are stable.
function orderOf(table: RuleTable): SQL[] {
  if (table === seasons) return [asc(seasons.startDate), asc(seasons.id)];
  if (table === offers) return [asc(offers.startDate), asc(offers.id)];
  if (table === promoCodes) return [asc(promoCodes.validFrom), asc(promoCodes.id)];
  return [asc(table.id)];
}

// Drizzle cannot infer through a union of tables; every query below is the same SQL for each
// member, so the loose handle is only a typing device.
const loose = (t: RuleTable) => t as typeof packages;

export function propertyRulesRepository(db: Executor) {
  return {
    /**
     * Locks the listing row for the rest of the transaction: rule writes of one listing run one
     * at a time, so a check against its other rules (season overlap) cannot be raced. NO KEY
     * UPDATE still lets foreign-key checks (reservations, favorites) through.
     */
    async lockProperty(id: number): Promise<{ id: number; status: string } | undefined> {
      const [row] = await db
        .select({ id: properties.id, status: properties.status })
        .from(properties)
        .where(eq(properties.id, id))
        .for('no key update');
      return row;
    },

    async list<T extends RuleTable>(
      table: T,
      propertyId: number,
      limit: number,
      offset: number,
    ): Promise<RuleRow<T>[]> {
      const t = loose(table);
      const rows = await db
        .select()
        .from(t)
        .where(eq(t.propertyId, propertyId))
        .orderBy(...orderOf(table))
        .limit(limit)
        .offset(offset);
      return rows as RuleRow<T>[];
    },

    /** Every rule of the kind of several listings, in the kind's order (the read forms of a batch). */
    async ofListings<T extends RuleTable>(table: T, propertyIds: number[]): Promise<RuleRow<T>[]> {
      const t = loose(table);
      const rows = await db
        .select()
        .from(t)
        .where(inArray(t.propertyId, propertyIds))
        .orderBy(...orderOf(table));
      return rows as RuleRow<T>[];
    },

    async count(table: RuleTable, propertyId: number): Promise<number> {
      const t = loose(table);
      const [row] = await db.select({ n: count() }).from(t).where(eq(t.propertyId, propertyId));
      return Number(row?.n ?? 0);
    },

    /** An item of this listing; another listing's item is not found. */
    async find<T extends RuleTable>(table: T, propertyId: number, id: number): Promise<RuleRow<T> | undefined> {
      const t = loose(table);
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.id, id), eq(t.propertyId, propertyId)))
        .limit(1);
      return row as RuleRow<T> | undefined;
    },

    async insert<T extends RuleTable>(table: T, propertyId: number, values: RuleColumns<T>): Promise<RuleRow<T>> {
      const [row] = await db
        .insert(loose(table))
        .values({ ...(values as object), propertyId } as never)
        .returning();
      return row as RuleRow<T>;
    },

    async update<T extends RuleTable>(
      table: T,
      propertyId: number,
      id: number,
      values: RuleColumns<T>,
    ): Promise<RuleRow<T> | undefined> {
      const t = loose(table);
      const [row] = await db
        .update(t)
        .set(values as never)
        .where(and(eq(t.id, id), eq(t.propertyId, propertyId)))
        .returning();
      return row as RuleRow<T> | undefined;
    },

    async delete(table: RuleTable, propertyId: number, id: number): Promise<boolean> {
      const t = loose(table);
      const rows = await db
        .delete(t)
        .where(and(eq(t.id, id), eq(t.propertyId, propertyId)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /** A season of the listing sharing at least one day with [start, end] (both inclusive). */
    async findOverlappingSeason(
      propertyId: number,
      start: string,
      end: string,
      exceptId: number | null,
    ): Promise<SeasonRow | undefined> {
      const [row] = await db
        .select()
        .from(seasons)
        .where(
          and(
            eq(seasons.propertyId, propertyId),
            lte(seasons.startDate, end),
            gte(seasons.endDate, start),
            exceptId === null ? undefined : ne(seasons.id, exceptId),
          ),
        )
        .orderBy(asc(seasons.startDate))
        .limit(1);
      return row;
    },

    /** A promo code of the listing spelled the same, ignoring case. */
    async findPromoCodeByCode(
      propertyId: number,
      code: string,
      exceptId: number | null,
    ): Promise<PromoCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(
          and(
            eq(promoCodes.propertyId, propertyId),
            sql`lower(${promoCodes.code}) = lower(${code})`,
            exceptId === null ? undefined : ne(promoCodes.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },

    /** Offers whose last day is `today` or later (all when `today` is null), in date order. */
    async offersEndingFrom(propertyId: number, today: string | null, limit: number): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(and(eq(offers.propertyId, propertyId), today === null ? undefined : gte(offers.endDate, today)))
        .orderBy(...orderOf(offers))
        .limit(limit);
    },

    /** Promo codes valid on `today` and not used up (all when `today` is null). */
    async promoCodesUsableOn(propertyId: number, today: string | null, limit: number): Promise<PromoCodeRow[]> {
      const usable =
        today === null
          ? undefined
          : and(
              lte(promoCodes.validFrom, today),
              gte(promoCodes.validTo, today),
              or(isNull(promoCodes.maxUses), lt(promoCodes.usedCount, promoCodes.maxUses)),
            );
      return db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.propertyId, propertyId), usable))
        .orderBy(...orderOf(promoCodes))
        .limit(limit);
    },
  };
}

/** Whether a database error is the promo code uniqueness index refusing a duplicate. */
export function isDuplicatePromoCode(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === '23505' && pg.constraint === 'promo_codes_property_code_uq';
}
