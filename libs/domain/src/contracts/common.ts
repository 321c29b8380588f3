/**
 * Building blocks of the contracts: one TypeBox schema per request and answer, from which the
 * API's validation, serialisation, handler types and OpenAPI document, and the console's types and
 * mocks, all come (issue 29, item 1). These helpers keep the JSON Schema the API has always
 * published, so the OpenAPI document did not change when the hand-written schemas moved here.
 */
import { Type } from 'typebox';
import type { Static, TObject, TSchema } from 'typebox';
import type { ApiErrorBody } from '../errors';

/**
 * `schema` or null, written `type: [T, 'null']` as the API always wrote it (OpenAPI 3.0 reads it
 * as `nullable`), not TypeBox's `anyOf` of two schemas.
 */
export function Nullable<const T extends TSchema>(schema: T, options: { description?: string } = {}) {
  const { type } = schema as { type?: unknown };
  if (typeof type !== 'string') throw new TypeError('Nullable takes a schema of one type');
  return Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [type, 'null'] });
}

/**
 * An answer's embedded object whose properties the schema lists but does not require: the
 * serialiser writes what the row has, as it always did, and never fails an answer for a missing
 * field, while the type keeps the fields the queries always select.
 */
export function Lenient<const T extends TObject>(schema: T, options: { description?: string; required?: readonly (keyof Static<T> & string)[] } = {}) {
  const { required: _required, ...rest } = schema;
  const { required = [], ...more } = options;
  return Type.Unsafe<Static<T>>({ ...rest, ...(required.length > 0 ? { required } : {}), ...more });
}

/**
 * A query whose parameters with a `default` are not required of the caller (the validator fills
 * them in), yet present in the handler's type: `page` is a number there, never undefined.
 */
export function WithDefaults<const T extends TObject>(schema: T) {
  const { required = [], ...rest } = schema as TObject;
  const properties = schema.properties as Record<string, { default?: unknown }>;
  const stillRequired = required.filter((name) => properties[name]?.default === undefined);
  return Type.Unsafe<Static<T>>({ ...rest, ...(stillRequired.length > 0 ? { required: stillRequired } : {}) });
}

/** A string among `values`, written `{ type: 'string', enum }` as in the hand-written schemas. */
export function StringEnum<const Values extends readonly string[]>(values: Values, options: { default?: Values[number]; description?: string } = {}) {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: values, ...options });
}

/** The error body every non-2xx answer has (api.md, "Errors"): a shared schema (`$id`) the answers reference. */
export const ApiErrorSchema = Type.Unsafe<ApiErrorBody>(
  Type.Object(
    {
      error: Type.Object({
        code: Type.String(),
        message: Type.String(),
        details: Type.Optional(
          Type.Array(
            Type.Object({
              field: Type.String(),
              rule: Type.String(),
              limit: Type.Optional(Type.Unsafe<number | string>({ type: ['number', 'string'] })),
              message: Type.Optional(Type.String()),
            }),
          ),
        ),
      }),
    },
    { $id: 'ApiError' },
  ),
);

/** The error body every non-2xx answer has, by reference to the shared `ApiError` schema. */
export const ApiErrorRef = Type.Unsafe<ApiErrorBody>({ $ref: 'ApiError#' });

/**
 * A 204's body schema (`{ type: 'null' }`, as the API always published it), typed `void` so a
 * handler answers `reply.status(204).send()` with no body at all.
 */
export const NoContent = (options: { description?: string } = {}) => Type.Unsafe<void>({ type: 'null', ...options });

/** The error answers of a route, one per status it may fail with. */
export function errorResponses<const Statuses extends readonly number[]>(...statuses: Statuses): Record<Statuses[number], typeof ApiErrorRef> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorRef])) as Record<Statuses[number], typeof ApiErrorRef>;
}

/** A positive integer id (`paisId`, `nodoId`…) in a query. */
export const IdParam = (description: string) => Type.Integer({ minimum: 1, description });

/** A date query parameter (documented once for every route). */
export const DateParam = (description: string) =>
  Type.String({ description: `${description}. ISO 8601: una fecha (YYYY-MM-DD, día entero en UTC) o fecha y hora con zona.` });

/** Ids of the reference tables are `integer`: anything larger could match nothing and would fail in SQL. */
export const MAX_INTEGER_ID = 2_147_483_647;

/** A reference table's id in a query, bounded to PostgreSQL's `integer`. */
export const TableIdParam = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID, description });
