import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, ...options });
  addFormats(ajv);
  return ajv;
}

/**
 * Bodies are checked as sent: Fastify's default Ajv would turn "2" into 2 and silently drop unknown
 * fields, so a wrong or extra field would be accepted. Path, query and header values arrive as text
 * and are coerced to the types the contract gives them.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const bodyAjv = createAjv({ coerceTypes: false, removeAdditional: false, useDefaults: false });
  const textAjv = createAjv({ coerceTypes: 'array', removeAdditional: false, useDefaults: true });
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
}
