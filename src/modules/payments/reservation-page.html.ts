// The reservation page in the reader's language (their account's locale): the booking, its
// status, what is owed, and the pay and cancel forms the reader may use. Labels shared with the
// mails come from the mails' catalogue (emails/translations); the page's own words are below.
import { toMinor } from '../../kernel/money.ts';
import { esc, htmlPage } from '../../platform/html-page.ts';
import { formatDate, formatMoney, MESSAGES, type Locale } from '../emails/index.ts';
import type { ReservationReadForm } from '../reservations/index.ts';

const WORDS = {
  en: {
    title: 'Your reservation',
    status: 'Status',
    owed: 'Left to pay',
    nothingOwed: 'Nothing is left to pay.',
    pay: 'Pay {amount}',
    cancel: 'Cancel this reservation',
    cancelNote: 'The refund follows the cancellation policy of the booking.',
    statuses: {
      pending: 'Awaiting payment',
      confirmed: 'Confirmed',
      cancelled: 'Cancelled',
      completed: 'Completed',
      expired: 'Expired (not paid in time)',
    } as Record<string, string>,
    refused: {
      unauthenticated: [
        'Sign in to see this reservation',
        'Open the link of your latest e-mail about it, or sign in to the app.',
      ],
      invalid: ['Reservation not found', 'This link does not open a reservation.'],
      expired: ['This link has expired', 'Open the link of a more recent e-mail, or sign in to the app.'],
      forbidden: ['Not allowed', 'Your account may not do this on this reservation.'],
      conflict: ['This could not be done', '{message}'],
    } as Record<string, [string, string]>,
  },
  fr: {
    title: 'Votre réservation',
    status: 'Statut',
    owed: 'Reste à payer',
    nothingOwed: 'Il ne reste rien à payer.',
    pay: 'Payer {amount}',
    cancel: 'Annuler cette réservation',
    cancelNote: 'Le remboursement suit les conditions d’annulation de la réservation.',
    statuses: {
      pending: 'En attente de paiement',
      confirmed: 'Confirmée',
      cancelled: 'Annulée',
      completed: 'Terminée',
      expired: 'Expirée (non payée à temps)',
    } as Record<string, string>,
    refused: {
      unauthenticated: [
        'Connectez-vous pour voir cette réservation',
        'Ouvrez le lien de votre dernier e-mail à son sujet, ou connectez-vous à l’application.',
      ],
      invalid: ['Réservation introuvable', 'Ce lien n’ouvre aucune réservation.'],
      expired: ['Ce lien a expiré', 'Ouvrez le lien d’un e-mail plus récent, ou connectez-vous à l’application.'],
      forbidden: ['Action impossible', 'Votre compte ne peut pas faire cela sur cette réservation.'],
      conflict: ['Action impossible', '{message}'],
    } as Record<string, [string, string]>,
  },
} satisfies Record<Locale, unknown>;

export interface PageView {
  reservation: ReservationReadForm;
  decimals: number;
  locale: Locale;
  access: string;
  canPay: boolean;
  canCancel: boolean;
}

/** What is still owed, in minor units: the total of an unpaid booking, or the surplus after a change. */
export function owedMinor(r: ReservationReadForm, decimals: number): number {
  if (r.status === 'pending') return toMinor(String(r.price_details.total), decimals) ?? 0;
  return r.needs_additional_payment ? (toMinor(String(r.additional_due), decimals) ?? 0) : 0;
}

export function reservationPage(v: PageView): string {
  const w = WORDS[v.locale];
  const labels = MESSAGES[v.locale].common.labels;
  const r = v.reservation;
  const currency = r.price_details.currency;
  const money = (minor: number) => formatMoney(minor, currency, v.decimals, v.locale);
  const owed = owedMinor(r, v.decimals);
  const total = toMinor(String(r.price_details.total), v.decimals) ?? 0;
  const row = (label: string, value: string) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`;
  const hidden = `<input type="hidden" name="access" value="${esc(v.access)}">`;
  const base = `/reservations/${r.id}`;
  const body =
    `<h1>${esc(w.title)}</h1><dl>` +
    row(labels.reference, r.booking_ref_code) +
    row(labels.property, r.property.public_name) +
    row(labels.checkin, formatDate(r.checkin_date, v.locale)) +
    row(labels.checkout, formatDate(r.checkout_date, v.locale)) +
    row(w.status, w.statuses[r.status] ?? r.status) +
    row(labels.total, money(total)) +
    `</dl>` +
    (owed > 0 ? `<p>${esc(w.owed)}</p><p class="amount">${esc(money(owed))}</p>` : `<p>${esc(w.nothingOwed)}</p>`) +
    (v.canPay && owed > 0
      ? `<form method="post" action="${base}/pay">${hidden}<button class="pay" type="submit">${esc(w.pay.replace('{amount}', money(owed)))}</button></form>`
      : '') +
    (v.canCancel
      ? `<form method="post" action="${base}/cancel">${hidden}<button class="cancel" type="submit">${esc(w.cancel)}</button>` +
        `<p class="note">${esc(w.cancelNote)}</p></form>`
      : '');
  return htmlPage(w.title, body, v.locale);
}

/** A refusal in the reader's language (or English when there is no reader yet). */
export function refusalPage(kind: string, locale: Locale, message = ''): string {
  const [title, text] = WORDS[locale].refused[kind] ?? WORDS[locale].refused.invalid!;
  return htmlPage(title, `<h1>${esc(title)}</h1><p>${esc(text.replace('{message}', message))}</p>`, locale);
}
