// Request and response shapes of the pricing-rule routes (contract §5: the sub-resources of a
// listing). The read shapes are the shared views in rule-views.ts.
import { Type, type Static, type TSchema } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { OneLine } from '../../platform/one-line.ts';
import { OfferView, PackageView, PromoCodeView, SeasonView, ServiceView } from './rule-views.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const PropertyParams = Type.Object({ id: Id });
export const ItemParams = Type.Object({ id: Id, itemId: Id });

const Name = OneLine({ minLength: 1, maxLength: 120, notBlank: true, description: '1–120 characters, not blank' });
const Day = (description: string) => CalendarDay(`YYYY-MM-DD; ${description}`);
/** Largest amount a rule may carry, in currency units: keeps minor units inside the NUMERIC(14,2) / bigint columns for any currency. */
export const MAX_AMOUNT = 100_000_000;
const Amount = (description: string) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_AMOUNT,
    description: `${description}; in the listing currency with at most its decimals (EUR 2, JPY 0: 422 otherwise)`,
  });
const Nights = (description: string) => Type.Integer({ minimum: 1, maximum: 365, description });
// `type: [integer, null]` rather than anyOf: with type coercion on, ajv turns 0 into null for an
// anyOf null branch, which would quietly read "min_stay 0" as "no minimum".
const NullableInt = (minimum: number, maximum: number, description: string) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum, maximum, description });
const NullableNights = (description: string) => NullableInt(1, 365, description);
const Percent = (description: string) =>
  Type.Number({ minimum: 0, maximum: 100, description: `${description}; 0–100, at most 2 decimals` });
const DiscountType = Type.Union([Type.Literal('percent'), Type.Literal('fixed')], {
  description: 'percent of the stay, or a fixed amount off it',
});
const DiscountValue = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_AMOUNT,
  description:
    'greater than 0; percent: at most 100 with 2 decimals; fixed: an amount in the listing currency with at most its decimals',
});

export const SeasonFields = {
  name: Name,
  start_date: Day('first day of the season'),
  end_date: Day('last day of the season, included; on or after start_date'),
  reduction_percent: Percent('reduction of the nightly rate during the season (default 0)'),
  min_stay: NullableNights('shortest stay in nights touching the season; null: no minimum'),
  max_stay: NullableNights('longest stay in nights; null: no maximum; at least min_stay'),
};
export const CreateSeasonBody = Type.Object({
  ...SeasonFields,
  reduction_percent: Type.Optional(SeasonFields.reduction_percent),
  min_stay: Type.Optional(SeasonFields.min_stay),
  max_stay: Type.Optional(SeasonFields.max_stay),
});
export type SeasonInput = Static<typeof CreateSeasonBody>;

export const OfferFields = {
  name: Name,
  discount_type: DiscountType,
  discount_value: DiscountValue,
  start_date: Day('first day of the stays the offer applies to'),
  end_date: Day('last day, included; on or after start_date'),
  min_nights: Nights('shortest stay the offer applies to (default 1)'),
};
export const CreateOfferBody = Type.Object({ ...OfferFields, min_nights: Type.Optional(OfferFields.min_nights) });
export type OfferInput = Static<typeof CreateOfferBody>;

export const PackageFields = {
  name: Name,
  price: Amount('price of the package, 0 or more'),
  is_global: Type.Boolean({
    description: 'stored and returned as sent (default false); the spec gives it no further meaning',
  }),
};
export const CreatePackageBody = Type.Object({ ...PackageFields, is_global: Type.Optional(PackageFields.is_global) });
export type PackageInput = Static<typeof CreatePackageBody>;

export const ServiceFields = {
  name: Name,
  price: Amount('price, 0 or more: per stay, per night or per guest as `type` says'),
  type: Type.Union([Type.Literal('per_stay'), Type.Literal('per_night'), Type.Literal('per_guest')]),
};
export const CreateServiceBody = Type.Object(ServiceFields);
export type ServiceInput = Static<typeof CreateServiceBody>;

export const PromoCodeFields = {
  code: Type.String({
    pattern: '^[A-Za-z0-9_-]{3,40}$',
    description:
      '3–40 letters, digits, - or _; unique on the listing ignoring case (409); kept as written, matched ignoring case',
  }),
  discount_type: DiscountType,
  discount_value: DiscountValue,
  valid_from: Day('first day, in the listing time zone, on which the code can be redeemed'),
  valid_to: Day('last day it can be redeemed, included; on or after valid_from'),
  max_uses: NullableInt(
    1,
    1_000_000_000,
    'how many reservations may use it; null (default): unlimited; never below used_count',
  ),
  min_nights: Nights('shortest stay the code applies to (default 1)'),
};
export const CreatePromoCodeBody = Type.Object(
  {
    ...PromoCodeFields,
    max_uses: Type.Optional(PromoCodeFields.max_uses),
    min_nights: Type.Optional(PromoCodeFields.min_nights),
  },
  { description: 'used_count is read-only: counted by reservations, ignored when sent' },
);
export type PromoCodeInput = Static<typeof CreatePromoCodeBody>;

/** Update bodies: every field optional; the merged item is checked as a whole. */
const partial = <P extends Record<string, TSchema>>(fields: P) =>
  Type.Partial(Type.Object(fields), {
    description: 'Partial: only the fields sent change; the resulting item must satisfy every rule of a new one.',
  });
export const UpdateSeasonBody = partial(SeasonFields);
export const UpdateOfferBody = partial(OfferFields);
export const UpdatePackageBody = partial(PackageFields);
export const UpdateServiceBody = partial(ServiceFields);
export const UpdatePromoCodeBody = partial(PromoCodeFields);

export const PromosResponse = Envelope(
  Type.Object({ offers: Type.Array(OfferView), promo_codes: Type.Array(PromoCodeView) }),
);

/** What the routes of one rule kind are built from. */
export interface KindSchemas {
  create: TSchema;
  update: TSchema;
  item: TSchema;
  list: TSchema;
}
const kind = (create: TSchema, update: TSchema, view: TSchema): KindSchemas => ({
  create,
  update,
  item: Envelope(view),
  list: Paginated(view),
});

export const SCHEMAS = {
  seasons: kind(CreateSeasonBody, UpdateSeasonBody, SeasonView),
  offers: kind(CreateOfferBody, UpdateOfferBody, OfferView),
  packages: kind(CreatePackageBody, UpdatePackageBody, PackageView),
  services: kind(CreateServiceBody, UpdateServiceBody, ServiceView),
  'promo-codes': kind(CreatePromoCodeBody, UpdatePromoCodeBody, PromoCodeView),
} as const;
