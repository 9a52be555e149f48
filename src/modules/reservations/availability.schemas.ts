// Shapes of GET /properties/{id}/availability (contract §11). The response schema is also the
// serializer, so it lists exactly these members.
import { Type, type Static } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Envelope } from '../../platform/envelope.ts';

/** Contract §11: at most 366 nights per call. */
export const MAX_CALENDAR_NIGHTS = 366;

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Stay = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

export const AvailabilityParams = Type.Object({ id: Id });
export const AvailabilityQuery = Type.Object({
  from: CalendarDay("the first night, in the listing's time zone"),
  to: CalendarDay(
    `the day after the last night (exclusive), after from and at most ${MAX_CALENDAR_NIGHTS} nights later; else 422 to`,
  ),
});
export type AvailabilityQuery = Static<typeof AvailabilityQuery>;

const Price = Type.Number({
  description: 'the night after its season, in the listing currency (per person for a per_person rate plan)',
});

const RatePlanNight = Type.Object({
  rate_plan_id: Type.Integer(),
  price: Price,
  min_stay: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: "arriving that day: the strictest of the season's and the plan's minimum; null = none",
  }),
  max_stay: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: 'arriving that day: the strictest maximum; null = none',
  }),
  closed_to_arrival: Type.Boolean(),
  closed_to_departure: Type.Boolean({ description: 'a stay may not end (check out) on this day' }),
  stop_sell: Type.Boolean({ description: 'the plan or the calendar does not sell this night' }),
});

const RoomTypeNight = Type.Object({
  room_type_id: Type.Integer(),
  rooms_left: Type.Integer({ minimum: 0 }),
  rate_plans: Type.Array(RatePlanNight),
});

export const AvailabilityNight = Type.Object({
  date: Type.String({ format: 'date' }),
  bookable: Type.Boolean({
    description:
      "the night can be sold (not past, not stopped, a unit left: the listing's, or a room of some room type under a plan that sells it); a stay also needs the rules of its arrival and departure days",
  }),
  price: Type.Union([Type.Number(), Type.Null()], {
    description:
      'the night after its season; with room types the lowest plan price of a sellable room type (else of any); null when nothing is priced',
  }),
  min_stay: Stay,
  max_stay: Stay,
  closed_to_arrival: Type.Boolean(),
  closed_to_departure: Type.Boolean(),
  room_types: Type.Optional(Type.Array(RoomTypeNight, { description: 'listings sold by room type only' })),
});

export const Availability = Type.Object({
  currency: Type.String(),
  nights: Type.Array(AvailabilityNight),
});
export type Availability = Static<typeof Availability>;
export type AvailabilityNight = Static<typeof AvailabilityNight>;

export const AvailabilityResponse = Envelope(Availability);
