import { Ajv } from 'ajv';
import type { Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const common: Options = {
  // Report every failing field (details name each one); bodyLimit bounds the input size.
  allErrors: true,
  useDefaults: true,
  removeAdditional: false,
  strict: false,
};

/**
 * Bodies are JSON and keep their types: `{"email": 123}` is a 400, not the string "123".
 * Query strings and params arrive as text, so they are coerced (`?limit=10` → 10).
 */
export function registerValidation(app: FastifyInstance, sharedSchemas: readonly object[]): void {
  const body = new Ajv({ ...common, coerceTypes: false });
  const text = new Ajv({ ...common, coerceTypes: 'array' });
  for (const ajv of [body, text]) {
    addFormats(ajv);
    for (const schema of sharedSchemas) ajv.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? body : text;
    return ajv.compile(schema as object);
  });
}
