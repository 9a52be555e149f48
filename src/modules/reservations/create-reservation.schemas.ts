// Shapes of reservation creation and of the reservation it answers (interface spec: the
// multi-room payload, "Reservation (read form)" and its lighter variant). The response schemas
// are also the serializers, so they list exactly the spec's members (and price_details' added lines).
import { Type, type Static } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Envelope } from '../../platform/envelope.ts';
import { PropertyReadForm } from '../properties/index.ts';
import { PRICE_LINES_IDENTITY, RoomLine } from './preview.schemas.ts';
import { OneLine } from '../../platform/one-line.ts';

const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });
const Day = (description: string) => CalendarDay(`YYYY-MM-DD in the listing's time zone; ${description}`);
const Ids = (description: string) => Type.Optional(Type.Array(Id(), { maxItems: 50, description }));
const Line = (max: number) => OneLine({ minLength: 1, maxLength: max });

const Extras = {
  special_requests: Type.Optional(Type.String({ maxLength: 2000 })),
  code_promo: Type.Optional(
    OneLine({
      maxLength: 100,
      description: 'named promo_code in the preview; an unknown or unusable code is simply not applied',
    }),
  ),
  offer_id: Type.Optional(
    Id('an offer of the listing (else 422 offer_id); applied only when its dates and min_nights fit'),
  ),
  package_ids: Ids('packages of the listing; any other → 422 package_ids'),
  service_ids: Ids('services of the listing; any other → 422 service_ids'),
};

export const SimpleBody = Type.Object({
  property_id: Id("an active, visible listing (else 404) that is not the caller's own (403)"),
  checkin_date: Day('arrival'),
  checkout_date: Day('departure (exclusive)'),
  guests: Type.Object({
    adults: Type.Integer({ minimum: 1, maximum: 1000 }),
    children: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
  }),
  rooms: Type.Optional(
    Type.Array(RoomLine, {
      maxItems: 20,
      description:
        'as in the preview: required for a listing with room types (422 rooms), omitted for a listing sold whole',
    }),
  ),
  ...Extras,
});
export type SimpleBody = Static<typeof SimpleBody>;

export const ADULT_AGE = 18;

export const MultiRoomBody = Type.Object({
  property_id: Id("an active, visible listing (else 404) that is not the caller's own (403)"),
  checkin_date: Day('arrival'),
  checkout_date: Day('departure (exclusive)'),
  guests: Type.Array(
    Type.Object({
      first_name: Line(100),
      last_name: Line(100),
      age: Type.Integer({ minimum: 0, maximum: 130 }),
      email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
      phone: Type.Optional(OneLine({ maxLength: 40 })),
    }),
    {
      minItems: 1,
      maxItems: 200,
      description: `every guest staying; age ≥ ${ADULT_AGE} counts as an adult, younger as a child; at least one adult (else 422 guests)`,
    },
  ),
  rooms: Type.Array(RoomLine, {
    minItems: 1,
    maxItems: 20,
    description: 'room lines of the listing (a listing sold whole takes none: use POST /reservations)',
  }),
  first_name: Line(100),
  last_name: Line(100),
  email: Type.String({ format: 'email', maxLength: 254 }),
  phone: Line(40),
  ...Extras,
});
export type MultiRoomBody = Static<typeof MultiRoomBody>;

const Amount = Type.Number({ description: "currency units, the reservation currency's decimals" });
export const ModificationPricing = Type.Object(
  {
    old_total: Amount,
    new_total: Amount,
    paid_amount: Type.Number({
      description:
        'what the platform held for the booking when the change was made (never changed: what it holds now): paid minus refunds requested',
    }),
    additional_due: Type.Number({
      description: 'what the booking owes now (derived on every read: 0 once the surplus is paid)',
    }),
    refund_due: Type.Number({ description: 'the refund the change requested (executed through the processor)' }),
    price_difference: Type.Number({ description: 'new_total − old_total (negative when cheaper)' }),
  },
  { $id: 'ModificationPricing' },
);

/**
 * The money side of changes. The spec shows these "present only after a modification"; here they
 * are on every read, with neutral values on a booking never changed, so a client never meets one
 * missing (CHANGE_MEMBERS_NOTE says so in the document).
 */
function ChangeMembers() {
  return {
    needs_additional_payment: Type.Boolean({
      description:
        'a confirmed booking owes a surplus now — total − (paid − refunds requested) > 0, derived on every read; ' +
        'pay it with POST /payments/process type additional. false once paid, on a booking never changed, and on a pending, cancelled or expired booking',
    }),
    additional_due: Type.Number({ description: 'what a confirmed booking owes now (0 when nothing), currency units' }),
    pricing: ModificationPricing,
    refund_initiated: Type.Boolean({
      description: 'a refund was requested by the last modification or by the cancellation; false otherwise',
    }),
    refund_amount: Type.Number({
      description: 'the refund requested by the last modification, or by the cancellation; 0 when none',
    }),
  };
}

/** Recorded in the read forms' descriptions: where the service widens the spec's "present only after a modification". */
const CHANGE_MEMBERS_NOTE =
  'needs_additional_payment, additional_due, pricing, refund_initiated and refund_amount are on every read, whatever the status: ' +
  'on a booking never changed they read false, 0, pricing {old_total = new_total = total, paid_amount = what the platform holds ' +
  '(paid − refunds requested), additional_due = what is owed now, refund_due 0, price_difference 0}, false and 0 ' +
  '(a cancellation sets refund_initiated and refund_amount to its own refund).';

const Common = {
  id: Type.Integer(),
  booking_ref_code: Type.String({ description: "'BK-' and 8 characters without look-alikes (0/O, 1/I/L)" }),
  checkin_date: Type.String(),
  checkout_date: Type.String(),
  status: Type.String({ description: 'pending until paid; the nights are held until the hold expires' }),
  special_requests: Type.Union([Type.String(), Type.Null()]),
  promo_code_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'set only when the promo was applied (and counted as used)',
  }),
  rooms_count: Type.Integer({ description: 'units held per night over all lines; 1 for a listing sold whole' }),
  ...ChangeMembers(),
  property: PropertyReadForm,
};

const Num = Type.Number();
// The spec's members plus the lines without which they would not add up (issue 19).
export const PriceDetails = Type.Object(
  {
    currency: Type.String(),
    nights: Type.Integer(),
    base_price_per_night: Num,
    base_total: Type.Number({ description: 'accommodation before any discount (list price, before the season)' }),
    season_discount: Type.Number({ description: 'what the seasons took off base_total' }),
    cleaning_fee: Num,
    service_fee_total: Num,
    services_total: Num,
    packages_total: Num,
    long_stay_discount: Num,
    offer_discount: Num,
    sub_total: Num,
    tax_rate: Num,
    tax_amount: Num,
    promo_discount: Num,
    total: Num,
  },
  { $id: 'PriceDetails', description: PRICE_LINES_IDENTITY },
);

export const ReservationReadForm = Type.Object(
  {
    ...Common,
    guests: Type.Object({ adults: Type.Integer(), children: Type.Integer() }),
    rooms_details: Type.Array(
      Type.Object({
        channel_room_type_id: Type.Integer({ description: '0 = the listing sold whole' }),
        channel_rate_plan_id: Type.Integer({ description: '0 = none (listing sold whole)' }),
        rooms_count: Type.Integer(),
        line_total: Num,
      }),
    ),
    price_details: PriceDetails,
  },
  {
    $id: 'ReservationReadForm',
    description: `Reservation (read form), with the listing's read form in property. ${CHANGE_MEMBERS_NOTE}`,
  },
);

export const ReservationLight = Type.Object(
  {
    ...Common,
    guests: Type.String({ description: 'JSON text of {adults, children}' }),
    price_details: Type.String({ description: `JSON text of the read form's price_details. ${PRICE_LINES_IDENTITY}` }),
    total: Type.String({
      description: 'decimal text with the currency\'s decimals ("485.10"); equals price_details.total',
    }),
  },
  {
    $id: 'ReservationLight',
    description: `Reservation, lighter variant: guests and price_details as JSON text, total as decimal text. ${CHANGE_MEMBERS_NOTE}`,
  },
);

export const ReservationParams = Type.Object({ id: Id() });
export const ReservationResponse = Envelope(ReservationReadForm);
export const ReservationLightResponse = Envelope(ReservationLight);

export const ModifyBody = Type.Object(
  {
    checkin_date: Type.Optional(Day('new arrival; default: unchanged')),
    checkout_date: Type.Optional(Day('new departure (exclusive); default: unchanged')),
    rooms: Type.Optional(
      Type.Array(RoomLine, {
        minItems: 1,
        maxItems: 20,
        description: 'new room lines (listing with room types only); default: the booked lines',
      }),
    ),
    guests: Type.Optional(
      Type.Object({
        adults: Type.Integer({ minimum: 1, maximum: 1000 }),
        children: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
      }),
    ),
  },
  { description: 'at least one member' },
);
export type ModifyBody = Static<typeof ModifyBody>;

export const ModificationResponse = Envelope(
  Type.Object({
    id: Type.Integer(),
    booking_ref_code: Type.String(),
    checkin_date: Type.String(),
    checkout_date: Type.String(),
    status: Type.String(),
    pricing: ModificationPricing,
    needs_additional_payment: Type.Boolean(),
    refund_initiated: Type.Boolean(),
    refund_amount: Type.Number(),
  }),
);

export const CancelBody = Type.Object({
  reason: Type.Optional(
    Type.String({ maxLength: 1000, description: 'kept with the reservation and sent with the cancellation event' }),
  ),
});
