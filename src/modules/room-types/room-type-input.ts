// The rules of a room type and a rate plan that one field's schema cannot express, checked on the
// values a change would leave (a partial update is merged onto the stored row first).
import type { Static } from 'typebox';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { Executor } from '../../db/connection.ts';
import { toMinor } from '../../kernel/money.ts';
import { roomTypesRepository, type NewRatePlan, type RatePlanRow, type RoomTypeRow } from './room-types.repository.ts';
import type { CreateRatePlanBody, UpdateRatePlanBody, UpdateRoomTypeBody } from './room-types.schemas.ts';

export const MAX_ROOM_TYPES_PER_PROPERTY = 50;
export const MAX_RATE_PLANS_PER_ROOM_TYPE = 20;

export interface RoomTypeFields {
  title: string;
  countOfRooms: number;
  occAdults: number;
  occChildren: number;
  capacity: number;
}

/** The room type a change leaves, checked: capacity ≥ occ_adults. */
export function roomTypeFields(body: Static<typeof UpdateRoomTypeBody>, current?: RoomTypeRow): RoomTypeFields {
  const f: RoomTypeFields = {
    title: (body.title ?? current?.title ?? '').trim(),
    countOfRooms: body.count_of_rooms ?? current!.countOfRooms,
    occAdults: body.occ_adults ?? current!.occAdults,
    occChildren: body.occ_children ?? current?.occChildren ?? 0,
    capacity: body.capacity ?? current!.capacity,
  };
  if (f.capacity < f.occAdults) throw invalidField('capacity', `must be at least occ_adults (${f.occAdults})`);
  return f;
}

/** A room type of this listing; another listing's room type is "not found". */
export async function loadRoomType(
  db: Executor,
  propertyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<RoomTypeRow> {
  const rt = await roomTypesRepository(db).findInProperty(propertyId, id, opts);
  if (!rt) throw notFound('Room type');
  return rt;
}

const seven = <T>(v: T): T[] => Array.from({ length: 7 }, () => v);

type RatePlanValues = Omit<NewRatePlan, 'roomTypeId'>;

/**
 * The rate plan a change leaves, as row values: currency the listing's, price in its minor units,
 * weekday arrays defaulted, a non-zero max_stay never below min_stay_arrival.
 */
export function ratePlanValues(
  body: Static<typeof CreateRatePlanBody> | Static<typeof UpdateRatePlanBody>,
  listing: { currency: string; decimals: number },
  current?: RatePlanRow,
): RatePlanValues {
  // A plan follows its listing's currency: one stored before a currency change is realigned on its next update.
  const currency = (body.currency ?? listing.currency).toUpperCase();
  if (currency !== listing.currency.toUpperCase())
    throw invalidField('currency', `must be the listing's currency (${listing.currency})`);
  let price = current?.price;
  if (body.price !== undefined) {
    const minor = toMinor(body.price, listing.decimals);
    if (minor === null || minor < 0)
      throw invalidField('price', `must be an amount ≥ 0 with at most ${listing.decimals} decimals`);
    price = minor;
  }
  if (price === undefined) throw invalidField('price', 'is required');
  const v: RatePlanValues = {
    title: (body.title ?? current?.title ?? '').trim(),
    currency,
    price,
    maxStay: body.max_stay ?? current?.maxStay ?? seven(0),
    minStayArrival: body.min_stay_arrival ?? current?.minStayArrival ?? seven(1),
    closedToArrival: body.closed_to_arrival ?? current?.closedToArrival ?? seven(false),
    closedToDeparture: body.closed_to_departure ?? current?.closedToDeparture ?? seven(false),
    stopSell: body.stop_sell ?? current?.stopSell ?? seven(false),
    sellMode: body.sell_mode ?? current?.sellMode ?? 'per_room',
    rateMode: body.rate_mode ?? current?.rateMode ?? 'manual',
  };
  const day = v.maxStay!.findIndex((max, i) => max !== 0 && max < v.minStayArrival![i]!);
  if (day >= 0)
    throw invalidField('max_stay', `entry ${day + 1} (${WEEKDAYS[day]}) is below min_stay_arrival; use 0 for no limit`);
  return v;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
