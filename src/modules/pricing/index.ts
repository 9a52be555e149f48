// The pricing engine: pure functions from prices and rules to a breakdown in minor units.
export * from './types.ts';
export {
  priceStay,
  DISCOUNT_ORDER,
  PRICING_STEPS,
  FIXED_DISCOUNT_SCOPE,
  WEEKLY_MIN_NIGHTS,
  MONTHLY_MIN_NIGHTS,
  nightAfterSeason,
} from './price-stay.ts';
export { validateStay, seasonFor, dayRules, MIN_NIGHTS, MAX_NIGHTS, type DayRules } from './stay-rules.ts';
export { toPreview, toPriceDetails, type PricePreview, type PriceDetails } from './preview-view.ts';
export { percentOf, PERCENT_SCALE } from './percent.ts';
export { refundFor, CANCELLATION_POLICIES, type CancellationPolicy, type RefundContext } from './refund-policy.ts';
export { checkinInstant } from './checkin-instant.ts';
