/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  listCountries:
    'Public. All 249 ISO 3166-1 alpha-2 codes with English names, sorted by name; `id` is the code the property form sends as country.id. ' +
    '`q` matches the exact code or any part of the name, case-insensitively. Paginated: page (default 1), per_page (default 20, at most 100): ' +
    'a full list takes 3 pages of 100.',
  listNeighborhoods:
    'Public. `country` (ISO alpha-2, any case) is required; an unknown code is 422 naming country (not an empty list). `city` narrows to ' +
    'one city (exact, case-insensitive). Sorted by city then name. Paginated: page (default 1), per_page (default 20, at most 100).',
};
