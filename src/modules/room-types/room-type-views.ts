// The spec's channel room type and rate plan, plus `price` (the plan's default nightly rate).
// Their shapes are the read form's (channel_room_types), so the properties module defines them.
import type { Static } from 'typebox';
import type { ratePlans, roomTypes } from '../../db/schema/index.ts';
import { minorToNumber } from '../../kernel/money.ts';
import { RatePlanView, RoomTypeView } from '../properties/index.ts';

export { RatePlanView, RoomTypeView };

export const ratePlanView = (r: typeof ratePlans.$inferSelect, decimals: number): Static<typeof RatePlanView> => ({
  id: r.id,
  title: r.title,
  currency: r.currency,
  price: minorToNumber(r.price, decimals),
  max_stay: r.maxStay,
  min_stay_arrival: r.minStayArrival,
  closed_to_arrival: r.closedToArrival,
  closed_to_departure: r.closedToDeparture,
  stop_sell: r.stopSell,
  sell_mode: r.sellMode,
  rate_mode: r.rateMode,
});

export const roomTypeView = (
  rt: typeof roomTypes.$inferSelect,
  plans: Array<typeof ratePlans.$inferSelect>,
  decimals: number,
): Static<typeof RoomTypeView> => ({
  id: rt.id,
  title: rt.title,
  count_of_rooms: rt.countOfRooms,
  occ_adults: rt.occAdults,
  occ_children: rt.occChildren,
  capacity: rt.capacity,
  rate_plans: plans.map((p) => ratePlanView(p, decimals)),
});
