// The listing read form's `seasons`, `offers` and `packages` (the properties module assembles
// the form; this module fills its section, registered from the plugin): one statement per kind
// of rule for the whole batch of listings.
import { offers, packages, seasons } from '../../db/schema/index.ts';
import { groupBy, type ReadFormSectionLoader } from '../properties/index.ts';
import { propertyRulesRepository } from './property-rules.repository.ts';
import { offerView, packageView, seasonView } from './rule-views.ts';

export const loadRulesSection: ReadFormSectionLoader<'rules'> = async (db, propertyIds) => {
  const repo = propertyRulesRepository(db);
  const [seasonRows, offerRows, packageRows] = await Promise.all([
    repo.ofListings(seasons, propertyIds),
    repo.ofListings(offers, propertyIds),
    repo.ofListings(packages, propertyIds),
  ]);
  const bySeason = groupBy(seasonRows, (r) => r.propertyId);
  const byOffer = groupBy(offerRows, (r) => r.propertyId);
  const byPackage = groupBy(packageRows, (r) => r.propertyId);
  return (propertyId, decimals) => ({
    seasons: (bySeason.get(propertyId) ?? []).map(seasonView),
    offers: (byOffer.get(propertyId) ?? []).map((o) => offerView(o, decimals)),
    packages: (byPackage.get(propertyId) ?? []).map((k) => packageView(k, decimals)),
  });
};
