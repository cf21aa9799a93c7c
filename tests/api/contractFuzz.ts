import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { leedsAddress, readyOrderUpdate } from './orderingServer';

// Requests for every operation of openapi.yaml, valid, nearly valid (one thing wrong) and hostile, as fast-check
// arbitraries. What a request needs from the running server (a basket, an order, a signed-in customer) is a
// placeholder here, filled in when it is sent, so that the same seed always generates the same requests.

type Schema = Record<string, any>;

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST';
  /** The contract's path with `{parameters}`. */
  template: string;
  pathParameters: Array<{ name: string; schema: Schema }>;
  queryParameters: Array<{ name: string; schema: Schema }>;
  /** Beside the identification headers, which every operation has and are fuzzed on their own. */
  headerParameters: Array<{ name: string; schema: Schema }>;
  body: Schema | undefined;
  bearer: 'none' | 'optional' | 'required';
  staffOnly: boolean;
  /** Its 200 is a CSV file (the takings' export). */
  csvSuccess: boolean;
  /** The back office's calls, for the owner alone (x-identity-groups [owner]). */
  ownerOnly: boolean;
  declared: string[];
}

const contract = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, Schema>>;
  components: Record<string, Record<string, Schema>>;
};

function resolved(schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  const [, , section, name] = (schema.$ref as string).split('/');
  return resolved(contract.components[section][name]);
}

export const operations: Operation[] = Object.entries(contract.paths).flatMap(([template, item]) =>
  Object.entries(item).map(([method, operation]): Operation => {
    const parameters = (operation.parameters as Schema[]).map(resolved);
    const requirements = (operation.security as Schema[]).map((requirement) => ('bearerAuth' in requirement ? 'bearer' : 'anyone'));
    return {
      operationId: operation.operationId,
      method: method.toUpperCase() as Operation['method'],
      template,
      pathParameters: parameters.filter(({ in: where }) => where === 'path').map(({ name, schema }) => ({ name, schema })),
      queryParameters: parameters.filter(({ in: where }) => where === 'query').map(({ name, schema }) => ({ name, schema })),
      headerParameters: parameters
        .filter(({ in: where, name }) => where === 'header' && name !== 'x-application-key' && name !== 'x-site-key')
        .map(({ name, schema }) => ({ name, schema })),
      body: operation.requestBody?.content?.['application/json']?.schema,
      bearer: !requirements.includes('bearer') ? 'none' : requirements.includes('anyone') ? 'optional' : 'required',
      staffOnly: operation['x-identity-groups'] !== undefined,
      csvSuccess: operation.responses['200']?.content?.['text/csv'] !== undefined,
      ownerOnly: (operation['x-identity-groups'] as string[] | undefined)?.includes('owner') === true,
      declared: Object.keys(operation.responses),
    };
  }),
);

/** Stand-ins for what exists on the server, replaced when the request is sent. */
export const live = {
  basket: '@@basket@@',
  order: '@@order@@',
  sub: '@@sub@@',
  email: '@@email@@',
} as const;

const isLive = (value: unknown): value is string => (Object.values(live) as unknown[]).includes(value);

/** Fields and parameters that name something on the server: mostly a real one, so that handlers are reached. */
const liveFields: Record<string, string[]> = {
  basketId: [live.basket],
  orderBuilderId: [live.basket],
  orderRef: [live.order],
  orderId: [live.order, live.basket],
  'x-basket-id': [live.basket],
  authId: [live.sub],
  email: [live.email],
};

const awkwardDays = ['2026-02-30', '0000-00-00', '0001-01-01', '9999-12-31', '2026-13-01', '9999-99-99'];
const awkwardTimes = ['9999-12-31T23:59:59.999Z', '1970-01-01T00:00:00Z', '2026-11-24T19:00:00+14:00', '2026-11-24T19:00:00.123456789Z', '2026-11-24t19:00:00z'];

/** Values the handlers know, so that a valid request gets past the business rules now and then. */
const knownValues: Record<string, unknown[]> = {
  page: ['privacy', 'terms', 'about', 'about-us'],
  menuId: [1],
  postcode: ['LS6 2AB', 'LS1 4AP', 'SW1A 1AA'],
  postCode: ['LS6 2AB'],
  date: ['2026-11-24', '2026-11-25', '2026-11-28'],
  eventDate: ['2026-12-24'],
  from: ['2026-11-24'],
  to: ['2026-11-30'],
  time: ['19:30', '12:00'],
  phone: ['0113 496 0999', '07700 900123'],
  categoryId: [1],
  itemId: [109, 101, 102],
  menuVersion: [1],
  appVersion: ['1.0.81'],
  payPalId: ['5O190127TN364715T'],
  payPalOrderId: ['5O190127TN364715T'],
  paymentSource: ['paypal', 'card'],
  updateTime: ['2026-11-24T19:00:00.000Z'],
  requestedTime: ['2026-11-24T20:00:00.000Z'],
  partySize: [2, 4],
  guests: [40],
  points: [13],
};

/** Edges the schema lets by, for the handlers' own rules to refuse. */
const edgeValues: Record<string, unknown[]> = {
  postcode: ['ls62ab', 'GIR 0AA', 'LS6  2AB'],
  postCode: ['ls6  2ab', 'GIR 0AA'],
  date: awkwardDays,
  eventDate: awkwardDays,
  from: awkwardDays,
  to: awkwardDays,
  time: ['24:00', '23:60', '99:99', '-1:00', '7:5'],
  quantity: [99],
  menuVersion: [2, 2 ** 31],
  appVersion: ['99999999999999999999.0.0'],
  updateTime: awkwardTimes,
  requestedTime: awkwardTimes,
  partySize: [0, -1, 2 ** 31, 1e15],
  guests: [0, -1, 2 ** 31, 1e15],
  points: [0, 2 ** 31, 1e15],
  voucherId: [1, 2 ** 31],
  deliveryZoneId: [1, 0, 2 ** 31],
};

/** Bodies the handlers accept, as the site sends them: the base of valid and nearly valid requests beside the schema's own. */
const examples: Record<string, unknown[]> = {
  createAccount: [{ authId: live.sub, email: live.email, name: 'Ada Lovelace', phone: '0113 496 0999' }],
  createAccountFromOrder: [{ authId: live.sub, email: live.email, points: 13, orderRef: live.order }],
  updateProfile: [{ name: 'Grace Hopper', phone: '07700 900456' }],
  addAddress: [{ address1: '1 A Street', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' }],
  setDeviceToken: [{ orderBuilderId: live.basket, deviceToken: 'a-device-token' }],
  setWebPushSubscription: [
    { orderBuilderId: live.basket, subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/1', expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } } },
  ],
  updateOrder: [
    readyOrderUpdate(live.basket),
    readyOrderUpdate(live.basket, { orderType: 2, deliveryAddress: leedsAddress, notes: 'Ring twice', asapFlag: false, requestedTime: '2026-11-24T20:00:00.000Z' }),
    readyOrderUpdate(live.basket, { paymentType: 2 }),
  ],
  confirmOrder: [{ basketId: live.basket }],
  confirmOrderAuth: [{ basketId: live.basket }],
  createAcceptance: [{ basketId: live.basket }],
  createPayPalOrderLink: [{ orderBuilderId: live.basket, payPalId: '5O190127TN364715T', paymentSource: 'paypal' }],
  authoriseCapture: [{ orderBuilderId: live.basket, payPalOrderId: '5O190127TN364715T' }],
  logPaymentError: [{ orderBuilderId: live.basket, errorMode: 'ScriptFailedToLoad', message: 'The script failed to load' }],
  proposeKitchenOrderTime: [{ updateTime: '2026-11-24T19:30:00.000Z' }],
  refuseKitchenOrder: [{ reason: 'We are too busy tonight' }],
  setKitchenOrderStatus: [{ kitchenStatus: 1 }, { kitchenStatus: 6 }],
  setSoldOut: [{ itemId: 101, configId: 1012, soldOut: true }, { itemId: 101, soldOut: false }],
  placePhoneOrder: [
    { orderType: 1, orderItems: [{ categoryId: 1, itemId: 101, configId: 1012, quantity: 1 }], name: 'Grace Hopper', phone: '0113 496 0111', paymentMethod: 'cash', asapFlag: true },
  ],
  // Not a pause: it would refuse every order the rest of the run sends.
  setBusyMode: [{ mode: 'extraTime', extraMinutes: 20 }, { mode: 'off' }],
  createBookingRequest: [{ date: '2026-11-25', time: '19:30', partySize: 4, name: 'Ada Lovelace', phone: '0113 496 0999', email: 'ada@example.com' }],
  createCateringEnquiry: [
    { eventDate: '2026-12-24', guests: 40, budget: 'about £15 a head', name: 'Ada Lovelace', phone: '07700 900123', email: 'ada@example.com', message: 'A family party at home' },
  ],
};

const boundaryDates = { min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true };

/** Values the schema accepts (with live ids and known values often enough to reach the handlers). */
export function valid(schema: Schema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const choices = [{ arbitrary: fromSchema(resolved(schema), depth), weight: 1 }];
  const preferred = [...(liveFields[name] ?? []), ...(knownValues[name] ?? [])];
  if (preferred.length > 0) choices.push({ arbitrary: fc.constantFrom(...preferred), weight: 4 });
  if (edgeValues[name] !== undefined) choices.push({ arbitrary: fc.constantFrom(...edgeValues[name]), weight: 1 });
  return fc.oneof(...choices);
}

function fromSchema(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.allOf) return valid(schema.allOf[0], '', depth);
  if (schema.oneOf ?? schema.anyOf) return fc.oneof(...(schema.oneOf ?? schema.anyOf).map((option: Schema) => valid(option, '', depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => fromSchema({ ...schema, type }, depth)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 200) }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.integer({ min: -100_000, max: 100_000 }).map((pence) => pence / 100);
    case 'array':
      return fc.array(valid(schema.items, '', depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, valid(property as Schema, key, depth + 1)]));
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return validString(schema);
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.format === 'date-time') return fc.date(boundaryDates).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength }).filter(fits);
  const longest = fc.string({ unit: 'grapheme', minLength: maxLength, maxLength }).map((text) => [...text].slice(0, maxLength).join(''));
  return fc.oneof({ arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 30) }), weight: 4 }, longest).filter(fits);
}

const unicode = ['😀🥡', 'Łódź Straße', '\u202eevil', 'e\u0301\u0301\u0301', '\uFEFF', '\u200b', '龍', '\ud800'];
const injections = ["' OR '1'='1", "1; DROP TABLE baskets; --", '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '${7*7}{{7*7}}', '../../etc/passwd', 'a\u0000b'];
const awkwardNumbers = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 31) - 1, 1e308, Number.MIN_VALUE];

/** One thing wrong with a value the schema accepts. */
const mutation = fc.oneof(
  fc.constant({ kind: 'remove' as const }),
  fc.constantFrom(null, true, [], {}, '', '1', 12, 'NaN', 'Infinity', [1, 2]).map((value) => ({ kind: 'set' as const, value })),
  fc.constantFrom(...awkwardNumbers).map((value) => ({ kind: 'set' as const, value })),
  fc.constantFrom(...unicode, ...injections).map((value) => ({ kind: 'set' as const, value })),
  fc.integer({ min: 1, max: 5000 }).map((extra) => ({ kind: 'tooLong' as const, extra })),
  fc.constantFrom('unknownField', '__proto__', 'constructor', 'prototype').map((key) => ({ kind: 'addKey' as const, key })),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

type Path = Array<string | number>;
function pathsIn(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [path, ...entries.flatMap(([key, item]) => pathsIn(item, [...path, key]))];
}

function mutated(value: unknown, choice: number, change: Mutation): unknown {
  const copy = structuredClone(value);
  const paths = pathsIn(copy);
  const path = paths[choice % paths.length];
  if (path.length === 0) return change.kind === 'set' ? change.value : copy;
  const parent = path.slice(0, -1).reduce((node: any, key) => node[key], copy) as any;
  const key = path[path.length - 1];
  if (change.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (change.kind === 'set') parent[key] = change.value;
  else if (change.kind === 'tooLong') parent[key] = `${String(parent[key])}${'x'.repeat(change.extra)}`;
  else if (typeof parent === 'object' && !Array.isArray(parent)) Object.defineProperty(parent, change.key, { value: 'x', enumerable: true });
  return copy;
}

/** A body as the bytes sent: JSON text, or raw bytes that are not valid UTF-8. */
export type BodyText = string | Uint8Array;

const deeplyNested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
function withEveryString(value: unknown, replacement: string): unknown {
  if (typeof value === 'string') return isLive(value) ? value : replacement;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withEveryString(item, replacement));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withEveryString(item, replacement)]));
}
/** Adds `"key":value` inside the outermost object of JSON text, after what is there (a duplicate key when it exists). */
const withMember = (text: string, member: string) => (text.startsWith('{') && text !== '{}' ? `${text.slice(0, -1)},${member}}` : `{${member}}`);

function hostileBody(validBody: fc.Arbitrary<unknown>): fc.Arbitrary<BodyText> {
  const text = validBody.map((value) => JSON.stringify(value));
  return fc.oneof(
    fc.constantFrom('null', '[]', '"basket"', '42', 'true', '', ' ', '{}', '{"a":1}garbage', '\uFEFF{}', '{"a":"\\ud800"}', '{"a":1e999}'),
    fc.integer({ min: 100, max: 20_000 }).map((depth) => deeplyNested(depth)),
    fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    fc.tuple(text, fc.constantFrom('"__proto__":{"admin":true}', '"constructor":{"prototype":{"admin":true}}', '"__proto__":null')).map(([body, member]) =>
      withMember(body, member),
    ),
    fc.tuple(validBody, fc.constantFrom(...injections, ...unicode, 'x'.repeat(100_000), '\u0000'.repeat(1000))).map(([value, replacement]) =>
      JSON.stringify(withEveryString(value, replacement)),
    ),
    text.map((body) => {
      const [firstKey] = Object.keys(JSON.parse(body || '{}') as object);
      return withMember(body, `${JSON.stringify(firstKey ?? 'basketId')}:"another"`);
    }),
    fc.tuple(text, fc.constantFrom('1e308', '-0', '1e-400', '123456789012345678901234567890', '"NaN"', '"-Infinity"', '0x10')).map(([body, number]) =>
      body.replace(/:(-?\d+(\.\d+)?)([,}])/, `:${number}$3`),
    ),
    fc.integer({ min: 1, max: 40 }).map((size) => `{"x":"${'é'.repeat(size * 1000)}"}`),
    // Small once compressed, far over the body limit once not.
    fc.constant(`{"x":"${' '.repeat(5_000_000)}"}`),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, ...bytes])),
  );
}

export type Caller = 'anonymous' | 'customer' | 'staff' | 'owner' | 'forged' | 'not a token' | 'another scheme' | 'empty bearer' | 'huge bearer';
export type Identification = 'valid' | 'missing' | 'wrong' | 'tooLong';
export type Kind = 'valid' | 'nearly valid' | 'hostile';

/** A request before the placeholders are filled in. */
export interface FuzzRequest {
  operation: Operation;
  kind: Kind;
  /** The operation's own, or (hostile) one its route does not have. */
  method: string;
  /** The path after /api, each parameter already encoded. */
  path: string;
  query: string;
  caller: Caller;
  identification: Identification;
  /** undefined: no Content-Type header. */
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** The body sent compressed so, with its Content-Encoding. */
  compression: 'gzip' | 'deflate' | 'br' | undefined;
  /** The operation's own header parameters that are sent. */
  headers: Record<string, string>;
  body: BodyText | undefined;
  /** Which of the live baskets, orders... a placeholder stands for. */
  pick: number;
}

const awkwardParameters = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e308',
  'NaN',
  '2147483648',
  '__proto__',
  'constructor',
  '..',
  '%2e%2e',
  'a%00b',
  '%E2%82%AC',
  '%F0%9F%98%80',
  '%',
  '%zz',
  "1'%20OR%20'1'%3D'1",
  '%3Cscript%3E',
];

/** Encoded for a URL (placeholders are filled in later); a lone surrogate, which no URL can carry, as U+FFFD as any client sends it. */
const encoded = (value: unknown) => (isLive(value) ? value : encodeURIComponent(Buffer.from(String(value)).toString()));

function pathParameter(parameter: { name: string; schema: Schema }, kind: Kind): fc.Arbitrary<string> {
  const validValue = valid(parameter.schema, parameter.name).map(encoded);
  if (kind === 'valid') return validValue;
  if (kind === 'nearly valid') {
    return fc.oneof(
      validValue.map((value) => `${value}x`),
      fc.integer({ min: 60, max: 130 }).map((length) => 'a'.repeat(length)),
      fc.constantFrom(...awkwardParameters.slice(0, 8)),
      fc.constantFrom(...unicode).map(encoded),
    );
  }
  return fc.oneof(fc.constantFrom(...awkwardParameters), fc.integer({ min: 100, max: 3000 }).map((length) => 'A'.repeat(length)));
}

function query(operation: Operation, kind: Kind): fc.Arbitrary<string> {
  const validPairs = fc.tuple(...operation.queryParameters.map(({ name, schema }) => valid(schema, name).map((value) => `${name}=${encoded(value)}`)));
  const validQuery = validPairs.map((pairs) => (pairs.length === 0 ? '' : `?${pairs.join('&')}`));
  if (kind === 'valid') return validQuery;
  const names = [...operation.queryParameters.map(({ name }) => name), 'from', 'x'];
  return fc.oneof(
    validQuery,
    validQuery.map((text) => text.replace(/&.*$/, '')),
    fc.tuple(validQuery, fc.constantFrom(...names), fc.constantFrom('', '9999-99-99', '2026-02-30', '%00', 'a'.repeat(300), '2026-11-24', '1900-01-01')).map(
      ([text, name, value]) => `${text || '?'}${text ? '&' : ''}${name}=${value}`,
    ),
    fc.constantFrom('?__proto__[admin]=1', '?constructor[prototype][admin]=1', '?from[]=1&from[]=2', '?from=2026-11-24&from=2026-11-25&to=2026-11-30', '?&&=&=', '?%'),
  );
}

const contentTypes = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=utf-16',
      'application/json;',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'application/vnd.api+json',
      'application/json, text/plain',
      '*/*',
      ';;;',
      'application/jsonx',
    ),
    weight: 3,
  },
);

function headerParameters(operation: Operation, kind: Kind): fc.Arbitrary<Record<string, string>> {
  const values = operation.headerParameters.map(({ name, schema }) => {
    const value =
      kind === 'valid'
        ? valid(schema, name).map(String)
        : fc.constantFrom('', ' ', 'a'.repeat(65), 'a'.repeat(5000), "' OR '1'='1", '<script>', '__proto__', 'caf\u00e9');
    return fc.option(value.map((text) => [name, text] as const), { nil: undefined });
  });
  return fc.tuple(...values).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== undefined)));
}

function callerFor(operation: Operation): fc.Arbitrary<Caller> {
  const allowed: Caller = operation.ownerOnly ? 'owner' : operation.staffOnly ? 'staff' : operation.bearer === 'required' ? 'customer' : 'anonymous';
  return fc.oneof(
    { arbitrary: fc.constant(allowed), weight: 8 },
    { arbitrary: fc.constantFrom<Caller>('anonymous', 'customer', 'staff', 'owner', 'forged'), weight: 3 },
    fc.constantFrom<Caller>('not a token', 'another scheme', 'empty bearer', 'huge bearer'),
  );
}

function requestFor(operation: Operation, kind: Kind): fc.Arbitrary<FuzzRequest> {
  const pathParameters = fc.tuple(...operation.pathParameters.map((parameter) => pathParameter(parameter, kind)));
  const known = examples[operation.operationId] ?? [];
  const fromSchema = operation.body === undefined ? fc.constant({}) : valid(operation.body);
  const validBody = known.length === 0 ? fromSchema : fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, fromSchema);
  const body: fc.Arbitrary<BodyText | undefined> =
    operation.method === 'GET'
      ? fc.constant(undefined)
      : kind === 'valid'
        ? operation.body === undefined
          ? fc.constantFrom(undefined, '', '{}')
          : validBody.map((value) => JSON.stringify(value))
        : kind === 'nearly valid'
          ? fc.tuple(validBody, fc.nat(), mutation).map(([value, choice, change]) => JSON.stringify(mutated(value, choice, change)) ?? '')
          : hostileBody(validBody);
  return fc.record({
    operation: fc.constant(operation),
    kind: fc.constant(kind),
    method: kind === 'hostile' ? fc.oneof({ arbitrary: fc.constant(operation.method), weight: 6 }, fc.constantFrom('PUT', 'PATCH', 'DELETE')) : fc.constant(operation.method),
    path: pathParameters.map((values) => {
      let index = 0;
      return operation.template.replace(/\{[^}]+\}/g, () => values[index++]);
    }),
    query: query(operation, kind),
    caller: callerFor(operation),
    identification: fc.oneof({ arbitrary: fc.constant<Identification>('valid'), weight: 15 }, fc.constantFrom<Identification>('missing', 'wrong', 'tooLong')),
    contentType: operation.method === 'POST' && kind !== 'valid' ? contentTypes : fc.constant(operation.method === 'POST' ? 'application/json' : undefined),
    headers: headerParameters(operation, kind),
    compression: operation.method === 'POST' ? fc.oneof({ arbitrary: fc.constant(undefined), weight: 12 }, fc.constantFrom('gzip', 'deflate', 'br')) : fc.constant(undefined),
    contentEncoding: kind === 'hostile' ? fc.constantFrom(undefined, undefined, 'gzip', 'br', 'identity', 'x-unknown') : fc.constant(undefined),
    body,
    pick: fc.nat(),
  });
}

/** Any operation, with valid, nearly valid and hostile requests about 2 : 2 : 1. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  ...operations.map((operation) =>
    fc.oneof({ arbitrary: requestFor(operation, 'valid'), weight: 2 }, { arbitrary: requestFor(operation, 'nearly valid'), weight: 2 }, requestFor(operation, 'hostile')),
  ),
);

export interface Answered {
  status: number;
  contentType: string | null;
  text: string;
}

/** What a refusal would hold had an error's own text or stack leaked (docs/interfaces.md: they are logged, not sent). */
const internals = /FST_|Error:|\bat .*\.[jt]s\b|node_modules|stack|sqlite|kysely|postgres/i;

/** The 501 of an operation a later issue builds (docs/interfaces.md): declared, and no failure of the server. */
export function isNotBuiltYet(operation: Operation, answer: Answered): boolean {
  return answer.status === 501 && answer.text.includes(`"errorMessage":"${operation.operationId} is not available yet"`);
}

/** What is wrong with an answer by the contract's rules: none of it is allowed. */
export function breaches(operation: Operation, answer: Answered): string[] {
  const found: string[] = [];
  if (answer.status >= 500 && !isNotBuiltYet(operation, answer)) found.push(`a ${answer.status}`);
  if (!operation.declared.includes(String(answer.status))) found.push(`the undeclared status ${answer.status}`);
  // A success the contract declares as CSV (the takings' export) is that file, not the JSON envelope.
  if (answer.status === 200 && operation.csvSuccess) {
    if (!/^text\/csv\b/.test(answer.contentType ?? '')) found.push(`the content type ${answer.contentType}`);
    return found;
  }
  if (!/^application\/json\b/.test(answer.contentType ?? '')) found.push(`the content type ${answer.contentType}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [...found, `a body that is not JSON: ${answer.text.slice(0, 80)}`];
  }
  if (!isEnvelope(body, answer.status)) found.push(`a body outside the envelope: ${answer.text.slice(0, 200)}`);
  else if (answer.status >= 400 && internals.test(answer.text)) found.push(`a refusal naming internals: ${answer.text.slice(0, 200)}`);
  return found;
}

function isEnvelope(body: unknown, status: number): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body).sort().join();
  if (status >= 200 && status < 300) return keys === 'data';
  const { errorMessage, validationErrors } = body as Record<string, unknown>;
  return (
    keys === 'errorMessage,validationErrors' &&
    (errorMessage === null || (typeof errorMessage === 'string' && errorMessage.length > 0)) &&
    Array.isArray(validationErrors) &&
    validationErrors.every((failure) => typeof failure?.field === 'string' && typeof failure?.message === 'string' && Object.keys(failure).length === 2)
  );
}
