// Stripe's parameter rules for the operations the fake serves, transcribed from Stripe's published
// OpenAPI description (stripe/openapi latest/openapi.spec3.json, API version 2026-09-30.endive,
// commit 18fa2cc7; extract in /work/shared/vendor/stripe-openapi-extract.json, cited below as
// "extract <path> <method> <parameter>"), from its description texts (the extract's
// `x-description`; stripe-node 23.1.0 carries the same texts as doc comments) and from Stripe's
// documentation pages named beside each rule.
//
// A failure here is a parameter validation failure: Stripe's endpoint never begins executing, so
// the idempotency layer saves nothing for the key (docs.stripe.com/api/idempotent_requests: "If
// incoming parameters fail validation [...] we don't save the idempotent result").
// Parameters Stripe declares but this fake does not implement are refused, never ignored.
import { invalid, missingParam, paramName, unimplemented, unknownParam, type Params } from './stripe-wire.ts';

export type Rule =
  | { type: 'string'; maxLength?: number; enum?: readonly string[]; currency?: true }
  | { type: 'integer' }
  | { type: 'metadata' }
  | { type: 'object'; properties: Record<string, Rule>; required?: readonly string[] }
  | { type: 'array'; items: Rule }
  | { type: 'unimplemented' };
export type ObjectRule = Extract<Rule, { type: 'object' }>;

const U: Rule = { type: 'unimplemented' };
/** Declared by the spec; this fake does not implement it. */
const declared = (names: string): Record<string, Rule> =>
  Object.fromEntries(
    names
      .split(/\s+/)
      .filter(Boolean)
      .map((n) => [n, U]),
  );
// docs.stripe.com/api/metadata: a hash of string keys to string values, with limits checked below.
const metadata: Rule = { type: 'metadata' };
// "Three-letter ISO currency code, in lowercase" (extract: `format: currency`; description of
// line_items[].price_data.currency and of transfers' currency).
const currency: Rule = { type: 'string', currency: true };

/** Checks form-decoded params against a rule; integers come back as numbers. */
export function validate(value: unknown, rule: Rule, path: Array<string | number>): unknown {
  const name = paramName(path);
  switch (rule.type) {
    case 'unimplemented':
      throw unimplemented(`the parameter ${name}`, name);
    case 'string': {
      if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name);
      if (rule.maxLength !== undefined && value.length > rule.maxLength)
        throw invalid(`Invalid string: ${value.slice(0, 20)}...; must be at most ${rule.maxLength} characters`, name);
      if (rule.enum && !rule.enum.includes(value))
        throw invalid(`Invalid ${name}: must be one of ${rule.enum.join(', ')}`, name);
      if (rule.currency && !/^[a-z]{3}$/.test(value))
        throw invalid(`Invalid currency: ${value}. Use a three-letter ISO currency code in lowercase.`, name);
      return value;
    }
    case 'integer':
      // extract: `type: integer`; the form body carries it as decimal digits.
      if (typeof value !== 'string' || !/^-?\d+$/.test(value))
        throw invalid(
          `Invalid integer: ${typeof value === 'string' ? value : name}`,
          name,
          'parameter_invalid_integer',
        );
      return Number(value);
    case 'metadata':
      return checkMetadata(value, name);
    case 'array':
      if (!Array.isArray(value)) throw invalid(`Invalid array`, name);
      return value.map((item, i) => validate(item, rule.items, [...path, i]));
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`Invalid object`, name);
      const out: Params = {};
      for (const [key, v] of Object.entries(value)) {
        const sub = rule.properties[key];
        // extract: every request body schema has `additionalProperties: false`.
        if (!sub) throw unknownParam(paramName([...path, key]));
        out[key] = validate(v, sub, [...path, key]);
      }
      for (const key of rule.required ?? []) if (out[key] === undefined) throw missingParam(paramName([...path, key]));
      return out;
    }
  }
}

/**
 * docs.stripe.com/api/metadata: "You can specify up to 50 keys, with key names up to 40 characters
 * long and values up to 500 characters long. [...] you can't use square brackets ([ and ]) in keys."
 * extract: `metadata` is `type: object, additionalProperties: {type: string}`.
 */
function checkMetadata(value: unknown, name: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid object', name);
  const entries = Object.entries(value);
  if (entries.length > 50)
    throw invalid(`Invalid ${name}: metadata can have up to 50 keys (got ${entries.length}).`, name);
  for (const [key, v] of entries) {
    if (typeof v !== 'string') throw invalid(`Invalid string: ${name}[${key}]`, `${name}[${key}]`);
    if (key.length > 40)
      throw invalid(
        `Invalid ${name}: keys can be up to 40 characters long ("${key.slice(0, 20)}..." has ${key.length}).`,
        `${name}[${key}]`,
      );
    if (/[[\]]/.test(key)) throw invalid(`Invalid ${name}: keys can't contain square brackets.`, name);
    if (v.length > 500)
      throw invalid(
        `Invalid ${name}: values can be up to 500 characters long (key "${key}" has ${v.length}).`,
        `${name}[${key}]`,
      );
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

// extract /v1/checkout/sessions post: the request body's properties, all of them declared here.
export const createSessionParams: ObjectRule = {
  type: 'object',
  properties: {
    ...declared(`adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax
      billing_address_collection branding_settings consent_collection currency custom_fields custom_text customer
      customer_account customer_creation customer_update discounts excluded_payment_method_types expand
      integration_identifier invoice_creation locale managed_payments name_collection optional_items origin_context
      payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions
      phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data
      shipping_address_collection shipping_options submit_type subscription_data tax_id_collection wallet_options`),
    cancel_url: { type: 'string' },
    client_reference_id: { type: 'string', maxLength: 200 }, // extract: maxLength 200
    customer_email: { type: 'string' },
    expires_at: { type: 'integer' }, // extract: integer, format unix-time
    line_items: {
      type: 'array',
      items: {
        type: 'object', // extract title line_item_params
        properties: {
          ...declared('adjustable_quantity price tax_rates'),
          metadata,
          price_data: {
            type: 'object', // extract title price_data_with_product_data
            required: ['currency'], // extract: required [currency]
            properties: {
              ...declared('product recurring tax_behavior unit_amount_decimal'),
              currency,
              product_data: {
                type: 'object', // extract title product_data
                required: ['name'], // extract: required [name]
                properties: {
                  ...declared('images metadata tax_code tax_details unit_label'),
                  description: { type: 'string', maxLength: 40000 }, // extract: maxLength 40000
                  name: { type: 'string', maxLength: 5000 }, // extract: maxLength 5000
                },
              },
              unit_amount: { type: 'integer' },
            },
          },
          quantity: { type: 'integer' },
        },
      },
    },
    metadata,
    mode: { type: 'string', enum: ['payment', 'setup', 'subscription'] }, // extract: enum
    payment_intent_data: {
      type: 'object', // extract title payment_intent_data_params
      properties: {
        ...declared(`application_fee_amount capture_method description on_behalf_of receipt_email setup_future_usage
          shipping statement_descriptor statement_descriptor_suffix transfer_data transfer_group`),
        metadata,
      },
    },
    success_url: { type: 'string' },
    ui_mode: { type: 'string', enum: ['elements', 'embedded_page', 'form', 'hosted_page'] }, // extract: enum
  },
};

/** The rules of POST /v1/checkout/sessions that span parameters; `created` is the session's creation time. */
export function checkCreateSession(p: Params, created: number): void {
  const uiMode = (p.ui_mode as string | undefined) ?? 'hosted_page'; // description of ui_mode: "Defaults to `hosted_page`"
  for (const url of ['success_url', 'cancel_url']) {
    // extract x-description of success_url and cancel_url: "This parameter is not allowed if ui_mode is `embedded_page` or `elements`."
    if (p[url] !== undefined && (uiMode === 'embedded_page' || uiMode === 'elements'))
      invalidParam(`${url} is not allowed when ui_mode is ${uiMode}.`, url);
  }
  if (uiMode !== 'hosted_page') throw unimplemented(`ui_mode=${uiMode}`, 'ui_mode');
  if (p.mode !== 'payment')
    throw unimplemented(p.mode === undefined ? 'a session without mode' : `mode=${p.mode as string}`, 'mode');
  const items = p.line_items as Params[] | undefined;
  // extract x-description of line_items: "The parameter is required for `payment` and `subscription` mode.
  // For `payment` mode, there is a maximum of 100 line items".
  if (items === undefined || items.length === 0) throw missingParam('line_items');
  if (items.length > 100) invalidParam('In payment mode, line_items can hold at most 100 items.', 'line_items');
  items.forEach((item, i) => {
    const at = (...rest: string[]) => paramName(['line_items', i, ...rest]);
    // description of line_items[].price_data: "One of `price` or `price_data` is required".
    const price = item.price_data as Params | undefined;
    if (!price) throw missingParam(at('price_data'));
    // description of price_data.product_data: "One of `product` or `product_data` is required."
    if (!price.product_data) throw missingParam(at('price_data', 'product_data'));
    // description of price_data.unit_amount: "A non-negative integer [...] One of `unit_amount` or
    // `unit_amount_decimal` is required."
    if (price.unit_amount === undefined) throw missingParam(at('price_data', 'unit_amount'));
    if ((price.unit_amount as number) < 0)
      invalidParam('unit_amount must be a non-negative integer.', at('price_data', 'unit_amount'));
    if (item.quantity === undefined) throw unimplemented('a line item without quantity', at('quantity'));
    if (price.currency !== (items[0]!.price_data as Params).currency)
      throw unimplemented('line items in different currencies', at('price_data', 'currency'));
  });
  // extract x-description of expires_at: "It can be anywhere from 30 minutes to 24 hours after
  // Checkout Session creation. By default, this value is 24 hours from creation."
  const expiresAt = p.expires_at as number | undefined;
  if (expiresAt !== undefined && (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)) {
    invalidParam(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
}

// extract /v1/refunds post: the request body's properties.
export const createRefundParams: ObjectRule = {
  type: 'object',
  properties: {
    ...declared('currency customer expand instructions_email origin refund_application_fee reverse_transfer'),
    amount: { type: 'integer' },
    charge: { type: 'string', maxLength: 5000 }, // extract: maxLength 5000
    metadata, // extract: anyOf [metadata object, ""]; the empty form value unsets it
    payment_intent: { type: 'string', maxLength: 5000 }, // extract: maxLength 5000
    reason: { type: 'string', maxLength: 5000, enum: ['duplicate', 'fraudulent', 'requested_by_customer'] }, // extract: enum
  },
};

export function checkCreateRefund(p: Params): void {
  // extract x-description: "When you create a new refund, you must specify a Charge or a PaymentIntent object on which to create it."
  if (p.charge === undefined && p.payment_intent === undefined) throw missingParam('payment_intent');
  // Stripe API reference, Create a refund, `amount`: "A positive integer in cents representing how much
  // of this charge to refund" (wording of earlier API versions; the 2026-09-30 extract has no description).
  if (p.amount !== undefined && (p.amount as number) <= 0) invalidParam('amount must be a positive integer.', 'amount');
}

// extract /v1/transfers post: the request body's properties; required [currency, destination].
export const createTransferParams: ObjectRule = {
  type: 'object',
  required: ['currency', 'destination'],
  properties: {
    ...declared('expand source_transaction source_type transfer_group'),
    amount: { type: 'integer' },
    currency,
    description: { type: 'string', maxLength: 5000 }, // extract: maxLength 5000
    destination: { type: 'string' },
    metadata,
  },
};

export function checkCreateTransfer(p: Params): void {
  if (p.amount === undefined) throw unimplemented('a transfer without amount', 'amount');
  // extract x-description of amount: "A positive integer in cents (or local equivalent) representing how much to transfer."
  if ((p.amount as number) <= 0) invalidParam('amount must be a positive integer.', 'amount');
}

// extract /v1/checkout/sessions/{session}/expire post: body properties [expand].
export const expireSessionParams: ObjectRule = { type: 'object', properties: declared('expand') };
// extract /v1/checkout/sessions/{session} get: query parameter expand.
export const retrieveSessionParams: ObjectRule = { type: 'object', properties: declared('expand') };
// extract /v1/payment_intents/{intent} get: query parameters client_secret, expand.
export const retrieveIntentParams: ObjectRule = { type: 'object', properties: declared('client_secret expand') };

/** A path parameter's `maxLength` (extract: {session} 66 on retrieve, 5000 on expire; {intent} 5000). */
export function checkPathParam(value: string, name: string, maxLength: number): string {
  if (value.length > maxLength)
    invalidParam(`Invalid string: ${value.slice(0, 20)}...; must be at most ${maxLength} characters`, name);
  return value;
}

function invalidParam(message: string, param: string): never {
  throw invalid(message, param);
}
