// Neighborhoods: a name in a city of a country, unique per country, city and name whatever their
// case. Admins add them; they are neither renamed nor deleted through the API.
import type { Executor } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { neighborhoodView } from './catalog-views.ts';
import type { NeighborhoodBody, NeighborhoodQuery } from './catalog.schemas.ts';
import { placesRepository, type NeighborhoodRow } from './places.repository.ts';
import { trimmed, type ReferenceKind } from './reference-kind.ts';

/** An unknown country is a bad request (422 naming country), not an empty list. */
async function knownCountry(db: Executor, code: string): Promise<void> {
  if (!(await placesRepository(db).findCountry(code)))
    throw invalidField('country', 'is not a known ISO 3166-1 alpha-2 country code');
}

export const neighborhoodKind: ReferenceKind<
  NeighborhoodRow,
  ReturnType<typeof neighborhoodView>,
  NeighborhoodQuery,
  NeighborhoodBody
> = {
  noun: 'Neighborhood',
  target: 'neighborhood',
  auditId: (row) => row.id,
  snapshot: (row) => ({ country: row.countryCode, city: row.city, name: row.name }),
  view: neighborhoodView,
  // The neighborhoods of one country, optionally of one city.
  list: async (db, _caller, query, limit, offset) => {
    const country = query.country.toUpperCase();
    await knownCountry(db, country);
    return placesRepository(db).listNeighborhoods(country, query.city?.trim() || undefined, limit, offset);
  },
  create: (body) => {
    const values = { countryCode: body.country.toUpperCase(), city: trimmed(body.city), name: trimmed(body.name) };
    return async (tx) => {
      await knownCountry(tx, values.countryCode);
      return placesRepository(tx).insertNeighborhood(values);
    };
  },
  refused: (err) =>
    isUniqueViolation(err)
      ? new AppError('CONFLICT', 'This neighborhood already exists in this city', { name: ['is already taken'] })
      : null,
};
