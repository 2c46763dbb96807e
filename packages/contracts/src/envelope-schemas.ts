/** JSON schemas (TypeBox) of the envelope in `envelope.ts`, for route validation and OpenAPI. */
import { Type, type TSchema } from 'typebox';

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    errorCode: Type.String({ description: 'Stable UPPER_SNAKE code, see the error catalogue' }),
    errorMessage: Type.String({ description: 'For people: zh-CN by default, en-US when asked' }),
    showType: Type.Integer({ description: 'docs/request-layer.md §Error display: 0 silent, 1 warning, 2 error, 4 notification, 9 redirect' }),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorEnvelope' },
);

/** The success envelope around a data schema. */
export function Ok<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

/** A page of items: `{ items, total, page, pageSize }`. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
}

/**
 * The error envelope as one endpoint answers it with one HTTP status: `errorCode` is one of
 * `codes` (for the OpenAPI document: clients can switch on them).
 */
export function ErrorEnvelopeOf(codes: readonly string[], description: string) {
  return Type.Object(
    {
      ...ErrorEnvelopeSchema.properties,
      errorCode: Type.Enum(codes, { description: 'Stable UPPER_SNAKE code, see the error catalogue' }),
    },
    { description },
  );
}
