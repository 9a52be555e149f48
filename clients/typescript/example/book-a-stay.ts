// A small app using @stays/client as a web or mobile client would: log in, search for dates,
// preview, book, open the hosted checkout, confirm, and listen for notifications. Type-checked
// with `tsc --strict` (and noUncheckedIndexedAccess) against the browser's library only, no Node
// types, in a project that installed the package: clients/typescript/test/install.test.ts.
import {
  createStaysClient,
  fromMinorUnits,
  newIdempotencyKey,
  openNotificationStream,
  openRealtimeSocket,
  toMinorUnits,
  unwrap,
  type OperationBody,
  type OperationData,
  type ResponseData,
  type StreamEvent,
} from '@stays/client';

// Types by path and method, or by the document's operationId.
type Card = ResponseData<'/api/properties/filter', 'get'>[number];
type Stay = OperationBody<'createReservation'>;
type Preview = OperationData<'previewReservation'>;

export async function bookAStay(baseUrl: string, login: string, password: string, checkin: string, checkout: string) {
  const client = createStaysClient({
    baseUrl,
    headers: { 'Accept-Language': 'fr' },
    // Where a real app would show its login form again.
    onSessionExpired: async () => (await client.login({ login, password })).token,
  });
  await client.login({ login, password });

  const stream = openNotificationStream(client, {
    lastEventId: localStorage.getItem('last-event-id') ?? undefined,
    onEvent: (e: StreamEvent) => {
      localStorage.setItem('last-event-id', e.id);
      console.log(`${e.event}: ${e.data.data.title} — ${e.data.data.message}`);
    },
  });

  // The chat over the browser's own WebSocket, reopened and re-authenticated by the helper.
  const chat = openRealtimeSocket(client, 'chat', {
    WebSocket,
    onFrame: (m) => console.log(`${m.sender_name}: ${m.type === 'text' ? m.content : `[${m.type}]`}`),
  });

  const search = unwrap(
    await client.api.GET('/api/properties/filter', {
      params: { query: { checkin_date: checkin, checkout_date: checkout, guests: 2 } },
    }),
  );
  const cheapest = search.data.reduce<Card | undefined>(
    (best, card) =>
      !best || toMinorUnits(card.price_per_night, card.currency) < toMinorUnits(best.price_per_night, best.currency)
        ? card
        : best,
    undefined,
  );
  if (!cheapest) {
    stream.close();
    chat.close();
    return null;
  }

  const stay: Stay = {
    property_id: cheapest.id,
    checkin_date: checkin,
    checkout_date: checkout,
    guests: { adults: 2, children: 0 },
  };
  const preview: Preview = unwrap(await client.api.POST('/api/reservations/preview', { body: stay })).data;
  const totalMinor = toMinorUnits(preview.total, preview.currency);
  console.log(`${preview.nights} nights: ${fromMinorUnits(totalMinor, preview.currency)} ${preview.currency}`);

  // One key for this booking however many times it is sent (the client retries with it on its own).
  const booking = unwrap(
    await client.api.POST('/api/reservations', { body: stay, headers: { 'Idempotency-Key': newIdempotencyKey() } }),
  ).data;
  const checkoutSession = unwrap(
    await client.api.POST('/api/payments/process', {
      body: { payment_method: 'card', reservation_id: booking.id, type: 'reservation', currency: preview.currency },
    }),
  ).data;
  const payUrl = checkoutSession.payment.payment_details.url;
  if (typeof payUrl === 'string') window.location.assign(payUrl);

  return { booking, stream, chat };
}

/** On the success page the processor sends the guest back to. */
export async function confirmPayment(baseUrl: string, token: string, sessionId: string) {
  const client = createStaysClient({ baseUrl });
  client.auth.setToken(token);
  const { outcome, payment, reservation } = unwrap(
    await client.api.GET('/api/subscription-payment/verify', { params: { query: { session_id: sessionId } } }),
  ).data;
  return { outcome, paid: `${payment.amount} ${payment.currency}`, reservation };
}
