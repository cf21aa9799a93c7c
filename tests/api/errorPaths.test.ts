import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { allRows } from './databaseSnapshot';
import { identification, startOrderingServer, type OrderingServer } from './orderingServer';

// Every operation of openapi.yaml, sent every refusal that applies to it, through the real server: each answer is the
// SPEC §8 envelope with a status the operation declares, and no refused call writes anything.

interface ContractOperation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  'x-identity-groups'?: string[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, unknown> };
}
const contract = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, ContractOperation>>;
};

interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The contract's path with `{parameters}`. */
  template: string;
  /** The media types its request body may be sent as; none when it takes no body. */
  bodyTypes: string[];
  bearer: 'none' | 'optional' | 'required';
  staffOnly: boolean;
  /** The back office's: the owner may call it, the kitchen may not. */
  ownerOnly: boolean;
  declared: string[];
}

const operations: Operation[] = Object.entries(contract.paths).flatMap(([template, item]) =>
  Object.entries(item).map(([method, operation]): Operation => {
    const requirements = operation.security.map((requirement) => ('bearerAuth' in requirement ? 'bearer' : 'anyone'));
    return {
      operationId: operation.operationId,
      method: method.toUpperCase() as Operation['method'],
      template,
      bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
      bearer: !requirements.includes('bearer') ? 'none' : requirements.includes('anyone') ? 'optional' : 'required',
      staffOnly: operation['x-identity-groups'] !== undefined,
      ownerOnly: operation['x-identity-groups']?.includes('owner') === true,
      declared: Object.keys(operation.responses),
    };
  }),
);

// Values the contract accepts, so that only the refusal under test is wrong.
const validParameters: Record<string, string> = { page: 'privacy', menuId: '1', postcode: 'LS6 2AB', orderType: '1', date: '2026-11-24' };
const parameterPattern = /\{([^}]+)\}/g;

function pathOf(template: string, firstParameter?: string): string {
  let first = true;
  return `/api${template}`.replace(parameterPattern, (_match, name: string) => {
    const value = first && firstParameter !== undefined ? firstParameter : (validParameters[name] ?? 'b8f2c0d4e6a81b3c5d7e9f1a');
    first = false;
    return value === '%' ? value : encodeURIComponent(value);
  });
}

interface Expected {
  status: number;
  errorMessage: string | null;
  validationErrors?: Array<{ field: string; message: string }>;
}

interface Sent {
  path: string;
  headers?: Record<string, string>;
  body?: string | Blob;
  /** False: without the identification headers. */
  identified?: boolean;
}

interface Refusal {
  name: string;
  appliesTo(operation: Operation): boolean;
  request(operation: Operation, tokens: Tokens): Sent;
  expected: Expected;
}

interface Tokens {
  staff: string;
  owner: string;
  customer: string;
  forged: string;
}

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The token that gets a caller past an operation's access check, so that what follows is what is refused. */
function allowedCaller(operation: Operation, tokens: Tokens): Record<string, string> {
  if (operation.ownerOnly) return bearer(tokens.owner);
  if (operation.staffOnly) return bearer(tokens.staff);
  return operation.bearer === 'required' ? bearer(tokens.customer) : {};
}
const isPost = (operation: Operation) => operation.method === 'POST';
const hasPathParameter = (operation: Operation) => operation.template.includes('{');
const jsonBody = (operation: Operation) => (isPost(operation) ? { body: '{"basketId":"b8f2c0d4e6a81b3c5d7e9f1a"}' } : {});

const NOT_JSON = 'Send the body as JSON (Content-Type: application/json)';
const ADDRESS_TOO_LONG = 'The address is too long';

const refusals: Refusal[] = [
  {
    name: 'no identification headers',
    appliesTo: () => true,
    request: (operation) => ({ path: pathOf(operation.template), headers: json, ...jsonBody(operation), identified: false }),
    expected: { status: 401, errorMessage: 'The x-application-key and x-site-key headers are required' },
  },
  {
    name: 'no bearer, with a malformed body',
    appliesTo: (operation) => operation.bearer === 'required',
    request: (operation) => ({ path: pathOf(operation.template), headers: json, ...(isPost(operation) ? { body: '{' } : {}) }),
    expected: { status: 401, errorMessage: 'Sign in to continue: a bearer id token is required' },
  },
  {
    name: 'a forged bearer, with a body the schema refuses',
    appliesTo: (operation) => operation.bearer !== 'none',
    request: (operation, tokens) => ({
      path: pathOf(operation.template),
      headers: { ...json, ...bearer(tokens.forged) },
      ...(isPost(operation) ? { body: '{"notInTheContract":1}' } : {}),
    }),
    expected: { status: 401, errorMessage: 'Your sign-in is invalid or has expired; please sign in again' },
  },
  {
    name: "a customer's bearer on a staff call, with a malformed body",
    appliesTo: (operation) => operation.staffOnly && !operation.ownerOnly,
    request: (operation, tokens) => ({
      path: pathOf(operation.template),
      headers: { ...json, ...bearer(tokens.customer) },
      ...(isPost(operation) ? { body: '{' } : {}),
    }),
    expected: { status: 403, errorMessage: "This is for the restaurant's staff only" },
  },
  {
    name: "the kitchen's bearer on an owner call, with a malformed body",
    appliesTo: (operation) => operation.ownerOnly,
    request: (operation, tokens) => ({
      path: pathOf(operation.template),
      headers: { ...json, ...bearer(tokens.staff) },
      ...(isPost(operation) ? { body: '{' } : {}),
    }),
    expected: { status: 403, errorMessage: "This is for the restaurant's owner only" },
  },
  {
    name: 'a JSON body sent as text/plain',
    appliesTo: isPost,
    request: (operation, tokens) => ({
      path: pathOf(operation.template),
      headers: { 'content-type': 'text/plain', ...allowedCaller(operation, tokens) },
      ...jsonBody(operation),
    }),
    expected: { status: 415, errorMessage: NOT_JSON, validationErrors: [{ field: 'body', message: 'must be sent as application/json' }] },
  },
  {
    name: 'a body without a content type',
    appliesTo: isPost,
    // fetch gives a string a text/plain type, and a Blob without a type none.
    request: (operation, tokens) => ({ path: pathOf(operation.template), headers: allowedCaller(operation, tokens), body: new Blob(['{}']) }),
    expected: { status: 415, errorMessage: NOT_JSON, validationErrors: [{ field: 'body', message: 'must be sent as application/json' }] },
  },
  {
    name: 'no body and no content type, where a JSON body is needed',
    appliesTo: (operation) => operation.bodyTypes.join() === 'application/json',
    request: (operation, tokens) => ({ path: pathOf(operation.template), headers: allowedCaller(operation, tokens) }),
    expected: { status: 400, errorMessage: null, validationErrors: [{ field: 'body', message: 'must be sent as application/json' }] },
  },
  {
    name: 'JSON where a form with a file is needed',
    appliesTo: (operation) => operation.bodyTypes.join() === 'multipart/form-data',
    request: (operation, tokens) => ({ path: pathOf(operation.template), headers: { ...json, ...allowedCaller(operation, tokens) }, body: 'null' }),
    expected: { status: 400, errorMessage: null, validationErrors: [{ field: 'body', message: 'must be sent as multipart/form-data' }] },
  },
  {
    name: 'malformed JSON',
    appliesTo: isPost,
    request: (operation, tokens) => ({ path: pathOf(operation.template), headers: { ...json, ...allowedCaller(operation, tokens) }, body: '{"basketId":' }),
    expected: { status: 400, errorMessage: null, validationErrors: [{ field: 'body', message: 'must be valid JSON' }] },
  },
  {
    name: 'a body over the limit',
    appliesTo: isPost,
    request: (operation, tokens) => ({
      path: pathOf(operation.template),
      headers: { ...json, ...allowedCaller(operation, tokens) },
      body: JSON.stringify({ notes: 'x'.repeat(300 * 1024) }),
    }),
    expected: { status: 413, errorMessage: 'The request is too large', validationErrors: [{ field: 'body', message: 'is too large' }] },
  },
  {
    name: 'an over-long path parameter',
    appliesTo: hasPathParameter,
    request: (operation) => ({ path: pathOf(operation.template, 'a'.repeat(300)), headers: json, ...jsonBody(operation) }),
    expected: { status: 414, errorMessage: ADDRESS_TOO_LONG },
  },
  {
    name: 'an address longer than the server reads',
    appliesTo: () => true,
    request: (operation) => ({ path: `${pathOf(operation.template)}?padding=${'a'.repeat(20_000)}`, headers: json, ...jsonBody(operation) }),
    expected: { status: 414, errorMessage: ADDRESS_TOO_LONG },
  },
  {
    name: 'over-large headers',
    appliesTo: () => true,
    request: (operation) => ({ path: pathOf(operation.template), headers: { ...json, 'x-padding': 'a'.repeat(20_000) }, ...jsonBody(operation) }),
    expected: { status: 431, errorMessage: "The request's headers are too large" },
  },
  {
    name: 'a malformed address',
    appliesTo: () => true,
    request: (operation) => ({
      path: hasPathParameter(operation) ? pathOf(operation.template, '%') : `${pathOf(operation.template)}%`,
      headers: json,
      ...jsonBody(operation),
    }),
    expected: { status: 400, errorMessage: 'The address is not valid' },
  },
  {
    name: 'an address under it that is no route',
    // Not where the address under it is another operation's (GET /manage/pages/{page} under GET /manage/pages).
    appliesTo: (operation) => !operations.some((other) => other.method === operation.method && routeMatches(other.template, `${operation.template}/unknown`)),
    request: (operation) => ({ path: `${pathOf(operation.template)}/unknown`, headers: json, ...jsonBody(operation) }),
    expected: { status: 404, errorMessage: 'Route does not exist' },
  },
];

/** Whether `path` is an address of the route `template` (its `{parameters}` any one segment). */
function routeMatches(template: string, path: string): boolean {
  return new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path);
}

const cases = operations.flatMap((operation) =>
  refusals.filter((refusal) => refusal.appliesTo(operation)).map((refusal) => ({ name: `${operation.method} ${operation.template}: ${refusal.name}`, operation, refusal })),
);

let ordering: OrderingServer;
let tokens: Tokens;
let rowsBefore: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  tokens = { staff: await ordering.staffToken(), owner: await ordering.ownerToken(), customer: await ordering.customerToken(), forged: await ordering.forgedStaffToken() };
  rowsBefore = allRows(ordering.sqliteFile);
});

afterAll(async () => {
  await ordering?.close();
});

describe('every refusal of every operation is the SPEC §8 envelope with a declared status', () => {
  it('walks every operation of the contract', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const refusal of refusals) expect(cases.some((candidate) => candidate.refusal === refusal), refusal.name).toBe(true);
  });

  it.each(cases)('$name', async ({ operation, refusal }) => {
    const { path, headers = {}, body, identified = true } = refusal.request(operation, tokens);
    const response = await fetch(`${ordering.server.url}${path}`, {
      method: operation.method,
      headers: { ...(identified ? identification : {}), ...headers },
      body,
    });
    const text = await response.text();

    expect(response.status).toBe(refusal.expected.status);
    expect(operation.declared).toContain(String(response.status));
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    const answer = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(['errorMessage', 'validationErrors']);
    expect(answer).toEqual({ errorMessage: refusal.expected.errorMessage, validationErrors: refusal.expected.validationErrors ?? [] });
    expect(text).not.toMatch(/FST_|Error:|\bat .*\.[jt]s\b|node_modules|stack|sqlite|kysely/i);
  });

  it('wrote nothing for any of them', () => {
    expect(allRows(ordering.sqliteFile)).toBe(rowsBefore);
  });
});

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Writes each text over one connection, waiting on each step between; answers all the server sent before it closed it. */
async function exchange(url: string, steps: Array<string | (() => Promise<unknown>)>): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  for (const step of steps) {
    if (typeof step === 'string') socket.write(step);
    else await step();
  }
  await ended;
  return Buffer.concat(received).toString('utf8');
}

/** Each HTTP answer in `text`: its status, its content type and its body. */
function answersIn(text: string): Array<{ status: number; contentType: string | undefined; body: unknown }> {
  return text
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter(Boolean)
    .map((answer) => {
      const [head, body] = answer.split('\r\n\r\n');
      return { status: Number(head.slice(9, 12)), contentType: /^content-type: (.*)$/im.exec(head)?.[1], body: JSON.parse(body) };
    });
}

const identificationLines = Object.entries(identification)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
const envelopeType = 'application/json; charset=utf-8';

describe('refusals before any operation is known', () => {
  it('answers a request Node cannot parse with the envelope', async () => {
    const text = await exchange(ordering.server.url, [
      `GET /api/restaurant/coreRestaurantData HTTP/1.1\r\nHost: test\r\nContent-Length: many\r\n${identificationLines}\r\n`,
    ]);
    expect(answersIn(text)).toEqual([
      { status: 400, contentType: envelopeType, body: { errorMessage: 'The request is malformed', validationErrors: [] } },
    ]);
  });

  it('answers a request arriving on an open connection while the server closes with the envelope, after the one in flight', async () => {
    const closing = await startOrderingServer();
    const body = JSON.stringify({ basketId: 'b8f2c0d4e6a81b3c5d7e9f1a' });
    let closed: Promise<void> | undefined;
    const text = await exchange(closing.server.url, [
      `POST /api/orderbuilder/confirm HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        `${identificationLines}\r\n${body.slice(0, 5)}`,
      () => pause(200),
      async () => {
        closed = closing.close();
        await pause(200);
      },
      `${body.slice(5)}GET /api/restaurant/coreRestaurantData HTTP/1.1\r\nHost: test\r\n${identificationLines}\r\n`,
    ]);
    await closed;
    const [answered, refused] = answersIn(text);
    expect(answered.status).toBe(400);
    expect(refused).toEqual({
      status: 503,
      contentType: envelopeType,
      body: { errorMessage: 'The server is restarting: please try again in a moment', validationErrors: [] },
    });
  });
});
