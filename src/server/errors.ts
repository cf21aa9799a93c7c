import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../api/schema.gen';
import { EMAIL_FORMAT_MESSAGE } from '../domain/contactMessages';
import { atLeast, atLeastCharacters, atMost, atMostCharacters } from '../domain/limitMessages';
import { MENU_NUMBER, MENU_NUMBER_MESSAGE } from '../domain/menuRules';
import { PHOTO_TOO_LARGE_MESSAGE } from '../domain/photoUploadLimits';

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

/** The contract's patterns that a person meets, by the pattern's source in openapi.yaml. */
const patternMessages: Record<string, string> = {
  [MENU_NUMBER.source]: MENU_NUMBER_MESSAGE,
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
    case 'pattern':
      return patternMessages[params.pattern as string] ?? message ?? 'is invalid';
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

/** SPEC §7's calls take JSON only; anything else is refused before a handler could mistake it for the body. */
export function notJsonBody(): ApiError {
  return new ApiError(415, 'Send the body as JSON (Content-Type: application/json)', [{ field: 'body', message: 'must be sent as application/json' }]);
}

const addressTooLong = () => new ApiError(414, 'The address is too long');
const bodyRefusal = (statusCode: number, errorMessage: string | null, message: string) => () =>
  new ApiError(statusCode, errorMessage, [{ field: 'body', message }]);

/**
 * Fastify's and its plugins' own refusals, in plain words. A 400 keeps `errorMessage` null when it names a field
 * (SPEC §8: the failures are shown); every other status says what to change.
 */
const frameworkRefusals: Record<string, () => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: bodyRefusal(400, null, 'must be valid JSON'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: bodyRefusal(400, null, 'does not match its Content-Length'),
  FST_CP_ERR_INVALID_CONTENT: bodyRefusal(400, null, 'could not be decompressed'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: notJsonBody,
  FST_CP_ERR_INVALID_CONTENT_ENCODING: bodyRefusal(415, 'Send the body uncompressed, or compressed with gzip, deflate or br', 'has an unknown encoding'),
  FST_ERR_CTP_BODY_TOO_LARGE: bodyRefusal(413, 'The request is too large', 'is too large'),
  // @fastify/multipart's, for an upload (docs/back-office.md, "Photos"): at the field, as a refused file is.
  FST_REQ_FILE_TOO_LARGE: () => new ApiError(400, null, [{ field: 'file', message: PHOTO_TOO_LARGE_MESSAGE }]),
  FST_FILES_LIMIT: bodyRefusal(400, null, 'must hold one file'),
  FST_PARTS_LIMIT: bodyRefusal(400, null, 'has more fields than the form sends'),
  FST_FIELDS_LIMIT: bodyRefusal(400, null, 'has more fields than the form sends'),
  FST_PROTO_VIOLATION: bodyRefusal(400, null, 'has a field name that is not allowed'),
  FST_MP_PREMATURE_CLOSE: bodyRefusal(400, null, 'ended before the upload was complete'),
  FST_ERR_BAD_URL: () => new ApiError(400, 'The address is not valid'),
  FST_ERR_MAX_PARAM_LENGTH: addressTooLong,
};

/**
 * An upload's multipart body that cannot be read (docs/back-office.md, "Photos"): @fastify/multipart's field typed JSON
 * that is not, and @fastify/busboy's own errors, which have no code and are told by their words: no boundary (or one
 * over its 256 bytes), and a body that ends before its closing boundary. Only for a multipart request.
 */
const NO_BOUNDARY = /^(Multipart: Boundary not found|Boundary required|The needle cannot have a length bigger than 256\.)$/;
const CUT_SHORT = /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

function uploadRefusal(error: FastifyError, request: FastifyRequest): ApiError | undefined {
  if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return undefined;
  if (error.code === 'FST_INVALID_JSON_FIELD_ERROR') return bodyRefusal(400, null, 'has a field sent as application/json that is not valid JSON')();
  if (error.code) return undefined;
  if (NO_BOUNDARY.test(error.message)) return bodyRefusal(400, null, 'must be multipart/form-data with the boundary its Content-Type names')();
  if (CUT_SHORT.test(error.message)) return bodyRefusal(400, null, 'ended before the upload was complete')();
  return undefined;
}

/** The one error handler: every failure leaves in the SPEC §8 shape, and nothing internal leaks. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const upload = error instanceof ApiError ? undefined : uploadRefusal(error, request);
  // The caller's mistake, not the server's: noted, never an error in the log.
  if (upload) request.log.info({ err: error }, 'unreadable upload refused');
  const refusal = upload ?? (error instanceof ApiError ? error : error.code ? frameworkRefusals[error.code]?.() : undefined);
  if (refusal) return reply.code(refusal.statusCode).send(errorBody(refusal.errorMessage, refusal.validationErrors));
  if (error.validation) {
    const failures = validationFailures(error.validation as AjvError[], error.validationContext ?? 'request');
    return reply.code(400).send(errorBody(null, failures));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // A refusal this server has no words for yet: its own text may name internals, so it is not passed on.
    request.log.warn({ err: error }, 'request refused');
    return reply.code(error.statusCode).send(errorBody('The request cannot be handled'));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody('An unexpected error occurred'));
}

/** Refusals by Node's HTTP parser, before Fastify has a request: answered on the socket, in the same shape. */
const parserRefusals: Record<string, () => ApiError> = {
  HPE_HEADER_OVERFLOW: () => new ApiError(431, "The request's headers are too large"),
  ERR_HTTP_REQUEST_TIMEOUT: () => new ApiError(408, 'The request took too long to arrive'),
};
const malformedRequest = () => new ApiError(400, 'The request is malformed');

/**
 * Node counts the request line within its header limit, so an address too long for it overflows the headers too. It is
 * told apart when the overflowing chunk is a request's start (a method, a space) whose first line has not ended within
 * the limit; an overflow found in a later chunk stays 431.
 */
function parserRefusalOf(error: ConnectionError): ApiError {
  // Node hands over the chunk as a Buffer, whatever Fastify's type says.
  const packet: unknown = error.rawPacket;
  const start = Buffer.isBuffer(packet) ? packet.subarray(0, maxHeaderSize) : undefined;
  if (error.code === 'HPE_HEADER_OVERFLOW' && start && /^[A-Z]+ /.test(start.toString('latin1', 0, 16)) && !start.includes('\r\n')) {
    return addressTooLong();
  }
  return (parserRefusals[error.code] ?? malformedRequest)();
}

/** Fastify's `clientErrorHandler`: Node's `clientError`, answered in the envelope instead of Fastify's own shape. */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, errorMessage } = parserRefusalOf(error);
  const body = JSON.stringify(errorBody(errorMessage));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function isApiRequest(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
