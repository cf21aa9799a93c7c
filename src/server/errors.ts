import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../api/schema.gen';
import { EMAIL_FORMAT_MESSAGE } from '../domain/contactMessages';
import { atLeast, atLeastCharacters, atMost, atMostCharacters } from '../domain/limitMessages';

type ErrorResponse = components['schemas']['ErrorResponse'];
type ValidationFailure = components['schemas']['ValidationFailure'];

/** A refusal that a handler or hook means to send, in the SPEC §8 shape. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorMessage: string | null,
    readonly validationErrors: ValidationFailure[] = [],
  ) {
    super(errorMessage ?? 'Validation failed');
    this.name = 'ApiError';
  }
}

export function notAvailableYet(operationId: string): Promise<never> {
  return Promise.reject(new ApiError(501, `${operationId} is not available yet`));
}

export function errorBody(errorMessage: string | null, validationErrors: ValidationFailure[] = []): ErrorResponse {
  return { errorMessage, validationErrors };
}

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/orderItems/0/quantity` becomes `orderItems[0].quantity`, the way a form names its fields. */
function fieldPath(instancePath: string, child: unknown): string {
  const segments = instancePath.split('/').slice(1);
  if (typeof child === 'string') segments.push(child);
  return segments
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => (/^[0-9]+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

const typeNames: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  null: 'null',
};

const formatMessages: Record<string, string> = {
  email: EMAIL_FORMAT_MESSAGE,
  'date-time': 'must be a date and time, for example 2026-12-24T19:30:00Z',
};

/**
 * The contract's limits in the words the restaurant's own rules use, since a form shows them to a customer under
 * the field ("Phone number must be at most 30 characters"); a keyword without plain words keeps Ajv's.
 */
function plainMessage({ keyword, params, message }: AjvError): string {
  const limit = params.limit as number;
  switch (keyword) {
    case 'maxLength':
      return atMostCharacters(limit);
    case 'minLength':
      return atLeastCharacters(limit);
    case 'minimum':
      return atLeast(limit);
    case 'maximum':
      return atMost(limit);
    case 'minItems':
      return `must have at least ${limit} ${limit === 1 ? 'item' : 'items'}`;
    case 'maxItems':
      return `must have at most ${limit} ${limit === 1 ? 'item' : 'items'}`;
    case 'type': {
      const types = ([] as string[]).concat(params.type as string | string[]).flatMap((type) => type.split(','));
      return `must be ${types.map((type) => typeNames[type] ?? type).join(' or ')}`;
    }
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'format':
      return formatMessages[params.format as string] ?? message ?? 'is invalid';
    default:
      return message ?? 'is invalid';
  }
}

export function validationFailures(errors: AjvError[], context: string): ValidationFailure[] {
  const failures = errors.map((error): ValidationFailure => {
    if (error.keyword === 'required') {
      return { field: fieldPath(error.instancePath, error.params.missingProperty) || context, message: 'is required' };
    }
    if (error.keyword === 'additionalProperties') {
      return { field: fieldPath(error.instancePath, error.params.additionalProperty) || context, message: 'is not allowed' };
    }
    return { field: fieldPath(error.instancePath, undefined) || context, message: plainMessage(error) };
  });
  // A value failing both branches of a nullable oneOf reports the same field more than once.
  const unique = new Map(failures.map((failure) => [`${failure.field}\n${failure.message}`, failure]));
  return [...unique.values()];
}

const bodyErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'must be valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'must not be empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'must be sent as application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'does not match its Content-Length',
};

/** The one error handler: every failure leaves in the SPEC §8 shape, and nothing internal leaks. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) {
    return reply.code(error.statusCode).send(errorBody(error.errorMessage, error.validationErrors));
  }
  if (error.validation) {
    const failures = validationFailures(error.validation as AjvError[], error.validationContext ?? 'request');
    return reply.code(400).send(errorBody(null, failures));
  }
  const bodyMessage = error.code ? bodyErrorMessages[error.code] : undefined;
  if (bodyMessage && error.statusCode) {
    return reply.code(error.statusCode).send(errorBody(null, [{ field: 'body', message: bodyMessage }]));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send(errorBody(error.message));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody('An unexpected error occurred'));
}

export function isApiRequest(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
