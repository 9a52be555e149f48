// The listing read form's `medias` (the properties module assembles the form; this module fills
// its section, registered from the plugin): one statement for the whole batch of listings.
import { groupBy, type ReadFormSectionLoader } from '../properties/index.ts';
import { mediaView } from './media-views.ts';
import { propertyMediaRepository } from './property-media.repository.ts';

export const loadMediaSection: ReadFormSectionLoader<'media'> = async (db, propertyIds) => {
  const byListing = groupBy(await propertyMediaRepository(db).ofListings(propertyIds), (m) => m.propertyId);
  return (propertyId) => ({ medias: (byListing.get(propertyId) ?? []).map(mediaView) });
};
