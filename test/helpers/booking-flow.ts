// The traveller's side of a booking over the API, the way payment, change and payout tests start:
// a guest books a stay, then opens a checkout for it (POST /api/payments/process).
import assert from 'node:assert/strict';
import type { Static } from 'typebox';
import type { Payment } from '../../src/modules/payments/payments.schemas.ts';
import type { UserRow } from '../../src/modules/users/users.repository.ts';
import { bearer, createUser, loginAs } from './factories.ts';
import type { TestApp } from './test-app.ts';

export interface StayRequest {
  propertyId: number;
  checkin: string;
  checkout: string;
  /** Default 2. */
  adults?: number;
}

/** POST /api/reservations as the holder of `tok`; the answer as is. */
export function bookAs(t: TestApp, tok: string, stay: StayRequest) {
  const { propertyId, checkin, checkout, adults = 2 } = stay;
  return t.app.inject({
    method: 'POST',
    url: '/api/reservations',
    headers: bearer(tok),
    payload: { property_id: propertyId, checkin_date: checkin, checkout_date: checkout, guests: { adults } },
  });
}

export interface BookedStay {
  id: number;
  tok: string;
  user: UserRow;
}

/** A new traveller signs in and books the stay (201 asserted). */
export async function bookAsNewGuest(t: TestApp, stay: StayRequest): Promise<BookedStay> {
  const user = await createUser(t.deps);
  const tok = await loginAs(t.app, user);
  const res = await bookAs(t, tok, stay);
  assert.equal(res.statusCode, 201, res.body);
  return { id: res.json().data.id as number, tok, user };
}

export interface CheckoutRequest {
  reservationId: number;
  tok: string;
  /** 'reservation' (default) or 'additional_payment'. */
  type?: string;
  /** Default 'card'. */
  method?: string;
}

/** POST /api/payments/process in EUR; the answer as is. */
export function processPayment(t: TestApp, req: CheckoutRequest) {
  const { reservationId, tok, type = 'reservation', method = 'card' } = req;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/process',
    headers: bearer(tok),
    payload: { payment_method: method, reservation_id: reservationId, type, currency: 'EUR' },
  });
}

/** The answer's payment; payment_details.id is the processor's checkout session. */
export type OpenedPayment = Static<typeof Payment> & { payment_details: { id: string } };

/** The payment of a checkout opened for the reservation (200 asserted). */
export async function openCheckout(t: TestApp, req: CheckoutRequest): Promise<OpenedPayment> {
  const res = await processPayment(t, req);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.payment as OpenedPayment;
}
