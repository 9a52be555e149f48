// Paid reservations made the way a guest makes them, through the public API and the local
// processor's hosted checkout (README "Pay a demo reservation through the local checkout"):
// book, POST /api/payments/process, open the checkout page and submit its Pay form. The page
// confirms the payment, so GET /api/subscription-payment/verify?session_id=… afterwards is the
// idempotent re-verify a client polls ('already_paid').
//
// The bookings use the booking fixtures' listings and guests, on nights no booking scenario
// takes: slots start FIRST_DAY (30) days out, these stays PAID_FIRST_DAY days out, one per
// listing. A paid booking is confirmed, so it does not count against the guest's 5 unpaid holds.
import { addDays } from '../src/kernel/calendar-dates.ts';
import type { HttpBookingFixtures } from './booking-fixtures.ts';

export const PAID_FIRST_DAY = 10;

interface Api {
  baseUrl: string;
  api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
}

export interface PaidReservation {
  reservationId: number;
  sessionId: string;
}

/** Submits the checkout page's Pay form: the token the page embeds, urlencoded, answered 303. */
async function payOnCheckoutPage(url: string): Promise<void> {
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET ${url} → ${page.status}: ${html.slice(0, 300)}`);
  const token = /name="token" value="([^"]*)"/.exec(html)?.[1];
  if (!token) throw new Error(`the checkout page at ${url} has no form token`);
  // The page escapes the token for HTML; it is URL-safe text, so only &amp; could appear.
  const res = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token.replaceAll('&amp;', '&') }).toString(),
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`POST ${url}/pay → ${res.status} (expected 303 to the success page)`);
}

/** `count` (≤ the fixture's listings) paid, confirmed reservations, one per listing and guest. */
export async function paidReservations(ctx: Api, f: HttpBookingFixtures, count: number): Promise<PaidReservation[]> {
  if (count > f.listingIds.length || count > f.tokens.length)
    throw new Error(
      `only ${f.listingIds.length} listings and ${f.tokens.length} guests for ${count} paid reservations`,
    );
  const checkin = addDays(new Date().toISOString().slice(0, 10), PAID_FIRST_DAY);
  const out: PaidReservation[] = [];
  for (let i = 0; i < count; i++) {
    const token = f.tokens[i]!;
    const booked = await ctx.api<{ data: { id: number; currency?: string } }>(
      'POST',
      '/api/reservations',
      {
        property_id: f.listingIds[i],
        checkin_date: checkin,
        checkout_date: addDays(checkin, 2),
        guests: { adults: 2, children: 0 },
      },
      token,
    );
    const processed = await ctx.api<{ data: { payment: { payment_details: { url: string } } } }>(
      'POST',
      '/api/payments/process',
      {
        reservation_id: booked.data.id,
        type: 'reservation',
        currency: 'EUR',
        payment_method: 'card',
      },
      token,
    );
    const url = processed.data.payment.payment_details.url;
    const sessionId = url.slice(url.lastIndexOf('/checkout/') + '/checkout/'.length);
    if (!sessionId.startsWith('cs_')) throw new Error(`unexpected checkout url ${url}`);
    // The session's url names the server's PUBLIC_BASE_URL, which is this run's server.
    await payOnCheckoutPage(new URL(url, ctx.baseUrl).toString());
    out.push({ reservationId: booked.data.id, sessionId });
  }
  return out;
}
