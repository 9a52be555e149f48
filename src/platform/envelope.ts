// The response envelope of contract §2 and the TypeBox helpers every route schema is built from.
import { Type, type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    request_id: Type.Optional(
      Type.String({ description: 'On 500: the X-Request-Id, which finds the failure in our logs.' }),
    ),
  },
  {
    $id: 'ErrorBody',
    description:
      'Every error answer: a human message, a stable code, per-field messages on 422, the request id on 500.',
  },
);

export const PageMeta = Type.Object(
  {
    current_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    last_page: Type.Integer(),
  },
  { $id: 'PageMeta' },
);

/** `{success, message, data}` around a payload schema. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Boolean(), message: Type.String(), data });
}

/** A list: `data` is the array, `meta` beside it. */
export function Paginated<T extends TSchema>(item: T) {
  return Type.Object({ success: Type.Boolean(), message: Type.String(), data: Type.Array(item), meta: PageMeta });
}

export const MessageOnly = Envelope(Type.Null());

export function ok<T>(data: T, message = 'OK') {
  return { success: true as const, message, data };
}

export function okPage<T>(data: T[], meta: { current_page: number; per_page: number; total: number }, message = 'OK') {
  const last_page = Math.max(1, Math.ceil(meta.total / meta.per_page));
  return { success: true as const, message, data, meta: { ...meta, last_page } };
}

const errorRef = Type.Ref('ErrorBody');

/**
 * `default`: the error body for any status not listed, for a route whose success is not a 2xx (a
 * WebSocket upgrade, a redirect), so the document still names an answer besides the errors.
 */
export const otherErrors = { default: errorRef };

/** The error answers a route may give, for the OpenAPI document and for serialisation. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, TSchema> = {};
  for (const s of [400, 422, 429, 500, ...statuses]) out[s] = errorRef;
  return out;
}
