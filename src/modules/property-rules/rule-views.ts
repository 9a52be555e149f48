// How seasons, offers, packages, services and promo codes look in every response (the read
// form's untyped `seasons`/`offers`/`packages` entries and the sub-resource routes alike).
// Amounts are JSON numbers in currency units; percents are numbers. The shapes of seasons,
// offers and packages are the read form's, so the properties module defines them.
import { Type, type Static } from 'typebox';
import type { offers, packages, promoCodes, seasons, services } from '../../db/schema/index.ts';
import { minorToNumber } from '../../kernel/money.ts';
import { OfferView, PackageView, SeasonView } from '../properties/index.ts';

export { OfferView, PackageView, SeasonView };
export const ServiceView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Number(),
  type: Type.String(),
});
export const PromoCodeView = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  discount_type: Type.String(),
  discount_value: Type.Number(),
  valid_from: Type.String(),
  valid_to: Type.String(),
  max_uses: Type.Union([Type.Integer(), Type.Null()]),
  used_count: Type.Integer(),
  min_nights: Type.Integer(),
});

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export const seasonView = (s: Row<typeof seasons>): Static<typeof SeasonView> => ({
  id: s.id,
  name: s.name,
  start_date: s.startDate,
  end_date: s.endDate,
  reduction_percent: Number(s.reductionPercent),
  min_stay: s.minStay,
  max_stay: s.maxStay,
});

/** A fixed discount is kept in minor units; a percent as is. */
export const discountNumber = (type: string, value: string, decimals: number) =>
  type === 'fixed' ? minorToNumber(Number(value), decimals) : Number(value);

export const offerView = (o: Row<typeof offers>, decimals: number): Static<typeof OfferView> => ({
  id: o.id,
  name: o.name,
  discount_type: o.discountType,
  discount_value: discountNumber(o.discountType, o.discountValue, decimals),
  start_date: o.startDate,
  end_date: o.endDate,
  min_nights: o.minNights,
});
export const packageView = (p: Row<typeof packages>, decimals: number): Static<typeof PackageView> => ({
  id: p.id,
  name: p.name,
  price: minorToNumber(p.price, decimals),
  is_global: p.isGlobal,
});
export const serviceView = (s: Row<typeof services>, decimals: number): Static<typeof ServiceView> => ({
  id: s.id,
  name: s.name,
  price: minorToNumber(s.price, decimals),
  type: s.type,
});
export const promoCodeView = (c: Row<typeof promoCodes>, decimals: number): Static<typeof PromoCodeView> => ({
  id: c.id,
  code: c.code,
  discount_type: c.discountType,
  discount_value: discountNumber(c.discountType, c.discountValue, decimals),
  valid_from: c.validFrom,
  valid_to: c.validTo,
  max_uses: c.maxUses,
  used_count: c.usedCount,
  min_nights: c.minNights,
});
