/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  listFavorites:
    'Listings the caller has favorited, most recently added first, each with is_favorite true. A favorite whose listing the caller ' +
    'can no longer see (unpublished, hidden or archived since) is left out but kept: it shows again if the listing comes back.',
};
