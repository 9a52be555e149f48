// The price of a stay before booking (contract §6): the same loader and engine as creation, so
// the preview and the reservation agree to the cent; it only reads, and holds nothing.
import type { Deps } from '../../kernel/deps.ts';
import { priceStay, toPreview, type PricePreview } from '../pricing/index.ts';
import { loadPricingInput, type PricingRequest } from './load-pricing-input.ts';
import type { PreviewBody } from './preview.schemas.ts';
import { pricingInputCache } from './pricing-input-cache.ts';

export function toPricingRequest(body: PreviewBody): PricingRequest {
  return {
    propertyId: body.property_id,
    checkin: body.checkin_date,
    checkout: body.checkout_date,
    rooms: body.rooms?.map((r) => ({
      roomTypeId: r.room_type_id,
      ratePlanId: r.rate_plan_id,
      roomsCount: r.rooms_count,
    })),
    guests: body.guests,
    promoCode: body.promo_code?.trim() || null,
    offerId: body.offer_id ?? null,
    packageIds: body.package_ids,
    serviceIds: body.service_ids,
  };
}

export async function previewReservation(deps: Deps, body: PreviewBody): Promise<PricePreview> {
  const { input, currency } = await loadPricingInput(deps.db, toPricingRequest(body), {
    now: deps.clock.now(),
    serviceFeePercent: deps.config.SERVICE_FEE_PERCENT,
    cache: pricingInputCache(deps),
    cachedNights: true,
  });
  return toPreview(priceStay(input), currency);
}
