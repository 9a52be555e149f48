// What each e-mail says, as a list of blocks in the recipient's language. Strings carry `{var}`
// markers; a block or a row with `when` is shown only if that value is given (a reason, a refund).
// The HTML part (MJML) and the text part are both built from these blocks (render-email.ts).
import type { Messages, TemplateName } from './translations/en.ts';

export type { TemplateName };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; when?: string }
  | { kind: 'code'; text: string }
  | { kind: 'details'; rows: Array<{ label: string; value: string; when?: string }> }
  | { kind: 'button'; label: string; href: string; when?: string }
  | { kind: 'note'; text: string; when?: string };

type Build = (m: Messages) => Block[];

const greeting = (m: Messages): Block => ({ kind: 'text', text: m.common.greeting });
const signoff = (m: Messages): Block => ({ kind: 'text', text: m.common.signoff });
const fallback = (m: Messages): Block => ({ kind: 'note', text: m.common.linkFallback });

const stayRows = (m: Messages) => [
  { label: m.common.labels.property, value: '{property}' },
  { label: m.common.labels.reference, value: '{ref}' },
  { label: m.common.labels.checkin, value: '{checkin}' },
  { label: m.common.labels.checkout, value: '{checkout}' },
];

/** A letter: its heading, the greeting and its intro, then `body`, then the sign-off. */
function letter<N extends TemplateName>(name: N, body: (t: Messages['templates'][N], m: Messages) => Block[]): Build {
  return (m) => {
    const key: TemplateName = name;
    const texts = m.templates[key];
    return [
      { kind: 'heading', text: texts.heading },
      greeting(m),
      { kind: 'text', text: texts.intro },
      ...body(m.templates[name], m),
      signoff(m),
    ];
  };
}

export const TEMPLATES: Record<TemplateName, Build> = {
  'verification-code': letter('verification-code', (t) => [
    { kind: 'code', text: '{code}' },
    { kind: 'text', text: t.validity },
    { kind: 'note', text: t.ignore },
  ]),
  'password-reset-code': letter('password-reset-code', (t) => [
    { kind: 'code', text: '{code}' },
    { kind: 'text', text: t.validity },
    { kind: 'button', label: t.button, href: '{link}', when: 'link' },
    { kind: 'note', text: t.ignore },
  ]),
  'staff-invitation': letter('staff-invitation', (t, m) => [
    { kind: 'button', label: t.button, href: '{link}' },
    { kind: 'text', text: t.validity },
    fallback(m),
  ]),
  'email-changed': letter('email-changed', (t, m) => [
    { kind: 'text', text: t.mine },
    { kind: 'text', text: t.notMine },
    { kind: 'button', label: t.button, href: '{link}' },
    { kind: 'text', text: t.validity },
    fallback(m),
  ]),
  'owner-application-approved': letter('owner-application-approved', (t) => [
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'owner-application-rejected': letter('owner-application-rejected', (t) => [
    { kind: 'text', text: t.reason, when: 'reason' },
    { kind: 'text', text: t.next },
  ]),
  'booking-confirmed-guest': letter('booking-confirmed-guest', (t, m) => [
    { kind: 'details', rows: [...stayRows(m), { label: m.common.labels.total, value: '{total}' }] },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'booking-confirmed-owner': letter('booking-confirmed-owner', (t, m) => [
    {
      kind: 'details',
      rows: [
        { label: m.common.labels.guest, value: '{guest}' },
        ...stayRows(m),
        { label: m.common.labels.total, value: '{total}' },
      ],
    },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'booking-modified': letter('booking-modified', (t, m) => [
    {
      kind: 'details',
      rows: [
        ...stayRows(m),
        { label: m.common.labels.previousDates, value: '{old_checkin} – {old_checkout}', when: 'old_checkin' },
        { label: m.common.labels.total, value: '{total}' },
      ],
    },
    { kind: 'text', text: t.due, when: 'additional_due' },
    { kind: 'text', text: t.refund, when: 'refund' },
    { kind: 'button', label: t.payButton, href: '{payment_link}', when: 'additional_due' },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'booking-cancelled-guest': letter('booking-cancelled-guest', (t, m) => [
    { kind: 'details', rows: [...stayRows(m), { label: m.common.labels.refund, value: '{refund}', when: 'refund' }] },
    { kind: 'text', text: t.refund, when: 'refund' },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'booking-cancelled-owner': letter('booking-cancelled-owner', (t, m) => [
    { kind: 'details', rows: stayRows(m) },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'refund-sent': letter('refund-sent', (t, m) => [
    {
      kind: 'details',
      rows: [
        { label: m.common.labels.property, value: '{property}' },
        { label: m.common.labels.reference, value: '{ref}' },
        { label: m.common.labels.refund, value: '{amount}' },
      ],
    },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'payment-receipt': letter('payment-receipt', (t, m) => [
    {
      kind: 'details',
      rows: [
        ...stayRows(m),
        { label: m.common.labels.amount, value: '{amount}' },
        { label: m.common.labels.paidOn, value: '{paid_at}' },
      ],
    },
    { kind: 'button', label: t.button, href: '{link}' },
  ]),
  'webhook-endpoint-disabled': letter('webhook-endpoint-disabled', (t, m) => [
    { kind: 'details', rows: [{ label: t.endpoint, value: '{url}' }] },
    { kind: 'text', text: t.fix },
    { kind: 'button', label: t.button, href: '{link}', when: 'link' },
    fallback(m),
  ]),
  'payout-sent': letter('payout-sent', (_t, m) => [
    {
      kind: 'details',
      rows: [
        { label: m.common.labels.payout, value: '{payout_ref}' },
        { label: m.common.labels.amount, value: '{amount}' },
        { label: m.common.labels.sentOn, value: '{sent_at}' },
      ],
    },
  ]),
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];
