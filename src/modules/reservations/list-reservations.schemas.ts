// Query and response shapes of GET /reservations and GET /reservations/search. The items are the
// read form and the lighter variant of create-reservation.schemas.ts, so the list, the detail and
// creation answer the same members.
import { Type } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { ReservationLight, ReservationReadForm } from './create-reservation.schemas.ts';

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;

const Status = Type.Optional(
  Type.Union(
    RESERVATION_STATUSES.map((s) => Type.Literal(s)),
    { description: 'only reservations in this status' },
  ),
);
const Day = (description: string) => Type.Optional(CalendarDay(`YYYY-MM-DD; ${description}`));
const StayWindow = {
  from: Day('with to, the window [from, to): stays with checkout_date > from (a stay leaving on from is not in it)'),
  to: Day('stays with checkin_date < to (a stay arriving on to is not in it); before from → 422 to'),
};

export const ListReservationsQuery = Type.Object({
  ...PageQuery.properties,
  status: Status,
  property_id: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        "only this listing's reservations (still within the caller's scope: a listing the caller neither owns nor booked gives an empty list)",
    }),
  ),
  ...StayWindow,
});

export const SearchReservationsQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        "case-insensitive: a prefix of booking_ref_code (the whole code too), or part of the guest account's name or of the " +
        'multi-room contact\'s name, each matched as "first last"; % and _ are plain characters; surrounding spaces are ignored',
    }),
  ),
  status: Status,
  ...StayWindow,
});

export const ReservationListResponse = Paginated(ReservationReadForm);
export const ReservationSearchResponse = Paginated(ReservationLight);
