// What the OpenAPI document says of the properties routes where a summary is not enough.
/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  createProperty:
    'Owners list properties under their own account (user_id of someone else → 403); an admin may list one for any owner account ' +
    '(user_id of a non-owner → 422; without user_id the admin owns it); client and support → 403. Any subset of the 8 steps may be sent. ' +
    'The listing is a draft until steps 1–6 are complete, then becomes active (visible) by itself; steps are judged on the stored values. ' +
    'Draft members not yet saved read as "" (texts, base_price, price_per_night) or 0 (capacity). currency defaults to the default currency ' +
    '(EUR when none is flagged); timezone to DEFAULT_TIMEZONE. channel_sync_now is stored as a request and acted on once a channel manager ' +
    'adapter is configured (CHANNEL_MANAGER=none by default). Admin creations are written to the audit trail.',
  savePropertyDraft:
    "Saves the steps sent on the caller's draft, with the creation form's rules; becoming complete (steps 1–6) makes it active. " +
    "Owner of the listing or admin. A listing that is not a draft → 409 (use PUT). Another owner's draft → 404; another owner's public listing → 403.",
  getProperty:
    'Active and visible listings are public. Drafts, inactive, hidden and archived listings are 404 for anyone but their owner, admin and support. ' +
    'is_favorite is present only for a signed-in caller. The owner\'s e-mail and phone are shown to signed-in callers and are "" for anonymous ones. ' +
    'rating is the average review with one decimal ("0.0" without reviews). is_reserved: any booked night in the 366 nights from the listing\'s ' +
    'today (in its time zone); reserved_dates: those nights with no unit left (a listing without room types: any booking that night). Both ' +
    "stop a year ahead, so the form (and every booking answer carrying it) does not grow with a listing's future bookings: " +
    'GET /properties/{id}/availability tells any later night. Wi-Fi details are never shown here.',
  listOwnerProperties:
    'The owner themself, admin and support; anyone else (and an unknown account) → 404. Newest first; archived listings only with ' +
    'status=archived. features, commodities, rules, wifi_informations, cancellation_policy, specifications and some_informations are ' +
    'JSON-encoded strings; wifi_informations carries the Wi-Fi details for the owner and admin, "null" for support. The path ' +
    '(contract: the owner-list variant) has the shape of /properties/{id}/<sub-resource>; literal segments match first, so ' +
    '/properties/owner/7 is always this operation.',
  updateProperty:
    'Owner of the listing or admin; others who can see it → 403, others → 404. Only the fields sent change (creation form rules). status: ' +
    'active ↔ inactive; a draft cannot become active or inactive before steps 1–6 are complete (409) and turns active by itself when they are; ' +
    'an archived listing cannot change (409). visibility 0/1. recommended: admin only (403). user_id: an admin may hand the listing to another ' +
    'owner account. A currency with other decimals than the current one is refused while amounts stay stored in the old decimals (422). ' +
    'Changes by an admin are written to the audit trail (the Wi-Fi details hidden).',
  deleteProperty:
    'Owner of the listing or admin; others who can see it → 403, others → 404. A listing with booking history (any reservation in any ' +
    'status, or any night ever sold in its calendar) is archived instead — hidden, kept for the records, final. ' +
    'Otherwise it is deleted with its media, rules, room types and calendar. Already archived → 409. Admin actions are audited.',
};
