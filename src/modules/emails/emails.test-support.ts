// Sample values for every template, shared by the rendering tests and the screenshots. `hostile`
// puts markup and quotes in every value a user could have typed, to check the escaping.
import type { Vars } from './format.ts';
import type { TemplateName } from './templates.ts';

export const HOSTILE = `<script>alert("x")</script> & "quotes" 'single'`;

const eur = (minor: number) => ({ money: { minor, currency: 'EUR', decimals: 2 } });

export function sampleVars(template: TemplateName, hostile = false): Vars {
  const user = (s: string) => (hostile ? `${s} ${HOSTILE}` : s);
  const stay = {
    property: user('Harbour Loft'),
    ref: 'BK-7Q2X',
    checkin: { date: '2026-06-05' },
    checkout: { date: '2026-06-09' },
    reservation_id: 42,
  };
  const common = { product: 'Stays', name: user('Camille'), link: 'https://app.example.test/reservations/42?x=1&y=2' };
  const all: Record<TemplateName, Vars> = {
    'verification-code': { ...common, code: '482913', valid_for: { duration: { seconds: 24 * 3600 } } },
    'password-reset-code': {
      ...common,
      code: '739104',
      valid_for: { duration: { seconds: 15 * 60 } },
      link: 'https://app.example.test/reset-password?email=camille%40example.test',
    },
    'staff-invitation': {
      ...common,
      valid_for: { duration: { seconds: 7 * 86_400 } },
      link: 'https://app.example.test/set-password?token=abc',
    },
    'email-changed': {
      ...common,
      new_email: 'c***@example.test',
      changed_at: { date: '2026-05-02T14:30:00.000Z' },
      valid_for: { duration: { seconds: 7 * 86_400 } },
      link: 'https://app.example.test/undo-email-change?token=abc',
    },
    'owner-application-approved': { ...common, link: 'https://app.example.test/' },
    'owner-application-rejected': { ...common, reason: user('The identity document is unreadable.') },
    'booking-confirmed-guest': { ...common, ...stay, total: eur(123_450) },
    'booking-confirmed-owner': { ...common, ...stay, total: eur(123_450), guest: user('Alex Martin') },
    'booking-modified': {
      ...common,
      ...stay,
      total: eur(98_000),
      old_checkin: { date: '2026-06-01' },
      old_checkout: { date: '2026-06-04' },
      additional_due: eur(15_000),
      refund: null,
      payment_link: 'https://app.example.test/reservations/42/pay',
    },
    'booking-cancelled-guest': { ...common, ...stay, cancelled_by: { word: 'owner' }, refund: eur(123_450) },
    'booking-cancelled-owner': { ...common, ...stay, cancelled_by: { word: 'guest' } },
    'refund-sent': { ...common, ...stay, amount: eur(123_450) },
    'payment-receipt': { ...common, ...stay, amount: eur(123_450), paid_at: { date: '2026-05-02T14:30:00.000Z' } },
    'payout-sent': {
      ...common,
      amount: { money: { minor: 250_000, currency: 'JPY', decimals: 0 } },
      sent_at: { date: '2026-05-03T09:00:00.000Z' },
      payout_ref: '318',
    },
    'webhook-endpoint-disabled': { ...common, url: 'https://pms.example/hooks', endpoint_id: '7' },
  };
  return all[template];
}
