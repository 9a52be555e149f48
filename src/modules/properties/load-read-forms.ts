// Builds read forms for a batch of listings with a fixed number of queries (one per kind of
// related row), whatever the batch size. Other modules listing properties may reuse it. The
// sections other modules own are loaded by them (read-form-sections.ts), in the same batch.
import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../kernel/caller.ts';

/** A signed-in reader: a read form needs only who it is (is_favorite, contact details shown). */
type Member = Pick<AuthUser, 'id'>;
import type { PropertyRow } from './properties.repository.ts';
import { propertyReadRepository } from './property-read.repository.ts';
import { availabilityOf, listingDecimals, toReadForm, type PropertyReadForm } from './property-read-form.ts';
import { loadSections } from './read-form-sections.ts';
import { AppError } from '../../platform/errors.ts';
import { propertyDetailCache } from './property-detail-cache.ts';

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** The read forms of these listings, in the same order, as `caller` sees them. */
export async function loadReadForms(
  deps: Deps,
  rows: PropertyRow[],
  caller: Member | null,
  db: Executor = deps.db,
): Promise<PropertyReadForm[]> {
  if (!rows.length) return [];
  const repo = propertyReadRepository(db);
  const ids = rows.map((p) => p.id);
  const [typeNames, owners, currencies, commodities, sections, booked, favorites] = await Promise.all([
    repo.typeNames(unique(rows.flatMap((p) => (p.typeId === null ? [] : [p.typeId])))),
    repo.owners(unique(rows.map((p) => p.ownerId))),
    repo.currencies(unique(rows.map((p) => p.currencyCode))),
    repo.commodities(ids),
    loadSections(deps, db, ids),
    repo.bookedNights(ids, deps.clock.now()),
    caller ? repo.favoriteIds(caller.id, ids) : Promise.resolve(null),
  ]);
  return rows.map((p) => {
    const currency = currencies.get(p.currencyCode);
    return toReadForm(p, {
      typeName: p.typeId === null ? undefined : typeNames.get(p.typeId),
      owner: owners.get(p.ownerId)!,
      currency,
      commodities: commodities.get(p.id) ?? [],
      sections: sections(p.id, listingDecimals(currency)),
      bookedNights: booked.get(p.id) ?? [],
      isFavorite: favorites ? favorites.has(p.id) : undefined,
      // Owner e-mail and phone are for signed-in callers, so anonymous scraping cannot harvest them.
      showContact: caller !== null,
    });
  });
}

/** One listing's read form. */
export async function loadReadForm(deps: Deps, row: PropertyRow, caller: Member | null): Promise<PropertyReadForm> {
  const [form] = await loadReadForms(deps, [row], caller);
  return form!;
}

export interface CachedReadFormOptions {
  id: number;
  caller: Member | null;
  /** Reads the listing on a cache miss. */
  loadRow: () => Promise<PropertyRow | undefined>;
  /** Whether the caller may see the listing (404 otherwise). */
  visible: (row: PropertyRow) => boolean;
}

/**
 * A listing's read form as `caller` sees it, from the detail cache when it holds the form: then
 * at most one query (booked nights after a reservation changed them, and the caller's own
 * is_favorite). Otherwise `loadRow` reads the listing and the form is built and cached.
 */
export async function cachedReadForm(deps: Deps, opts: CachedReadFormOptions): Promise<PropertyReadForm> {
  const { id, caller, loadRow, visible } = opts;
  const cache = propertyDetailCache(deps);
  const variant = caller ? 'member' : 'anonymous';
  const stamp = deps.readAt ?? cache.stamp();
  const cached = cache.get(id);
  const form = cached?.[variant];
  if (cached && form) {
    if (!visible(cached.row)) throw new AppError('NOT_FOUND', 'Property not found');
    const repo = propertyReadRepository(deps.db);
    let availability = cache.availability(id);
    let isFavorite: boolean | undefined;
    if (!availability) {
      const live = await repo.liveParts(id, deps.clock.now(), caller?.id ?? null);
      isFavorite = live.isFavorite;
      availability = availabilityOf(live.bookedNights);
      cache.putAvailability(id, availability, stamp);
    } else if (caller) {
      isFavorite = await repo.isFavorite(caller.id, id);
    }
    // is_favorite is the caller's own, so it is read fresh and never cached.
    return { ...form, ...availability, ...(caller ? { is_favorite: isFavorite } : {}) };
  }
  const row = await loadRow();
  if (!row || !visible(row)) throw new AppError('NOT_FOUND', 'Property not found');
  const built = await loadReadForm(deps, row, caller);
  const { is_favorite: _mine, ...shared } = built;
  cache.put(id, row, variant, shared as PropertyReadForm, stamp);
  return built;
}
