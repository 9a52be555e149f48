// GET /properties/{id}/promos: the offers and promo codes of a listing. Travellers see what they
// can still use; the listing's owner and admins see everything, expired and used up included.
import type { Deps } from '../../container.ts';
import type { AuthUser } from '../auth/session-service.ts';
import { propertyRulesRepository } from './property-rules.repository.ts';
import { loadForRead, managesListing } from './rule-access.ts';
import { offerView, promoCodeView } from './rule-views.ts';

/** Most items of each kind returned; the paginated sub-resource lists give the rest. */
export const PROMOS_LIMIT = 200;

/** The calendar day at `now` in an IANA time zone (UTC when the zone is unknown). */
export function localDate(now: Date, timeZone: string): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const part = (type: string) => fmt.formatToParts(now).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export async function listPromos(deps: Deps, caller: AuthUser | null, propertyId: number) {
  const { property, decimals } = await loadForRead(deps, propertyId, caller, false);
  // "Today" is the listing's day: a code valid until the 31st works until midnight where the stay is.
  const today = managesListing(property, caller) ? null : localDate(deps.clock.now(), property.timezone);
  const repo = propertyRulesRepository(deps.db);
  const [offers, codes] = await Promise.all([
    repo.offersEndingFrom(propertyId, today, PROMOS_LIMIT),
    repo.promoCodesUsableOn(propertyId, today, PROMOS_LIMIT),
  ]);
  return { offers: offers.map((o) => offerView(o, decimals)), promo_codes: codes.map((c) => promoCodeView(c, decimals)) };
}
