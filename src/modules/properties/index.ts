import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { favoritesRoutes } from './favorites.routes.ts';

export type { PropertyRow } from './properties.repository.ts';
export { findPropertiesByIds, findPropertyById } from './find-properties.ts';
// Who may see and who may change a listing.
export { canSee, isPublic, isStaff, loadPropertyForWrite, loadVisibleProperty } from './property-access.ts';
export { cancellationPolicyView, POLICY_NAMES } from './cancellation-policies.ts';
// The read form: its schema, its batch and cached loading, and the number formats it uses.
export { PropertyReadForm, percentText, ratingText } from './property-read-form.ts';
export { cachedReadForm, loadReadForm, loadReadForms } from './load-read-forms.ts';
// The sections of the read form other modules fill (media, rules, room types) and their shapes.
export {
  contributeToReadForm,
  groupBy,
  MediaView,
  OfferView,
  PackageView,
  RatePlanView,
  RoomTypeView,
  SeasonView,
  type ReadFormSectionLoader,
} from './read-form-sections.ts';

/** Listings: the creation wizard, read forms, updates, deletion, favorites. */
export async function propertiesModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  await app.register(propertiesRoutes, opts);
  await app.register(favoritesRoutes, opts);
}
