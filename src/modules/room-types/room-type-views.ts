// The spec's channel room type and rate plan, plus `price` (the plan's default nightly rate).
import { Type, type Static } from 'typebox';
import type { ratePlans, roomTypes } from '../../db/schema/index.ts';
import { minorToNumber } from '../../kernel/money.ts';

export const RatePlanView = Type.Object({
  id: Type.Integer(), title: Type.String(), currency: Type.String(), price: Type.Number(),
  max_stay: Type.Array(Type.Integer()), min_stay_arrival: Type.Array(Type.Integer()),
  closed_to_arrival: Type.Array(Type.Boolean()), closed_to_departure: Type.Array(Type.Boolean()), stop_sell: Type.Array(Type.Boolean()),
  sell_mode: Type.String(), rate_mode: Type.String(),
});
export const RoomTypeView = Type.Object({
  id: Type.Integer(), title: Type.String(), count_of_rooms: Type.Integer(), occ_adults: Type.Integer(), occ_children: Type.Integer(),
  capacity: Type.Integer(), rate_plans: Type.Array(RatePlanView),
});

export const ratePlanView = (r: typeof ratePlans.$inferSelect, decimals: number): Static<typeof RatePlanView> => ({
  id: r.id, title: r.title, currency: r.currency, price: minorToNumber(r.price, decimals),
  max_stay: r.maxStay, min_stay_arrival: r.minStayArrival, closed_to_arrival: r.closedToArrival, closed_to_departure: r.closedToDeparture, stop_sell: r.stopSell,
  sell_mode: r.sellMode, rate_mode: r.rateMode,
});

export const roomTypeView = (rt: typeof roomTypes.$inferSelect, plans: Array<typeof ratePlans.$inferSelect>, decimals: number): Static<typeof RoomTypeView> => ({
  id: rt.id, title: rt.title, count_of_rooms: rt.countOfRooms, occ_adults: rt.occAdults, occ_children: rt.occChildren, capacity: rt.capacity,
  rate_plans: plans.map((p) => ratePlanView(p, decimals)),
});
