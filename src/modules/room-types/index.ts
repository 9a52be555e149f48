import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { contributeToReadForm } from '../properties/index.ts';
import { loadRoomTypesSection } from './load-room-types-section.ts';
import { roomTypesRoutes } from './room-types.routes.ts';
import { calendarRoutes } from './calendar.routes.ts';

// 'calendar.changed': written by whatever changes a listing's nights outside a reservation (this
// module's calendar and rate plans, imported iCal blocks), read by the channel push.
export { CALENDAR_CHANGED, recordCalendarChanged, type CalendarChangedEvent } from './calendar-changed.ts';

/** Room types, their rate plans, and the per-night calendar of rates and availability. */
export async function roomTypesModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  // The listing read form's `channel_room_types` are this module's.
  contributeToReadForm(opts.deps, 'roomTypes', loadRoomTypesSection);
  await app.register(roomTypesRoutes, opts);
  await app.register(calendarRoutes, opts);
}
