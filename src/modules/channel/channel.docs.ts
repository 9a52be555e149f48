/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  handleChannelWebhook:
    'Authenticated by the shared secret in the x-channel-secret header (CHANNEX_WEBHOOK_SECRET; wrong or missing → 401, nothing pulled). ' +
    '404 when no channel manager or no webhook secret is configured. Answers 200 at once; booking events then pull the unacknowledged ' +
    'booking revisions (each applied once by its revision id, acknowledged after commit), a message event pulls that thread. ' +
    "Travel platforms map to the spec's pair: Airbnb (or OtaB) → provider OtaB / source channel_ota_b, any other → OtaA / channel_ota_a.",
};
