// Builds read forms for a batch of listings with a fixed number of queries (one per kind of
// related row), whatever the batch size. Other modules listing properties may reuse it.
import type { Deps } from '../../container.ts';
import type { Executor } from '../../db/connection.ts';
import type { AuthUser } from '../auth/session-service.ts';
import type { PropertyRow } from './properties.repository.ts';
import { propertyReadRepository } from './property-read.repository.ts';
import { toReadForm, type PropertyReadForm } from './property-read-form.ts';

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** The read forms of these listings, in the same order, as `caller` sees them. */
export async function loadReadForms(deps: Deps, rows: PropertyRow[], caller: AuthUser | null, db: Executor = deps.db): Promise<PropertyReadForm[]> {
  if (!rows.length) return [];
  const repo = propertyReadRepository(db);
  const ids = rows.map((p) => p.id);
  const [typeNames, owners, currencies, commodities, medias, seasons, offers, packages, roomTypes, ratePlans, booked, favorites] = await Promise.all([
    repo.typeNames(unique(rows.flatMap((p) => (p.typeId === null ? [] : [p.typeId])))),
    repo.owners(unique(rows.map((p) => p.ownerId))),
    repo.currencies(unique(rows.map((p) => p.currencyCode))),
    repo.commodities(ids),
    repo.medias(ids),
    repo.seasons(ids),
    repo.offers(ids),
    repo.packages(ids),
    repo.roomTypes(ids),
    repo.ratePlans(ids),
    repo.bookedNights(ids, deps.clock.now()),
    caller ? repo.favoriteIds(caller.id, ids) : Promise.resolve(null),
  ]);
  return rows.map((p) =>
    toReadForm(p, {
      typeName: p.typeId === null ? undefined : typeNames.get(p.typeId),
      owner: owners.get(p.ownerId)!,
      currency: currencies.get(p.currencyCode),
      commodities: commodities.get(p.id) ?? [],
      medias: medias.get(p.id) ?? [],
      seasons: seasons.get(p.id) ?? [],
      offers: offers.get(p.id) ?? [],
      packages: packages.get(p.id) ?? [],
      roomTypes: roomTypes.get(p.id) ?? [],
      ratePlans,
      bookedNights: booked.get(p.id) ?? [],
      isFavorite: favorites ? favorites.has(p.id) : undefined,
      // Owner e-mail and phone are for signed-in callers, so anonymous scraping cannot harvest them.
      showContact: caller !== null,
    }),
  );
}

/** One listing's read form. */
export async function loadReadForm(deps: Deps, row: PropertyRow, caller: AuthUser | null): Promise<PropertyReadForm> {
  const [form] = await loadReadForms(deps, [row], caller);
  return form!;
}
