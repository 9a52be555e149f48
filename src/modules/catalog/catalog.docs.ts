// What the OpenAPI document says of the catalog routes where a summary is not enough.
export const RATES =
  'exchange_rate is units of the currency per one unit of the default currency (the default is always 1), kept exactly at up to 8 decimals ' +
  'and answered as decimal text without trailing zeros. Making a currency the default clears the old default and divides every rate by ' +
  "the new default's rate, in one transaction, so conversions between any two currencies stay as they were.";

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  createCurrency:
    'code is unique (409). decimals (default 2) cannot change later, since stored amounts depend on it. exchange_rate is against the current ' +
    'default; created with is_default true, the currency becomes the default at once (it must then be active: 422). ' +
    RATES +
    ' Audited.',
  updateCurrency:
    'Only the fields sent change. is_default true makes this the default (see below); the default cannot be deactivated or unset (409: ' +
    'make another currency the default instead), an inactive currency cannot become the default unless is_active true is sent with it (409), ' +
    "and the default's exchange_rate can only be 1 (422). A rate sent together with is_default true is applied first, then the rates are " +
    'rebased. ' +
    RATES +
    ' Unknown code → 404. Audited.',
  listCurrencies:
    "Public: active currencies, the default first, then by code; each is the spec's currency_model plus decimals (ISO 4217 exponent). " +
    '`all=1` also lists inactive ones and is for admins (401 anonymous, 403 other roles). ' +
    `${RATES} ` +
    'Paginated: page (default 1), per_page (default 20, at most 100).',
  listCountries:
    'Public. All 249 ISO 3166-1 alpha-2 codes with English names, sorted by name; `id` is the code the property form sends as country.id. ' +
    '`q` matches the exact code or any part of the name, case-insensitively. Paginated: page (default 1), per_page (default 20, at most 100): ' +
    'a full list takes 3 pages of 100.',
  listNeighborhoods:
    'Public. `country` (ISO alpha-2, any case) is required; an unknown code is 422 naming country (not an empty list). `city` narrows to ' +
    'one city (exact, case-insensitive). Sorted by city then name. Paginated: page (default 1), per_page (default 20, at most 100).',
};
