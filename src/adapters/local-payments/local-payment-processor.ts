// The built-in processor (PAYMENT_PROCESSOR=local, the default): checkout sessions, refunds and
// transfers kept in its own tables, paid through the hosted page of checkout-page.routes.ts.
// It keeps a real processor's promises — an idempotency key makes a retried write return the
// first result, refunds never exceed what was paid — so the service behaves the same over Stripe.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { currencies } from '../../db/schema/catalog.ts';
import { localCheckoutSessions, localProcessorRecords } from '../../db/schema/payments.ts';
import type { Clock } from '../../ports/clock.ts';
import {
  ProcessorRejectedError,
  WebhookSignatureError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentProcessor,
  type ProcessorEvent,
  type RefundResult,
  type TransferResult,
} from '../../ports/payment-processor.ts';
import { sessionFromObject, toCheckoutSession, type LocalSessionRow } from './local-session-object.ts';
import { LOCAL_SIGNATURE_HEADER, signatureHeader, verifySignature } from './local-webhooks.ts';

/** A request the processor refuses, with Stripe's codes for the same refusals. */
export class LocalProcessorError extends ProcessorRejectedError {
  declare readonly code: 'resource_missing' | 'amount_too_large' | 'invalid_request';
  constructor(code: LocalProcessorError['code'], message: string) {
    super(message, code);
  }
}

export interface LocalPaymentProcessorOptions {
  /** Secret the webhook-signing and form-token keys are derived from (keep it out of the database). */
  secret: string | Uint8Array;
  /** Called after the hosted page took a payment, before the guest is redirected to success_url. */
  onCompleted?: (session: CheckoutSession) => Promise<void> | void;
}

/** What the hosted page shows besides the port's session. */
export interface CheckoutPageView {
  session: CheckoutSession;
  description: string | null;
  successUrl: string;
  cancelUrl: string;
  decimals: number;
}

const randomId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;
const isCount = (n: number) => Number.isSafeInteger(n) && n > 0;
// The page redirects there after a payment: nothing but a web page may be a target.
const isWebUrl = (u: string) => /^https?:\/\/[^/]/i.test(u) && URL.canParse(u.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));

export class LocalPaymentProcessor implements PaymentProcessor {
  readonly name = 'local' as const;
  private readonly webhookKey: Buffer;
  private readonly formKey: Buffer;
  private onCompleted: (session: CheckoutSession) => Promise<void> | void;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
    opts: LocalPaymentProcessorOptions,
  ) {
    // Separate keys per use, so a form token can never pass as a webhook signature.
    const derive = (label: string) => createHmac('sha256', opts.secret).update(`local-payments:${label}`).digest();
    this.webhookKey = derive('webhook-signing');
    this.formKey = derive('checkout-form');
    this.onCompleted = opts.onCompleted ?? (() => {});
  }

  /** Replaces the completion hook (the service that confirms payments is often built after this). */
  setOnCompleted(hook: (session: CheckoutSession) => Promise<void> | void): void {
    this.onCompleted = hook;
  }

  async createCheckout(input: CreateCheckoutInput, idempotencyKey: string): Promise<CheckoutSession> {
    const now = this.clock.now();
    const currency = input.currency.toUpperCase();
    if (!isCount(input.amountMinor))
      throw new LocalProcessorError('invalid_request', 'amount must be a positive whole number of minor units');
    if (input.expiresAt.getTime() <= now.getTime())
      throw new LocalProcessorError('invalid_request', 'expires_at must be in the future');
    if (!isWebUrl(input.successUrl) || !isWebUrl(input.cancelUrl))
      throw new LocalProcessorError('invalid_request', 'success_url and cancel_url must be absolute http(s) URLs');
    if (!(await this.supportedCurrencies()).includes(currency))
      throw new LocalProcessorError('invalid_request', `currency ${currency} is not supported`);
    const id = randomId('cs_local_');
    const inserted = await this.db
      .insert(localCheckoutSessions)
      .values({
        id,
        amountMinor: input.amountMinor,
        currency,
        clientReferenceId: input.reference,
        metadata: input.metadata,
        description: input.description,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        customerEmail: input.customerEmail ?? null,
        clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
        idempotencyKey,
        expiresAt: input.expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing({ target: localCheckoutSessions.idempotencyKey })
      .returning();
    const row =
      inserted[0] ??
      (
        await this.db
          .select()
          .from(localCheckoutSessions)
          .where(eq(localCheckoutSessions.idempotencyKey, idempotencyKey))
      )[0];
    if (!row) throw new Error('checkout session vanished after an idempotency conflict');
    return this.view(row);
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutSession | null> {
    const row = await this.row(sessionId);
    return row ? this.view(row) : null;
  }

  async expireCheckout(sessionId: string): Promise<void> {
    const updated = await this.db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')))
      .returning({ id: localCheckoutSessions.id });
    if (updated.length === 0 && !(await this.row(sessionId)))
      throw new LocalProcessorError('resource_missing', `No such checkout session: ${sessionId}`);
  }

  async refund(
    input: { paymentId: string; amountMinor: number; reason?: string },
    idempotencyKey: string,
  ): Promise<RefundResult> {
    if (!isCount(input.amountMinor))
      throw new LocalProcessorError('invalid_request', 'refund amount must be a positive whole number of minor units');
    return this.db.transaction(async (tx) => {
      // The lock serialises refunds of one payment, so two of them cannot both fit the balance,
      // and a retry racing its first attempt finds that attempt's record once it gets the lock.
      const [paid] = await tx
        .select()
        .from(localCheckoutSessions)
        .where(
          and(
            eq(localCheckoutSessions.paymentIntentId, input.paymentId),
            eq(localCheckoutSessions.paymentStatus, 'paid'),
          ),
        )
        .for('update');
      if (!paid) throw new LocalProcessorError('resource_missing', `No such payment: ${input.paymentId}`);
      const first = await this.record(tx, 'refund', idempotencyKey);
      if (first) return first;
      const [{ refunded } = { refunded: '0' }] = await tx
        .select({ refunded: sql<string>`coalesce(sum((${localProcessorRecords.data}->>'amountMinor')::bigint), 0)` })
        .from(localProcessorRecords)
        .where(
          and(
            eq(localProcessorRecords.kind, 'refund'),
            sql`${localProcessorRecords.data}->>'paymentId' = ${input.paymentId}`,
          ),
        );
      const left = paid.amountMinor - Number(refunded);
      if (input.amountMinor > left) {
        throw new LocalProcessorError(
          'amount_too_large',
          `Refund of ${input.amountMinor} exceeds the ${left} left to refund on ${input.paymentId}`,
        );
      }
      const result: RefundResult = { id: randomId('re_local_'), status: 'succeeded', amountMinor: input.amountMinor };
      const data = { ...result, paymentId: input.paymentId, currency: paid.currency, reason: input.reason ?? null };
      return this.insertRecord(tx, 'refund', idempotencyKey, result.id, data);
    });
  }

  async transfer(
    input: { destination: string; amountMinor: number; currency: string; description: string },
    idempotencyKey: string,
  ): Promise<TransferResult> {
    const currency = input.currency.toUpperCase();
    if (!isCount(input.amountMinor))
      throw new LocalProcessorError(
        'invalid_request',
        'transfer amount must be a positive whole number of minor units',
      );
    if (!input.destination) throw new LocalProcessorError('invalid_request', 'transfer destination is required');
    if (!(await this.supportedCurrencies()).includes(currency))
      throw new LocalProcessorError('invalid_request', `currency ${currency} is not supported`);
    const first = await this.record(this.db, 'transfer', idempotencyKey);
    if (first) return first;
    const result: TransferResult = { id: randomId('tr_local_'), amountMinor: input.amountMinor, currency };
    const data = { ...result, destination: input.destination, description: input.description };
    return this.insertRecord(this.db, 'transfer', idempotencyKey, result.id, data);
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProcessorEvent {
    verifySignature(this.webhookKey, rawBody, headers[LOCAL_SIGNATURE_HEADER], this.clock.now());
    try {
      const event = JSON.parse(rawBody.toString('utf8')) as {
        id?: unknown;
        type?: unknown;
        data?: { object?: Record<string, unknown> };
      };
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new TypeError('not an event');
      const object = event.data?.object;
      const session = object && object.object === 'checkout.session' ? sessionFromObject(object) : null;
      return { id: event.id, type: event.type, session };
    } catch (err) {
      // Signed but unreadable: the sender is broken, and a 400 tells it so like a bad signature.
      throw new WebhookSignatureError(`Webhook body is not a valid event: ${(err as Error).message}`);
    }
  }

  /** A signed webhook delivery of the given event, as the local processor would send it. */
  signedWebhook(type: string, session: CheckoutSession): { body: string; headers: Record<string, string> } {
    const now = this.clock.now();
    const body = JSON.stringify({
      id: randomId('evt_local_'),
      object: 'event',
      type,
      created: Math.floor(now.getTime() / 1000),
      data: { object: session.raw },
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signatureHeader(this.webhookKey, body, now),
      },
    };
  }

  /** The currency table's active currencies: whatever the service can price, the local processor takes. */
  async supportedCurrencies(): Promise<string[]> {
    const rows = await this.db
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.isActive, true))
      .orderBy(asc(currencies.code));
    return rows.map((r) => r.code.toUpperCase());
  }

  // ---- the hosted page (checkout-page.routes.ts) ----

  async pageView(sessionId: string): Promise<CheckoutPageView | null> {
    const row = await this.row(sessionId);
    if (!row) return null;
    const [currency] = await this.db
      .select({ decimals: currencies.decimals })
      .from(currencies)
      .where(eq(currencies.code, row.currency));
    return {
      session: this.view(row),
      description: row.description,
      successUrl: row.successUrl,
      cancelUrl: row.cancelUrl,
      decimals: currency?.decimals ?? 2,
    };
  }

  /** The hidden form field that proves a POST came from the page itself. */
  formToken(sessionId: string): string {
    return createHmac('sha256', this.formKey).update(sessionId).digest('base64url');
  }

  checkFormToken(sessionId: string, token: string): boolean {
    const expected = Buffer.from(this.formToken(sessionId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * Takes the payment when the session is still open and unexpired, in one conditional write so
   * a double submit or two tabs can never pay twice. Returns null when nothing was paid.
   */
  async payFromPage(
    sessionId: string,
    customer: { email: string | null; name: string | null },
  ): Promise<CheckoutSession | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .update(localCheckoutSessions)
      .set({
        status: 'complete',
        paymentStatus: 'paid',
        paymentIntentId: randomId('pi_local_'),
        completedAt: now,
        ...(customer.email ? { customerEmail: customer.email } : {}),
        ...(customer.name ? { customerName: customer.name } : {}),
      })
      .where(
        and(
          eq(localCheckoutSessions.id, sessionId),
          eq(localCheckoutSessions.status, 'open'),
          gt(localCheckoutSessions.expiresAt, now),
        ),
      )
      .returning();
    return row ? this.view(row) : null;
  }

  /** Tells the service a page payment happened (the in-process webhook). */
  async notifyCompleted(session: CheckoutSession): Promise<void> {
    await this.onCompleted(session);
  }

  // ---- internals ----

  private async row(sessionId: string): Promise<LocalSessionRow | undefined> {
    return (await this.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId)))[0];
  }

  private view(row: LocalSessionRow): CheckoutSession {
    return toCheckoutSession(row, this.clock.now(), this.publicBaseUrl);
  }

  private async record<K extends RecordKind>(
    exec: Pick<Db, 'select'>,
    kind: K,
    idempotencyKey: string,
  ): Promise<RecordResults[K] | null> {
    const [found] = await exec
      .select({ data: localProcessorRecords.data })
      .from(localProcessorRecords)
      .where(and(eq(localProcessorRecords.kind, kind), eq(localProcessorRecords.idempotencyKey, idempotencyKey)));
    return found ? publicPart(found.data as Record<string, unknown>, kind) : null;
  }

  // A concurrent write with the same key may win between our read and insert: then its record is the answer.
  private async insertRecord<K extends RecordKind>(
    exec: Pick<Db, 'select' | 'insert'>,
    kind: K,
    idempotencyKey: string,
    id: string,
    data: Record<string, unknown>,
  ): Promise<RecordResults[K]> {
    const inserted = await exec
      .insert(localProcessorRecords)
      .values({ id, kind, idempotencyKey, data, createdAt: this.clock.now() })
      .onConflictDoNothing({ target: [localProcessorRecords.kind, localProcessorRecords.idempotencyKey] })
      .returning({ id: localProcessorRecords.id });
    if (inserted.length > 0) return publicPart(data, kind);
    const first = await this.record(exec, kind, idempotencyKey);
    if (!first) throw new Error(`${kind} record vanished after an idempotency conflict`);
    return first;
  }
}

interface RecordResults {
  refund: RefundResult;
  transfer: TransferResult;
}
type RecordKind = keyof RecordResults;

/** The port's result from a stored record (which also keeps what the processor needs itself). */
function publicPart<K extends RecordKind>(data: Record<string, unknown>, kind: K): RecordResults[K] {
  const results: { [k in RecordKind]: () => RecordResults[k] } = {
    refund: () => ({
      id: String(data.id),
      status: data.status as RefundResult['status'],
      amountMinor: Number(data.amountMinor),
    }),
    transfer: () => ({ id: String(data.id), amountMinor: Number(data.amountMinor), currency: String(data.currency) }),
  };
  return results[kind]();
}
