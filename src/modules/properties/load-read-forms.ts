// Builds read forms for a batch of listings with a fixed number of queries (one per kind of
// related row), whatever the batch size. Other modules listing properties may reuse it. The
// sections other modules own are loaded by them (read-form-sections.ts), in the same batch.
import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../kernel/caller.ts';

/** A signed-in reader: a read form needs only who it is (is_favorite, contact details shown). */
type Member = Pick<AuthUser, 'id'>;
import type { PropertyRow } from './properties.repository.ts';
import { propertyReadRepository, type LiveParts } from './property-read.repository.ts';
import { availabilityOf, listingDecimals, toReadForm, type PropertyReadForm } from './property-read-form.ts';
import { loadSections } from './read-form-sections.ts';
import { AppError } from '../../platform/errors.ts';
import { propertyDetailCache, type Availability, type PropertyDetailCache } from './property-detail-cache.ts';

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** The read forms of these listings, in the same order, as `caller` sees them. */
export async function loadReadForms(deps: Deps, rows: PropertyRow[], caller: Member | null, db: Executor = deps.db): Promise<PropertyReadForm[]> {
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

/** A change of a listing's nights by the caller: `readAt` taken before it read anything, `own` its announced change (null: not announced). */
export interface OwnNightsChange {
  readAt: number;
  own: number | null;
}

/** Whether the detail cache knows the listing's current availability (a booking then reads only its stay's nights). */
export function knowsAvailability(deps: Deps, id: number): boolean {
  return propertyDetailCache(deps).availability(id) !== undefined;
}

/**
 * A listing's read form as `caller` sees it, from the detail cache when it holds the form: then
 * at most one query (booked nights after a reservation changed them, and the caller's own
 * is_favorite), none when the caller passes `live` (read in its own last statement, after its
 * own `change`: the whole year's nights, or its stay's merged into the availability known before).
 * Otherwise `loadRow` reads the listing and the form is built and cached. The caller decides
 * who may see the row (`visible`; 404 otherwise).
 */
export async function cachedReadForm(
  deps: Deps, id: number, caller: Member | null,
  loadRow: () => Promise<PropertyRow | undefined>, visible: (row: PropertyRow) => boolean, live?: LiveParts, change?: OwnNightsChange,
): Promise<PropertyReadForm> {
  const cache = propertyDetailCache(deps);
  const variant = caller ? 'member' : 'anonymous';
  const stamp = cache.stamp();
  const cached = cache.get(id);
  const form = cached?.forms[variant];
  if (cached && form) {
    if (!visible(cached.row)) throw new AppError('NOT_FOUND', 'Property not found');
    let availability = live ? ownAvailability(cache, id, live, change) : cache.availability(id);
    if (!availability || (caller && !live)) {
      live = await propertyReadRepository(deps.db).liveParts(id, deps.clock.now(), caller?.id ?? null);
      if (!availability) {
        availability = availabilityOf(live.bookedNights);
        cache.putAvailability(id, availability, stamp);
      }
    }
    // is_favorite is the caller's own, so it is read fresh and never cached.
    return { ...form, ...availability, ...(caller ? { is_favorite: live!.isFavorite } : {}) };
  }
  const row = await loadRow();
  if (!row || !visible(row)) throw new AppError('NOT_FOUND', 'Property not found');
  const built = await loadReadForm(deps, row, caller);
  const { is_favorite: _mine, ...shared } = built;
  cache.put(id, row, variant, shared as PropertyReadForm, stamp);
  return built;
}

/** The availability after the caller's own change of nights, from what its statement read; kept for the next reader. */
function ownAvailability(cache: PropertyDetailCache, id: number, live: LiveParts, change: OwnNightsChange | undefined): Availability | undefined {
  const own = change?.own ?? undefined;
  if (live.stay) return own === undefined ? undefined : cache.withOwnBooking(id, own, { ...live.stay, nights: live.bookedNights });
  const availability = availabilityOf(live.bookedNights);
  if (change && own !== undefined) cache.putAvailability(id, availability, change.readAt, own);
  return availability;
}
