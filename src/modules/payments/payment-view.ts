// The spec's payment shapes: the answer of POST /payments/process ({checkout_secret, payment})
// and the payment record the history lists show. Amounts are decimal text in the currency's
// decimals; payment_details is the processor's checkout session, near-raw.
import { formatMinor } from '../../kernel/money.ts';
import type { PaymentRow } from './payments.repository.ts';

export interface PaymentView {
  id: number;
  reservation_id: number;
  amount: string;
  tax: string;
  currency: string;
  payment_method: string;
  transaction_id: string;
  status: string;
  type: string;
  payment_flow: string;
  created_at: string;
  payment_details: Record<string, unknown>;
}

/** How the money moves: always through the processor's hosted checkout page. */
export const PAYMENT_FLOW = 'hosted_checkout';

export function toPaymentView(p: PaymentRow, decimals: number): PaymentView {
  return {
    id: p.id,
    reservation_id: p.reservationId,
    amount: formatMinor(p.amountMinor, decimals),
    tax: formatMinor(p.taxMinor, decimals),
    currency: p.currency,
    payment_method: p.paymentMethod ?? 'card',
    transaction_id: p.transactionId ?? '',
    status: p.status,
    type: p.type,
    payment_flow: PAYMENT_FLOW,
    created_at: p.createdAt.toISOString(),
    payment_details: (p.details as Record<string, unknown> | null) ?? {},
  };
}

export function toProcessResponse(p: PaymentRow, decimals: number) {
  return { checkout_secret: p.checkoutSecret ?? '', payment: toPaymentView(p, decimals) };
}
