// Offers and promo codes: a percent or a fixed amount off a stay. A fixed amount is in the
// listing currency and kept in its minor units; a percent is kept with two decimals.
import type { Static } from 'typebox';
import { offers, promoCodes } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { isDuplicatePromoCode, propertyRulesRepository } from './property-rules.repository.ts';
import type { OfferInput, PromoCodeInput } from './property-rules.schemas.ts';
import { cleanName, overlay, type RuleKind } from './rule-kind.ts';
import { assertDateOrder, discountText } from './rule-values.ts';
import { discountNumber, offerView, promoCodeView, type OfferView, type PromoCodeView } from './rule-views.ts';

// Switching between percent and fixed changes what the stored value means (10 % is not 10 EUR),
// so a new type needs its value in the same request.
function mergeDiscount<I extends { discount_type: string; discount_value: number }>(current: I, patch: Partial<I>): I {
  if (
    patch.discount_type !== undefined &&
    patch.discount_type !== current.discount_type &&
    patch.discount_value === undefined
  ) {
    throw invalidField('discount_value', 'is required when discount_type changes');
  }
  return overlay(current, patch);
}

type FullOffer = Required<OfferInput>;

export const offerRules: RuleKind<typeof offers, FullOffer, Static<typeof OfferView>> = {
  path: 'offers',
  noun: 'Offer',
  table: offers,
  listedByViewers: true,
  defaults: { min_nights: 1 },
  toInput: (o, decimals) => ({
    name: o.name,
    discount_type: o.discountType as FullOffer['discount_type'],
    discount_value: discountNumber(o.discountType, o.discountValue, decimals),
    start_date: o.startDate,
    end_date: o.endDate,
    min_nights: o.minNights,
  }),
  merge: mergeDiscount,
  toColumns(input, decimals) {
    assertDateOrder(input, 'start_date', 'end_date');
    return {
      name: cleanName(input.name),
      discountType: input.discount_type,
      discountValue: discountText(input.discount_type, input.discount_value, decimals),
      startDate: input.start_date,
      endDate: input.end_date,
      minNights: input.min_nights,
    };
  },
  view: offerView,
};

type FullPromoCode = Required<PromoCodeInput>;

const codeTaken = (code: string) =>
  new AppError(
    'CONFLICT',
    `The promo code "${code}" already exists on this listing (codes are compared ignoring case)`,
  );

export const promoCodeRules: RuleKind<typeof promoCodes, FullPromoCode, Static<typeof PromoCodeView>> = {
  path: 'promo-codes',
  noun: 'Promo code',
  table: promoCodes,
  listedByViewers: false,
  defaults: { max_uses: null, min_nights: 1 },
  toInput: (c, decimals) => ({
    code: c.code,
    discount_type: c.discountType as FullPromoCode['discount_type'],
    discount_value: discountNumber(c.discountType, c.discountValue, decimals),
    valid_from: c.validFrom,
    valid_to: c.validTo,
    max_uses: c.maxUses,
    min_nights: c.minNights,
  }),
  merge: mergeDiscount,
  toColumns(input, decimals, current) {
    assertDateOrder(input, 'valid_from', 'valid_to');
    const maxUses = input.max_uses ?? null;
    // Uses already made stay made: a limit below them would describe a past that did not happen.
    if (current && maxUses !== null && maxUses < current.usedCount)
      throw invalidField('max_uses', `cannot be below used_count (${current.usedCount})`);
    return {
      code: input.code,
      discountType: input.discount_type,
      discountValue: discountText(input.discount_type, input.discount_value, decimals),
      validFrom: input.valid_from,
      validTo: input.valid_to,
      maxUses,
      minNights: input.min_nights,
    };
  },
  async assertNoConflict(db, propertyId, cols, exceptId) {
    if (await propertyRulesRepository(db).findPromoCodeByCode(propertyId, cols.code, exceptId))
      throw codeTaken(cols.code);
  },
  duplicateError: (err, cols) => (isDuplicatePromoCode(err) ? codeTaken(cols.code) : null),
  view: promoCodeView,
};
