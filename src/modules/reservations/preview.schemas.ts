// Shapes of POST /reservations/preview: the spec's preview request (+ guests, contract §6) and
// its "Price preview" table. The response schema is also the serializer, so it lists exactly the
// spec's members plus season_discount, without which the lines would not add up (issue 19);
// amounts are JSON numbers in currency units.
import { Type, type Static } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Envelope } from '../../platform/envelope.ts';
import { OneLine } from '../../platform/one-line.ts';

const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });
const Day = (description: string) => CalendarDay(`YYYY-MM-DD in the listing's time zone; ${description}`);
const Ids = (description: string) => Type.Optional(Type.Array(Id(), { maxItems: 50, description }));

export const RoomLine = Type.Object({
  room_type_id: Id("a room type of the listing; another listing's → 422 rooms.<i>.room_type_id"),
  rate_plan_id: Id('a rate plan of that room type; else → 422 rooms.<i>.rate_plan_id'),
  rooms_count: Type.Integer({ minimum: 1, maximum: 1000 }),
});

export const PreviewBody = Type.Object({
  property_id: Id('an active, visible listing; else 404'),
  checkin_date: Day('arrival'),
  checkout_date: Day('departure (exclusive); at most 365 nights after checkin_date (else 422)'),
  rooms: Type.Optional(
    Type.Array(RoomLine, {
      maxItems: 20,
      description: 'required for a listing with room types (422 rooms); omit for a listing sold whole',
    }),
  ),
  guests: Type.Optional(
    Type.Object(
      {
        // Optional: a member with a default is filled in when left out, not required.
        adults: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
        children: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
      },
      { description: 'default 1 adult; used for capacity, per-guest services and per-person rate plans' },
    ),
  ),
  promo_code: Type.Optional(
    OneLine({
      maxLength: 100,
      description: 'case-insensitive; an unknown or unusable code is simply not applied (promo_applied false)',
    }),
  ),
  offer_id: Type.Optional(
    Id("an offer of the listing (another listing's → 422 offer_id); applied only when its dates and min_nights fit"),
  ),
  package_ids: Ids('packages of the listing; any other → 422 package_ids'),
  service_ids: Ids('services of the listing; any other → 422 service_ids'),
});
export type PreviewBody = Static<typeof PreviewBody>;

const Num = Type.Number();
/** How the amounts add up; also said in the OpenAPI document so clients can rely on it. */
export const PRICE_LINES_IDENTITY =
  'Lines add up exactly: base_total − season_discount − long_stay_discount − offer_discount − promo_discount + cleaning_fee + ' +
  'services_total + packages_total + service_fee_total = sub_total, and sub_total + tax_amount = total.';
const Discount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  discount_value: Num,
  discount_type: Type.String(),
});

export const PricePreview = Type.Object(
  {
    nights: Type.Integer(),
    currency: Type.String(),
    base_price_per_night: Num,
    base_total: Type.Number({
      description:
        'the room lines before any discount (list price, before the season); = the sum of rooms_breakdown[].line_total',
    }),
    rooms_total: Num,
    cleaning_fee: Num,
    service_fee_total: Num,
    services_total: Num,
    services_details: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), price: Num, type: Type.String() }),
      { description: 'prices add up to services_total; [] when none' },
    ),
    tax_amount: Num,
    tax_rate: Num,
    promo_discount: Num,
    promo_applied: Type.Boolean(),
    season_discount: Type.Number({
      description: 'what the seasons take off base_total, night by night; subtracted to reach sub_total',
    }),
    long_stay_discount: Num,
    offer_discount: Num,
    offer_applied: Type.Boolean(),
    offer_details: Type.Union([Discount, Type.Null()]),
    packages_total: Num,
    packages_details: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), price: Num, is_global: Type.Boolean() }),
      { description: 'prices add up to packages_total' },
    ),
    sub_total: Num,
    total: Num,
    rooms_breakdown: Type.Optional(
      Type.Array(
        Type.Object({
          room_type_id: Type.Integer(),
          room_type_title: Type.String(),
          rate_plan_id: Type.Integer(),
          rate_plan_title: Type.String(),
          rooms_count: Type.Integer(),
          price_per_night: Num,
          line_total: Num,
        }),
        { description: 'absent when the listing is sold whole; line_total adds up to base_total' },
      ),
    ),
    season: Type.Union(
      [
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          reduction_percent: Num,
          min_stay: Type.Integer(),
          max_stay: Type.Integer(),
        }),
        Type.Null(),
      ],
      {
        description:
          'the season of the check-in night (else the first season met); null when no season applies; min_stay/max_stay 0 = none',
      },
    ),
    stay_validation: Type.Object(
      {
        valid: Type.Boolean(),
        message: Type.Union([Type.String(), Type.Null()]),
        min_stay: Type.Optional(
          Type.Integer({ description: 'the longest minimum stay a rule sets on these nights; absent when none does' }),
        ),
        max_stay: Type.Optional(
          Type.Integer({ description: 'the shortest maximum stay a rule sets on these nights; absent when none does' }),
        ),
      },
      {
        description:
          'always present here; valid false for a stay that cannot be booked as asked (creation would answer 422)',
      },
    ),
  },
  { description: PRICE_LINES_IDENTITY },
);

export const PreviewResponse = Envelope(PricePreview);
