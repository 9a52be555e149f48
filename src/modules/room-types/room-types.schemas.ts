// Request and response shapes of room types, rate plans and the calendar (spec: "Channel room
// type" and its rate plan; contract §5 for `price`, the 7-entry weekday arrays and the calendar).
import { Type, type TSchema } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { OneLine } from '../../platform/one-line.ts';
import { RatePlanView, RoomTypeView } from './room-type-views.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Title = OneLine({
  minLength: 1,
  maxLength: 100,
  notBlank: true,
  description: '1–100 characters, not blank (trimmed)',
});
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
// One schema with a type list, not anyOf: with type coercion on, anyOf [number, null] turns null into 0.
const NullableNumber = (opts: { integer?: boolean; minimum: number; maximum: number; description: string }) =>
  Type.Unsafe<number | null>({
    type: [opts.integer ? 'integer' : 'number', 'null'],
    minimum: opts.minimum,
    maximum: opts.maximum,
    description: opts.description,
  });
const Day = (description: string) => CalendarDay(description);
/** Largest amount accepted in currency units: far above any nightly rate, well inside exact minor units. */
const MAX_AMOUNT = 1_000_000_000;

export const PropertyParams = Type.Object({ id: Id });
export const RoomTypeParams = Type.Object({ id: Id, rt: Id });
export const RatePlanParams = Type.Object({ id: Id, rt: Id, rp: Id });

const roomTypeFields = {
  title: Title,
  count_of_rooms: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    description: 'identical units of this kind, at least 1',
  }),
  occ_adults: Type.Integer({ minimum: 1, maximum: 100, description: 'adults a unit sleeps, at least 1' }),
  occ_children: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'children a unit sleeps besides the adults; default 0',
  }),
  capacity: Type.Integer({
    minimum: 1,
    maximum: 200,
    description: 'most guests in one unit; at least occ_adults (422 naming capacity)',
  }),
};
export const CreateRoomTypeBody = Type.Object({
  ...roomTypeFields,
  occ_children: Type.Optional(roomTypeFields.occ_children),
});
export const UpdateRoomTypeBody = Type.Partial(Type.Object(roomTypeFields), {
  description: 'Only the members sent change; the result must still satisfy every rule.',
});

const week = <T extends TSchema>(item: T, what: string) =>
  Type.Array(item, {
    minItems: 7,
    maxItems: 7,
    description: `${what}; exactly 7 entries, Monday first (422 naming the field otherwise)`,
  });
export const SellMode = Type.Union([Type.Literal('per_room'), Type.Literal('per_person')], {
  description: 'per_room (default): price is per unit and night; per_person: per guest and night',
});
export const RateMode = Type.Union(
  [Type.Literal('manual'), Type.Literal('derived'), Type.Literal('auto'), Type.Literal('cascade')],
  {
    description:
      "the channel manager's rate modes (default manual). Kept here for the owner's reference: this service always prices with `price` and " +
      'the calendar overrides, so every option it sends to the channel manager is priced and the plan goes there in manual mode',
  },
);
const ratePlanFields = {
  title: Title,
  currency: Type.String({
    pattern: '^[A-Za-z]{3}$',
    description: "ISO 4217 code; must be the listing's currency (422 naming currency otherwise); defaults to it",
  }),
  price: Type.Number({
    minimum: 0,
    maximum: MAX_AMOUNT,
    description: "default nightly rate in currency units, at most the currency's decimals (422 naming price otherwise)",
  }),
  max_stay: week(
    Type.Integer({ minimum: 0, maximum: 365 }),
    'longest stay in nights by arrival weekday, 0 = no limit; default all 0',
  ),
  min_stay_arrival: week(
    Type.Integer({ minimum: 1, maximum: 365 }),
    'shortest stay in nights by arrival weekday; default all 1; a non-zero max_stay may not be below it (422 naming max_stay)',
  ),
  closed_to_arrival: week(Type.Boolean(), 'no check-in on that weekday; default all false'),
  closed_to_departure: week(Type.Boolean(), 'no check-out on that weekday; default all false'),
  stop_sell: week(Type.Boolean(), 'not sold for nights on that weekday; default all false'),
  sell_mode: SellMode,
  rate_mode: RateMode,
};
export const CreateRatePlanBody = Type.Object({
  title: ratePlanFields.title,
  price: ratePlanFields.price,
  currency: Type.Optional(ratePlanFields.currency),
  max_stay: Type.Optional(ratePlanFields.max_stay),
  min_stay_arrival: Type.Optional(ratePlanFields.min_stay_arrival),
  closed_to_arrival: Type.Optional(ratePlanFields.closed_to_arrival),
  closed_to_departure: Type.Optional(ratePlanFields.closed_to_departure),
  stop_sell: Type.Optional(ratePlanFields.stop_sell),
  sell_mode: Type.Optional(ratePlanFields.sell_mode),
  rate_mode: Type.Optional(ratePlanFields.rate_mode),
});
export const UpdateRatePlanBody = Type.Partial(Type.Object(ratePlanFields), {
  description: 'Only the members sent change; the result must still satisfy every rule.',
});

export const RoomTypeResponse = Envelope(RoomTypeView);
export const RoomTypePage = Paginated(RoomTypeView);
export const RatePlanResponse = Envelope(RatePlanView);
export const RatePlanPage = Paginated(RatePlanView);
export const ListQuery = PageQuery;

export const CalendarBody = Type.Object({
  from: Day("first night to change (YYYY-MM-DD), not before today in the listing's time zone"),
  to: Day('last night to change, included; on or after from; at most 730 nights in all'),
  price: Type.Optional(
    NullableNumber({
      minimum: 0,
      maximum: MAX_AMOUNT,
      description: "nightly rate override in the listing currency's units; null removes the override",
    }),
  ),
  available_rooms: Type.Optional(
    NullableNumber({
      integer: true,
      minimum: 0,
      maximum: 10_000,
      description: 'units on sale, 0..count_of_rooms (0..1 for the listing); null goes back to the full count',
    }),
  ),
  stop_sell: Type.Optional(Type.Boolean({ description: 'true closes the nights to new bookings' })),
});
export const CalendarQuery = Type.Object({
  from: Type.Optional(Day("first night (default: today in the listing's time zone)")),
  to: Type.Optional(Day('last night, included (default: from + 29 days); at most 730 nights in all')),
});

export const CalendarNight = Type.Object({
  date: Type.String({ description: 'the night, YYYY-MM-DD (the stay starting that day)' }),
  price: Nullable(
    Type.Number({
      description:
        'effective nightly rate: the override, else the default rate; null when neither exists (not sellable)',
    }),
  ),
  available_rooms: Type.Integer({ description: 'effective units on sale: the override, else the full count' }),
  booked: Type.Integer({ description: 'units taken: by reservations, and blocked by imported iCal calendars' }),
  remaining: Type.Integer({
    description: 'units still sellable: 0 when stop_sell, else max(0, available_rooms − booked)',
  }),
  stop_sell: Type.Boolean(),
});
export const Calendar = Type.Object({
  property_id: Type.Integer(),
  room_type_id: Nullable(Type.Integer({ description: 'null for the listing-level unit' })),
  currency: Type.String({ description: "the listing's currency; every price is in it" }),
  from: Type.String(),
  to: Type.String(),
  nights: Type.Array(CalendarNight),
});
export const CalendarResponse = Envelope(Calendar);
