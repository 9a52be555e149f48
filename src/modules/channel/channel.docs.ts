// What the OpenAPI document says of the channel routes where a summary is not enough.
import { STATUS_SHAPE } from './channel.schemas.ts';
/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  syncChannel:
    'The owner of the listing or an admin (others who can see it: 403; cannot see it: 404). The body (optional) carries contact details ' +
    'Channex needs before it connects the listing to a travel platform; they are kept. Creates the listing, its room types and rate plans at the ' +
    'channel manager (a listing sold whole becomes one room type of one unit), or updates those that changed since last sent, and stores ' +
    'channel_property_id and channel_synced_at. The first link, and a link a day or more after the last full sync, is a full sync: the next 500 ' +
    'nights of availability and rates/restrictions are sent again in one call per kind; any other link sends only what changed. Ids are stored as ' +
    'each create answers, so a retry after a failure half-way updates rather than duplicates. ' +
    '409 CHANNEL_NOT_CONFIGURED with CHANNEL_MANAGER=none; 409 CONFLICT when the listing lacks a name, country, address, map position, contact ' +
    'e-mail, phone, zip code, city or state (the message names them; see missing_for_link), or is being linked right now; ' +
    '502 CHANNEL_REJECTED when the channel manager refuses the listing, 503 CHANNEL_UNAVAILABLE when it cannot be reached or limits us (both recorded ' +
    'as a link failure; a 503 is retried by the push job with backoff). Answers the channel status: ' +
    STATUS_SHAPE,
  handleChannelWebhook:
    'Authenticated by the shared secret in the x-channel-secret header (CHANNEX_WEBHOOK_SECRET; wrong or missing → 401, nothing pulled). ' +
    '404 when no channel manager or no webhook secret is configured. Answers 200 at once; booking events then pull the unacknowledged ' +
    'booking revisions (each applied once by its revision id, acknowledged after commit), a message event pulls that thread. ' +
    "Travel platforms map to the spec's pair: Airbnb (or OtaB) → provider OtaB / source channel_ota_b, any other → OtaA / channel_ota_a.",
};
