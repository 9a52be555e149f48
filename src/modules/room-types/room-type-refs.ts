// Which room type, rate plan or calendar of which listing a use case works on (the route's ids).
export interface RoomTypeRef {
  propertyId: number;
  roomTypeId: number;
}

/** A calendar's unit: a room type, or null for the listing sold as one unit. */
export interface UnitRef {
  propertyId: number;
  roomTypeId: number | null;
}

export interface RatePlanRef extends RoomTypeRef {
  ratePlanId: number;
}

/** The refs the routes' path parameters name: `id` the listing, `rt` the room type, `rp` the rate plan. */
export const roomTypeRef = (params: { id: number; rt: number }): RoomTypeRef => ({
  propertyId: params.id,
  roomTypeId: params.rt,
});

/** The calendar of the listing itself (`id`), sold as one unit. */
export const listingUnitRef = (params: { id: number }): UnitRef => ({ propertyId: params.id, roomTypeId: null });

export const ratePlanRef = (params: { id: number; rt: number; rp: number }): RatePlanRef => ({
  ...roomTypeRef(params),
  ratePlanId: params.rp,
});
