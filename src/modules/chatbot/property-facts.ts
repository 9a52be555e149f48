// What the bot may tell this caller about a listing. The Wi-Fi network and password are put in
// the facts only for a guest with a confirmed reservation there whose stay is not over (checkout
// today or later, in the listing's time zone): not the owner, not staff, not a pending guest.
import type { Deps } from '../../kernel/deps.ts';
import type { PropertyFacts } from '../../ports/answer-engine.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { cancellationPolicyView, POLICY_NAMES, type PropertyRow } from '../properties/index.ts';
import { todayIn } from '../../kernel/calendar-dates.ts';
import { chatbotRepository } from './chatbot.repository.ts';

export async function propertyFacts(deps: Deps, caller: AuthUser, p: PropertyRow): Promise<PropertyFacts> {
  const repo = chatbotRepository(deps.db);
  const amenities = await repo.amenityNames(p.id);
  const wifiInfo = p.wifiInformations?.network ? p.wifiInformations : null;
  const entitled =
    wifiInfo !== null && (await repo.hasConfirmedStay(caller.id, p.id, todayIn(p.timezone, deps.clock.now())));
  const policy = cancellationPolicyView(p.cancellationPolicy);
  return {
    name: p.publicName || p.internalName || `Property ${p.id}`,
    checkInTime: p.checkInTime,
    checkInTimeEnd: p.checkInTimeEnd,
    checkOutTime: p.checkOutTime,
    rules: p.rules.filter((r) => typeof r === 'string' && r.trim() !== ''),
    cancellationPolicies: POLICY_NAMES.filter((n) => p.cancellationPolicy.includes(n)),
    cancellationDescription: policy?.description ?? null,
    amenities,
    petsAllowed: p.petsAllowed,
    breakfastIncluded: p.breakfastIncluded,
    hasWifi: wifiInfo !== null || amenities.some((a) => a.toLowerCase().replace(/[^a-z]/g, '') === 'wifi'),
    wifi: entitled && wifiInfo ? { network: wifiInfo.network, password: wifiInfo.password ?? '' } : null,
  };
}
