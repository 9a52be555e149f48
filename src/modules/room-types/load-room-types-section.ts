// The listing read form's `channel_room_types` (the properties module assembles the form; this
// module fills its section, registered from the plugin): two statements, room types and their
// rate plans, for the whole batch of listings.
import { groupBy, type ReadFormSectionLoader } from '../properties/index.ts';
import { roomTypesRepository } from './room-types.repository.ts';
import { roomTypeView } from './room-type-views.ts';

export const loadRoomTypesSection: ReadFormSectionLoader<'roomTypes'> = async (db, propertyIds) => {
  const repo = roomTypesRepository(db);
  const [roomTypes, plans] = await Promise.all([repo.ofListings(propertyIds), repo.plansOfListings(propertyIds)]);
  const byListing = groupBy(roomTypes, (rt) => rt.propertyId);
  const plansByRoomType = groupBy(plans, (p) => p.roomTypeId);
  return (propertyId, decimals) => ({
    channel_room_types: (byListing.get(propertyId) ?? []).map((rt) =>
      roomTypeView(rt, plansByRoomType.get(rt.id) ?? [], decimals),
    ),
  });
};
