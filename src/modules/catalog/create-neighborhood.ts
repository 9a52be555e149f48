import type { Deps } from '../../kernel/deps.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { neighborhoodView } from './catalog-views.ts';
import type { NeighborhoodBody } from './catalog.schemas.ts';
import { isUniqueViolation } from './db-errors.ts';
import { placesRepository } from './places.repository.ts';

/** Adds a neighborhood to a city (admin); unique per country, city and name, whatever their case. */
export async function createNeighborhood(deps: Deps, caller: AuthUser, input: NeighborhoodBody) {
  const now = deps.clock.now();
  const country = input.country.toUpperCase();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const repo = placesRepository(tx);
      if (!(await repo.findCountry(country))) throw invalidField('country', 'is not a known ISO 3166-1 alpha-2 country code');
      const created = await repo.insertNeighborhood({ countryCode: country, city: input.city.trim(), name: input.name.trim() });
      await recordAudit(tx, caller, { action: 'neighborhood.create', targetType: 'neighborhood', targetId: created.id, after: { country, city: created.city, name: created.name } }, now);
      return created;
    });
    return neighborhoodView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'This neighborhood already exists in this city', { name: ['is already taken'] });
    throw err;
  }
}
