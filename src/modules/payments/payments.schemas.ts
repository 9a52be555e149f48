// Request and response shapes of the payment routes (interface spec "Payment", contract §7).
import { Type } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const ProcessBody = Type.Object({
  payment_method: Type.String({
    minLength: 1,
    maxLength: 50,
    description: 'kept with the payment (e.g. "card"); the hosted checkout decides the actual means',
  }),
  reservation_id: Id,
  type: Type.Union([Type.Literal('reservation'), Type.Literal('additional')], {
    description: "reservation: the booking's total while pending; additional: the surplus a modification left",
  }),
  currency: Type.String({
    minLength: 3,
    maxLength: 3,
    description: "must be the reservation's currency (422 otherwise)",
  }),
});

export const Payment = Type.Object(
  {
    id: Type.Integer(),
    reservation_id: Type.Integer(),
    amount: Type.String({ description: "decimal text in the currency's decimals" }),
    tax: Type.String({ description: 'decimal text: the tax included in amount' }),
    currency: Type.String(),
    payment_method: Type.String(),
    transaction_id: Type.String({ description: "the checkout session id until paid, then the processor's payment id" }),
    status: Type.String({
      description:
        'pending, paid, failed, expired, refund_pending (received but not counted: refunded in full, not yet executed), refunded, partially_refunded',
    }),
    type: Type.String(),
    payment_flow: Type.String({ description: 'hosted_checkout' }),
    created_at: Type.String(),
    payment_details: Type.Record(Type.String(), Type.Unknown(), {
      description:
        "the processor's checkout session, near-raw: amount_total (minor units), currency (lower-case), customer_details, payment_status, url, ...",
    }),
  },
  { $id: 'Payment' },
);

export const ProcessResponse = Envelope(
  Type.Object({
    checkout_secret: Type.String({ description: "the checkout session's client secret" }),
    payment: Payment,
  }),
);

export const VerifyQuery = Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 255 }) });

export const VerifyResponse = Envelope(
  Type.Object({
    outcome: Type.String({
      description:
        'confirmed, already_paid, unpaid (not paid yet), refunded_late (paid after the nights were gone or nothing was owed that way: ' +
        "refunded in full), refunded_superseded (paid on a checkout the booking's change or cancellation had superseded: refunded in full), " +
        'refunded_mismatch (paid with another amount or currency than asked: recorded, never counted, refunded in full)',
    }),
    payment: Payment,
    reservation: Type.Object({ id: Type.Integer(), booking_ref_code: Type.String(), status: Type.String() }),
  }),
);

export const WebhookResponse = Envelope(
  Type.Object({ received: Type.Boolean(), handled: Type.Boolean(), type: Type.String() }),
);

export const UserParams = Type.Object({ userId: Id });
export const PaymentsPage = Paginated(Payment);
