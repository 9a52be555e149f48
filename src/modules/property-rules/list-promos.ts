// GET /properties/{id}/promos: the offers and promo codes of a listing. Travellers see what they
// can still use; the listing's owner and admins see everything, expired and used up included.
import type { Deps } from '../../kernel/deps.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { propertyRulesRepository } from './property-rules.repository.ts';
import { loadForRead, managesListing } from './rule-access.ts';
import { offerView, promoCodeView } from './rule-views.ts';

/** Most items of each kind returned; the paginated sub-resource lists give the rest. */
export const PROMOS_LIMIT = 200;

export async function listPromos(deps: Deps, caller: AuthUser | null, propertyId: number) {
  const { property, decimals } = await loadForRead(deps, propertyId, caller, false);
  // "Today" is the listing's day: a code valid until the 31st works until midnight where the stay is.
  const today = managesListing(property, caller) ? null : todayIn(property.timezone, deps.clock.now());
  const repo = propertyRulesRepository(deps.db);
  const [offers, codes] = await Promise.all([
    repo.offersEndingFrom(propertyId, today, PROMOS_LIMIT),
    repo.promoCodesUsableOn(propertyId, today, PROMOS_LIMIT),
  ]);
  return {
    offers: offers.map((o) => offerView(o, decimals)),
    promo_codes: codes.map((c) => promoCodeView(c, decimals)),
  };
}
