// The hosted checkout page's HTML: server-rendered, every value escaped, no script and no
// external asset, so it works without JavaScript under a `default-src 'none'` policy.
import { formatMinor } from '../../kernel/money.ts';
import { esc, htmlPage } from '../../platform/html-page.ts';
import type { CheckoutPageView } from './local-payment-processor.ts';

export { esc };

/** Metadata members the page shows, with their labels; the rest stay private to the service. */
const SHOWN_METADATA: ReadonlyArray<[string, string]> = [
  ['booking_ref_code', 'Booking reference'],
  ['property_name', 'Property'],
  ['room_type_name', 'Room'],
  ['checkin_date', 'Check-in'],
  ['checkout_date', 'Check-out'],
  ['payment_type', 'Payment for'],
];

// The look is shared with the service's other pages (platform/html-page.ts).
const layout = (title: string, body: string) => htmlPage(title, body);

export function amountText(view: CheckoutPageView): string {
  return `${formatMinor(view.session.amountTotal, view.decimals)} ${view.session.currency}`;
}

/** Where to send the guest: Stripe's `{CHECKOUT_SESSION_ID}` placeholder, else a `session_id` parameter. */
export function withSessionId(url: string, sessionId: string): string {
  if (url.includes('{CHECKOUT_SESSION_ID}'))
    return url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
  const u = new URL(url);
  u.searchParams.set('session_id', sessionId);
  return u.toString();
}

export function checkoutPage(view: CheckoutPageView, token: string): string {
  const { session } = view;
  const id = encodeURIComponent(session.id);
  const rows = SHOWN_METADATA.filter(([key]) => session.metadata[key])
    .map(([key, label]) => `<dt>${esc(label)}</dt><dd>${esc(session.metadata[key]!)}</dd>`)
    .join('');
  const email = session.customerDetails?.email ?? (session.raw.customer_email as string | null) ?? '';
  // Relative actions keep the forms working under whatever prefix the page is mounted at.
  return layout(
    `Pay ${amountText(view)}`,
    `<div class="note">Test checkout of the built-in payment processor: no card is charged.</div>
<h1>${esc(view.description ?? 'Your booking')}</h1>
${rows ? `<dl>${rows}</dl>` : ''}
<div class="amount" data-testid="amount">${esc(amountText(view))}</div>
<form method="post" action="${id}/pay">
<input type="hidden" name="token" value="${esc(token)}">
<label for="email">E-mail for the receipt</label><input id="email" name="email" type="email" maxlength="254" autocomplete="email" value="${esc(email)}">
<label for="name">Name</label><input id="name" name="name" maxlength="200" autocomplete="name">
<button class="pay" type="submit">Pay</button>
</form>
<form method="post" action="${id}/cancel">
<input type="hidden" name="token" value="${esc(token)}">
<button class="cancel" type="submit">Cancel</button>
</form>
<p class="note">This checkout expires at ${esc(session.expiresAt.toISOString().replace('T', ' ').slice(0, 16))} UTC.</p>`,
  );
}

export function alreadyPaidPage(view: CheckoutPageView): string {
  const next = withSessionId(view.successUrl, view.session.id);
  return layout(
    'Already paid',
    `<h1>This checkout has already been paid</h1>
<p>${esc(amountText(view))} was paid${view.description ? ` for ${esc(view.description)}` : ''}. Nothing more is charged.</p>
<p><a href="${esc(next)}">Continue</a></p>`,
  );
}

export function expiredPage(view: CheckoutPageView): string {
  return layout(
    'Checkout expired',
    `<h1>This checkout has expired</h1>
<p>The time to pay${view.description ? ` for ${esc(view.description)}` : ''} has run out and nothing was charged. Start the payment again from your booking.</p>
<p><a href="${esc(withSessionId(view.cancelUrl, view.session.id))}">Back</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Checkout not found',
    '<h1>Checkout not found</h1><p>This payment link is not valid. Start the payment again from your booking.</p>',
  );
}

export function rejectedPage(): string {
  return layout(
    'Request refused',
    '<h1>This request was refused</h1><p>The form did not come from this checkout page. Open the payment link again.</p>',
  );
}
