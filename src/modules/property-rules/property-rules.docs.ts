// What the OpenAPI document says of the property-rules routes where a summary is not enough.
/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  listPropertyPromos:
    'Anyone who can see the listing (404 otherwise). Travellers get the offers that are running or upcoming (end_date on or after ' +
    'today) and the promo codes valid today and not used up (used_count < max_uses, or no limit). "Today" is the date in the ' +
    "listing's time zone. Promo codes are shown with their code: a code put on a listing is advertised on it (the marketplace " +
    "norm); a code meant for a few guests should be shared privately and kept short-lived or capped with max_uses. The listing's " +
    'owner and admins get all of its offers and codes, expired and used up included. At most 200 of each, offers by start_date, ' +
    'codes by valid_from; the paginated sub-resource lists give everything.',
};
