import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type {
  PayPalAuthorization,
  PayPalCapture,
  PayPalOrder,
  PayPalOrderRequest,
  PayPalPaymentSource,
  PayPalPurchaseUnit,
  PayPalRefund,
  PayPalScaMethod,
} from '../../payments/payPalClient';
import { checkCard, type CardDetails } from './fakeCards';
import { payPalSdkScript } from './sdkScript';

/** The credentials the fake accepts, which local mode gives the server and the browser. */
export const LOCAL_PAYPAL_CLIENT_ID = 'local-sandbox-client';
export const LOCAL_PAYPAL_CLIENT_SECRET = 'local-sandbox-secret';

export const fakeOperations = ['token', 'create', 'get', 'authorize', 'reauthorize', 'capture', 'void', 'refund', 'sdk'] as const;
export type FakeOperation = (typeof fakeOperations)[number];
export const fakeFailureModes = ['declined', 'unverified', 'in-progress', 'server-error', 'timeout', 'unreachable'] as const;
export type FakeFailureMode = (typeof fakeFailureModes)[number];

export interface PayPalFakeState {
  orders: PayPalOrder[];
  authorizations: PayPalAuthorization[];
  captures: PayPalCapture[];
  refunds: PayPalRefund[];
  /** How many times each operation really took effect: neither answered from a stored answer nor failed. */
  performed: Record<FakeOperation, number>;
}

export interface PayPalFakeControl {
  /**
   * The next `times` (1) calls of `operation` fail: `declined` (422 INSTRUMENT_DECLINED), `unverified` (422
   * PAYER_ACCOUNT_RESTRICTED), `in-progress` (422 PREVIOUS_REQUEST_IN_PROGRESS, PayPal's answer to a request sent again
   * while the first is still being worked on), `server-error` (500), `unreachable` (the connection is dropped; 503 for the SDK script)
   * or `timeout` (the call takes effect, but its answer is held back longer than the client waits). With `basketId`,
   * only calls about that basket's PayPal orders (their `custom_id`) fail, so tests running beside each other on one
   * fake do not meet each other's failures; the token and the SDK script belong to no basket.
   */
  failNext(operation: FakeOperation, mode: FakeFailureMode, times?: number, basketId?: string): void;
  /** Forgets everything: orders, payments, stored answers, failures, tokens and counts. */
  reset(): void;
  /** A copy of the state, for assertions. */
  orders(): PayPalFakeState;
  /** Makes every issued token invalid, as when PayPal expires one early. */
  revokeTokens(): void;
}

export interface PayPalFake {
  url: string;
  control: PayPalFakeControl;
  close(): Promise<void>;
}

export interface PayPalFakeOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The time authorisations' honour and validity periods are kept by (the real one unless a test moves it). */
  clock?: () => Date;
  /** The `expires_in` of the tokens it issues; PayPal's are nine hours. */
  tokenLifetimeSeconds?: number;
  /** How long a `timeout` failure holds its answer back. */
  timeoutHoldMs?: number;
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

interface Answer extends StoredAnswer {
  headers?: Record<string, string>;
}

interface FakeOrder {
  order: PayPalOrder;
  declinesAuthorisation: boolean;
  /** The 3-D Secure the order request asked for a card (`payment_source.card.attributes.verification.method`). */
  scaMethod: PayPalScaMethod | undefined;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const MAX_BODY_BYTES = 1024 * 1024;
const NINE_HOURS_SECONDS = 9 * 60 * 60;
// PayPal honours an authorisation for 3 days and keeps it valid for 29; from day 4 to day 29 it may be reauthorised,
// once, which starts a new 3-day honour period under a new id. A capture after the honour period "may fail": the fake
// always refuses it (HONOR_PERIOD_EXPIRED), so that a server that does not reauthorise is caught by its tests.
const DAY_MS = 24 * 60 * 60 * 1000;
export const AUTHORISATION_HONOUR_DAYS = 3;
const AUTHORISATION_VALID_DAYS = 29;

function debugId(): string {
  return randomBytes(7).toString('hex');
}

/** PayPal's ids are 17 upper-case letters and digits. */
function payPalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('');
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.[0-9]{3}Z$/, 'Z');
}

function refusal(status: number, name: string, message: string, issue?: string, description?: string): Refusal {
  return new Refusal(status, {
    name,
    message,
    debug_id: debugId(),
    ...(issue === undefined ? {} : { details: [{ issue, description: description ?? message }] }),
  });
}

const unprocessable = (issue: string, description: string) =>
  refusal(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issue, description);
const invalidRequest = (issue: string, description: string) =>
  refusal(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, description);
const notFound = (description: string) =>
  refusal(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', description);
const authenticationFailure = () =>
  refusal(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');

const injectedFailures: Record<Exclude<FakeFailureMode, 'timeout' | 'unreachable'>, () => Refusal> = {
  declined: () => unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.'),
  unverified: () => unprocessable('PAYER_ACCOUNT_RESTRICTED', 'The payer account is restricted or not verified.'),
  'in-progress': () => unprocessable('PREVIOUS_REQUEST_IN_PROGRESS', 'A previous request on this resource is currently in progress. Please wait for some time and try again.'),
  'server-error': () => refusal(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'),
};

/** Integer pence of a PayPal money value, refusing what PayPal refuses. */
function pence(value: unknown, field: string): number {
  if (typeof value !== 'string' || !/^[0-9]{1,10}(\.[0-9]{1,2})?$/.test(value)) {
    throw invalidRequest('INVALID_PARAMETER_VALUE', `${field} must be an amount such as "12.50"`);
  }
  const [pounds, fraction = ''] = value.split('.');
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0'));
}

function checkedPurchaseUnits(request: Partial<PayPalOrderRequest>): PayPalPurchaseUnit[] {
  if (request.intent !== 'AUTHORIZE' && request.intent !== 'CAPTURE') {
    throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'intent must be AUTHORIZE or CAPTURE');
  }
  if (!Array.isArray(request.purchase_units) || request.purchase_units.length === 0) {
    throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'purchase_units must hold at least one purchase unit');
  }
  return request.purchase_units.map((unit, index) => {
    const field = `purchase_units[${index}].amount`;
    const amount = unit?.amount;
    if (typeof amount?.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      throw invalidRequest('MISSING_REQUIRED_PARAMETER', `${field}.currency_code is required`);
    }
    const total = pence(amount.value, `${field}.value`);
    if (amount.breakdown !== undefined) {
      let sum = 0;
      for (const [name, part] of Object.entries(amount.breakdown)) {
        if (part === undefined) continue;
        if (part.currency_code !== amount.currency_code) {
          throw unprocessable('CURRENCY_MISMATCH', `${field}.breakdown.${name} is not in ${amount.currency_code}`);
        }
        const partPence = pence(part.value, `${field}.breakdown.${name}.value`);
        sum += name === 'discount' || name === 'shipping_discount' ? -partPence : partPence;
      }
      if (sum !== total) throw unprocessable('AMOUNT_MISMATCH', `${field}.value should equal the sum of its breakdown`);
    }
    return {
      reference_id: unit.reference_id ?? (index === 0 ? 'default' : String(index)),
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      amount: structuredClone(amount),
      ...(unit.shipping === undefined ? {} : { shipping: structuredClone(unit.shipping) }),
    };
  });
}

const scaMethods: readonly PayPalScaMethod[] = ['SCA_ALWAYS', 'SCA_WHEN_REQUIRED'];

function checkedScaMethod(request: Partial<PayPalOrderRequest>): PayPalScaMethod | undefined {
  const method: unknown = request.payment_source?.card?.attributes?.verification?.method;
  if (method === undefined) return undefined;
  if (!scaMethods.includes(method as PayPalScaMethod)) {
    const field = 'payment_source.card.attributes.verification.method';
    throw invalidRequest('INVALID_PARAMETER_VALUE', `${field} must be one of ${scaMethods.join(', ')}`);
  }
  return method as PayPalScaMethod;
}

function emptyCounts(): Record<FakeOperation, number> {
  return Object.fromEntries(fakeOperations.map((operation) => [operation, 0])) as Record<FakeOperation, number>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('INVALID_PARAMETER_SYNTAX', 'The body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsedJson(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Refused below, as PayPal refuses malformed JSON.
  }
  throw invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
}

function send(response: ServerResponse, { status, body, headers = {} }: Answer): void {
  if (response.destroyed || response.headersSent) return;
  if (status === 204 || body === undefined) {
    response.writeHead(status, headers).end();
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response
    .writeHead(status, {
      'content-type': 'application/json',
      'paypal-debug-id': debugId(),
      ...headers,
    })
    .end(text);
}

/** The browser's SDK and tests on another loopback origin call the fake directly; it has nothing to protect. */
function allowAnyOrigin(request: IncomingMessage, response: ServerResponse): void {
  if (request.headers.origin === undefined) return;
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-expose-headers', 'paypal-debug-id');
}

function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600',
  });
  response.end();
}

/**
 * PayPal's REST API and JS SDK on loopback, keeping state like PayPal's sandbox, so that the site can be paid for with no
 * network and every failure can be asked for (docs/payments.md). One origin serves the REST calls, the SDK script at
 * `/sdk/js`, the approval a payer gives in PayPal's window (`POST /fake/orders/{id}/approve`) and the test controls
 * (`POST`/`DELETE /fake/failures`, `GET /fake/state`).
 */
export async function startPayPalFake({
  port = 0,
  host = '127.0.0.1',
  tokenLifetimeSeconds = NINE_HOURS_SECONDS,
  timeoutHoldMs = 30_000,
  clock = () => new Date(),
}: PayPalFakeOptions = {}): Promise<PayPalFake> {
  /** Authorisations' honour periods, and which of them have been reauthorised (the original is then spent). */
  let honourEnds = new Map<string, number>();
  let reauthorised = new Set<string>();
  let tokens = new Map<string, number>();
  let orders = new Map<string, FakeOrder>();
  let authorizations = new Map<string, { authorization: PayPalAuthorization; orderId: string }>();
  let captures = new Map<string, { capture: PayPalCapture; orderId: string }>();
  let refunds = new Map<string, PayPalRefund>();
  let storedAnswers = new Map<string, StoredAnswer>();
  let failures: Array<{ operation: FakeOperation; mode: FakeFailureMode; remaining: number; basketId?: string }> = [];
  let performed = emptyCounts();
  const heldAnswers = new Set<NodeJS.Timeout>();
  let url = '';

  const control: PayPalFakeControl = {
    failNext(operation, mode, times = 1, basketId) {
      if (!fakeOperations.includes(operation)) throw new Error(`Unknown PayPal fake operation "${operation}"`);
      if (!fakeFailureModes.includes(mode)) throw new Error(`Unknown PayPal fake failure mode "${mode}"`);
      if (!Number.isInteger(times) || times < 1) throw new Error(`A failure is repeated a whole number of times, got ${times}`);
      failures.push({ operation, mode, remaining: times, ...(basketId === undefined ? {} : { basketId }) });
    },
    reset() {
      tokens = new Map();
      orders = new Map();
      authorizations = new Map();
      honourEnds = new Map();
      reauthorised = new Set();
      captures = new Map();
      refunds = new Map();
      storedAnswers = new Map();
      failures = [];
      performed = emptyCounts();
    },
    orders: () =>
      structuredClone({
        orders: [...orders.values()].map(({ order }) => order),
        authorizations: [...authorizations.values()].map(({ authorization }) => authorization),
        captures: [...captures.values()].map(({ capture }) => capture),
        refunds: [...refunds.values()],
        performed,
      }),
    revokeTokens() {
      tokens = new Map();
    },
  };

  function takeFailure(operation: FakeOperation, basketId: string | undefined): FakeFailureMode | undefined {
    const failure = failures.find(
      (candidate) => candidate.operation === operation && (candidate.basketId === undefined || candidate.basketId === basketId),
    );
    if (failure === undefined) return undefined;
    failure.remaining -= 1;
    if (failure.remaining === 0) failures = failures.filter((candidate) => candidate !== failure);
    return failure.mode;
  }

  function requireToken(request: IncomingMessage, { acceptClientId = false } = {}): void {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const bearer = match?.[1];
    if (bearer === undefined) throw authenticationFailure();
    const expiresAt = tokens.get(bearer);
    if (expiresAt !== undefined && expiresAt > Date.now()) return;
    // PayPal's real SDK creates orders with a client token of its own; the fake SDK presents the client id instead.
    if (acceptClientId && bearer === LOCAL_PAYPAL_CLIENT_ID) return;
    throw authenticationFailure();
  }

  function orderOf(orderId: string): FakeOrder {
    const stored = orders.get(orderId);
    if (stored === undefined) throw notFound(`Specified resource ID does not exist. Please check the resource ID and try again.`);
    return stored;
  }

  function link(path: string, rel: string, method = 'GET') {
    return { href: `${url}${path}`, rel, method };
  }

  function issueToken(request: IncomingMessage, body: string): Answer {
    const expected = `Basic ${Buffer.from(`${LOCAL_PAYPAL_CLIENT_ID}:${LOCAL_PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    performed.token += 1;
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment/authcapture',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-LOCALSANDBOX',
        expires_in: tokenLifetimeSeconds,
        nonce: `${timestamp()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  function createOrder(body: Record<string, unknown>): Answer {
    const request = body as Partial<PayPalOrderRequest>;
    const purchaseUnits = checkedPurchaseUnits(request);
    const scaMethod = checkedScaMethod(request);
    const id = payPalId();
    const now = timestamp();
    const order: PayPalOrder = {
      id,
      intent: request.intent as PayPalOrder['intent'],
      status: 'CREATED',
      purchase_units: purchaseUnits,
      create_time: now,
      update_time: now,
      links: [
        link(`/v2/checkout/orders/${id}`, 'self'),
        link(`/fake/orders/${id}/approve`, 'approve', 'POST'),
        link(`/v2/checkout/orders/${id}/authorize`, 'authorize', 'POST'),
      ],
    };
    orders.set(id, { order, declinesAuthorisation: false, scaMethod });
    performed.create += 1;
    return { status: 201, body: order };
  }

  function approveOrder(orderId: string, body: Record<string, unknown>): Answer {
    const stored = orderOf(orderId);
    if (stored.order.status !== 'CREATED' && stored.order.status !== 'APPROVED') {
      throw unprocessable('ORDER_ALREADY_COMPLETED', 'The order cannot be approved again once it has been authorised.');
    }
    let paymentSource: PayPalPaymentSource;
    if (body.paymentSource === 'paypal') {
      const accountStatus = body.accountStatus ?? 'VERIFIED';
      if (accountStatus !== 'VERIFIED' && accountStatus !== 'UNVERIFIED') {
        throw invalidRequest('INVALID_PARAMETER_VALUE', 'accountStatus must be VERIFIED or UNVERIFIED');
      }
      paymentSource = { paypal: { account_status: accountStatus, email_address: 'sandbox-buyer@example.com', account_id: 'LOCALBUYER001' } };
      stored.declinesAuthorisation = false;
    } else if (body.paymentSource === 'card') {
      const card = checkCard(body.card as Partial<CardDetails> | undefined, new Date(), stored.scaMethod);
      if (!card.accepted) {
        // As PayPal answers: one detail per refused field, each naming it.
        throw new Refusal(422, {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
          debug_id: debugId(),
          details: card.failures.map(({ field, issue, description }) => ({ field: `/payment_source/card/${field}`, issue, description })),
        });
      }
      paymentSource = { card: card.paymentSource };
      stored.declinesAuthorisation = card.declinesAuthorisation;
    } else {
      throw invalidRequest('INVALID_PARAMETER_VALUE', 'paymentSource must be paypal or card');
    }
    stored.order.payment_source = paymentSource;
    stored.order.status = 'APPROVED';
    stored.order.update_time = timestamp();
    return { status: 200, body: stored.order };
  }

  function authorizeOrder(orderId: string): Answer {
    const stored = orderOf(orderId);
    const { order } = stored;
    if (order.intent !== 'AUTHORIZE') throw unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'The order was created with intent CAPTURE.');
    if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_AUTHORIZED', 'The order has already been authorised.');
    if (order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED', 'The payer has not yet approved the order.');
    const unit = order.purchase_units[0];
    const now = clock();
    const authorization = newAuthorization(stored.declinesAuthorisation ? 'DENIED' : 'CREATED', unit.amount, unit.custom_id, now, new Date(now.getTime() + AUTHORISATION_VALID_DAYS * DAY_MS));
    unit.payments = { ...unit.payments, authorizations: [...(unit.payments?.authorizations ?? []), authorization] };
    authorizations.set(authorization.id, { authorization, orderId });
    // As PayPal does: the order is COMPLETED even when its authorisation is DENIED.
    order.status = 'COMPLETED';
    order.update_time = timestamp(now);
    performed.authorize += 1;
    return { status: 201, body: order };
  }

  function newAuthorization(status: PayPalAuthorization['status'], amount: PayPalAuthorization['amount'], customId: string | undefined, now: Date, expires: Date): PayPalAuthorization {
    const id = payPalId();
    honourEnds.set(id, now.getTime() + AUTHORISATION_HONOUR_DAYS * DAY_MS);
    return {
      id,
      status,
      amount: { currency_code: amount.currency_code, value: amount.value },
      ...(customId === undefined ? {} : { custom_id: customId }),
      expiration_time: timestamp(expires),
      create_time: timestamp(now),
      update_time: timestamp(now),
      links: [
        link(`/v2/payments/authorizations/${id}`, 'self'),
        link(`/v2/payments/authorizations/${id}/capture`, 'capture', 'POST'),
        link(`/v2/payments/authorizations/${id}/void`, 'void', 'POST'),
        link(`/v2/payments/authorizations/${id}/reauthorize`, 'reauthorize', 'POST'),
      ],
    };
  }

  /** An authorisation past its 29 days is EXPIRED from then on, as PayPal shows it. */
  function expireIfDue(authorization: PayPalAuthorization, nowMs: number): void {
    if (authorization.status === 'CREATED' && authorization.expiration_time !== undefined && nowMs > Date.parse(authorization.expiration_time)) {
      authorization.status = 'EXPIRED';
      authorization.update_time = timestamp(new Date(nowMs));
    }
  }

  function reauthorizeAuthorization(authorizationId: string): Answer {
    const { authorization, orderId } = authorizationOf(authorizationId);
    const nowMs = clock().getTime();
    expireIfDue(authorization, nowMs);
    if (authorization.status === 'EXPIRED') throw unprocessable('AUTHORIZATION_EXPIRED', 'The authorisation has expired.');
    if (authorization.status !== 'CREATED') throw unprocessable('INVALID_RESOURCE_STATE', `The authorisation is ${authorization.status}.`);
    if (reauthorised.has(authorizationId)) throw unprocessable('REAUTHORIZATION_NOT_ALLOWED', 'The authorisation has already been reauthorised.');
    if (nowMs < Date.parse(authorization.create_time ?? '') + AUTHORISATION_HONOUR_DAYS * DAY_MS) {
      throw unprocessable('REAUTHORIZATION_TOO_SOON', 'A reauthorization is only allowed once from Day 4 to Day 29 since the date of the original authorization.');
    }
    reauthorised.add(authorizationId);
    authorization.update_time = timestamp(new Date(nowMs));
    // The new authorisation keeps the original's 29 days; only the honour period starts again.
    const renewed = newAuthorization('CREATED', authorization.amount, authorization.custom_id, new Date(nowMs), new Date(Date.parse(authorization.expiration_time ?? '')));
    const unit = orderOf(orderId).order.purchase_units[0];
    unit.payments = { ...unit.payments, authorizations: [...(unit.payments?.authorizations ?? []), renewed] };
    authorizations.set(renewed.id, { authorization: renewed, orderId });
    performed.reauthorize += 1;
    return { status: 201, body: renewed };
  }

  function authorizationOf(authorizationId: string) {
    const stored = authorizations.get(authorizationId);
    if (stored === undefined) throw notFound('Specified resource ID does not exist. Please check the resource ID and try again.');
    return stored;
  }

  function captureAuthorization(authorizationId: string): Answer {
    const { authorization, orderId } = authorizationOf(authorizationId);
    const refusedBecause: Partial<Record<PayPalAuthorization['status'], string>> = {
      CAPTURED: 'AUTHORIZATION_ALREADY_CAPTURED',
      VOIDED: 'AUTHORIZATION_VOIDED',
      DENIED: 'AUTHORIZATION_DENIED',
      EXPIRED: 'AUTHORIZATION_EXPIRED',
    };
    const nowMs = clock().getTime();
    expireIfDue(authorization, nowMs);
    const issue = refusedBecause[authorization.status];
    if (issue !== undefined) throw unprocessable(issue, `The authorisation is ${authorization.status}.`);
    if (reauthorised.has(authorizationId)) throw unprocessable('AUTHORIZATION_VOIDED', 'The authorisation was reauthorised: capture the new one.');
    if (nowMs > (honourEnds.get(authorizationId) ?? Number.POSITIVE_INFINITY)) {
      throw unprocessable('HONOR_PERIOD_EXPIRED', 'The honour period has ended: reauthorise before capturing.');
    }
    const id = payPalId();
    const now = timestamp(new Date(nowMs));
    const capture: PayPalCapture = {
      id,
      status: 'COMPLETED',
      amount: { ...authorization.amount },
      final_capture: true,
      create_time: now,
      update_time: now,
      links: [link(`/v2/payments/captures/${id}`, 'self'), link(`/v2/payments/captures/${id}/refund`, 'refund', 'POST')],
    };
    authorization.status = 'CAPTURED';
    authorization.update_time = now;
    const unit = orderOf(orderId).order.purchase_units[0];
    unit.payments = { ...unit.payments, captures: [...(unit.payments?.captures ?? []), capture] };
    captures.set(id, { capture, orderId });
    performed.capture += 1;
    return { status: 201, body: capture };
  }

  function voidAuthorization(request: IncomingMessage, authorizationId: string): Answer {
    const { authorization } = authorizationOf(authorizationId);
    if (authorization.status === 'CAPTURED') throw unprocessable('PREVIOUSLY_CAPTURED', 'The authorisation has been captured.');
    if (authorization.status === 'VOIDED') throw unprocessable('PREVIOUSLY_VOIDED', 'The authorisation has already been voided.');
    if (authorization.status !== 'CREATED') throw unprocessable('CANNOT_BE_VOIDED', `The authorisation is ${authorization.status}.`);
    authorization.status = 'VOIDED';
    authorization.update_time = timestamp();
    performed.void += 1;
    const representation = /return=representation/.test(String(request.headers.prefer ?? ''));
    return representation ? { status: 200, body: authorization } : { status: 204, body: undefined };
  }

  function refundCapture(captureId: string): Answer {
    const stored = captures.get(captureId);
    if (stored === undefined) throw notFound('Specified resource ID does not exist. Please check the resource ID and try again.');
    const { capture } = stored;
    if (capture.status === 'REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED') throw unprocessable('INVALID_RESOURCE_STATE', `The capture is ${capture.status}.`);
    const id = payPalId();
    const now = timestamp();
    const refund: PayPalRefund = {
      id,
      status: 'COMPLETED',
      amount: { ...capture.amount },
      create_time: now,
      update_time: now,
      links: [link(`/v2/payments/refunds/${id}`, 'self'), link(`/v2/payments/captures/${captureId}`, 'up')],
    };
    capture.status = 'REFUNDED';
    capture.update_time = now;
    refunds.set(id, refund);
    performed.refund += 1;
    return { status: 201, body: refund };
  }

  function setFailure(body: Record<string, unknown>): Answer {
    const { operation, mode, times = 1, basketId } = body;
    if (!fakeOperations.includes(operation as FakeOperation) || !fakeFailureModes.includes(mode as FakeFailureMode)) {
      throw invalidRequest('INVALID_PARAMETER_VALUE', `operation must be one of ${fakeOperations.join(', ')}; mode one of ${fakeFailureModes.join(', ')}`);
    }
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) throw invalidRequest('INVALID_PARAMETER_VALUE', 'times must be a whole number from 1');
    if (basketId !== undefined && typeof basketId !== 'string') {
      throw invalidRequest('INVALID_PARAMETER_VALUE', 'basketId must be a string');
    }
    control.failNext(operation as FakeOperation, mode as FakeFailureMode, times, basketId);
    return { status: 204, body: undefined };
  }

  /** A POST that PayPal makes idempotent: the same PayPal-Request-Id answers the first answer again, with no second effect. */
  function idempotent(operation: FakeOperation, request: IncomingMessage, perform: () => Answer): Answer {
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId !== 'string') return perform();
    if (requestId.length > 108) throw invalidRequest('INVALID_PARAMETER_VALUE', 'PayPal-Request-Id must be at most 108 characters');
    const key = `${operation} ${requestId}`;
    const stored = storedAnswers.get(key);
    if (stored !== undefined) return structuredClone(stored);
    const answer = perform();
    storedAnswers.set(key, structuredClone({ status: answer.status, body: answer.body }));
    return answer;
  }

  interface Route {
    operation?: FakeOperation;
    handle(request: IncomingMessage, body: string, parameter: string): Answer;
  }

  const routes: Array<{ method: string; pattern: RegExp; route: Route }> = [
    { method: 'POST', pattern: /^\/v1\/oauth2\/token$/, route: { operation: 'token', handle: (request, body) => issueToken(request, body) } },
    {
      method: 'POST',
      pattern: /^\/v2\/checkout\/orders$/,
      route: {
        operation: 'create',
        handle: (request, body) => {
          requireToken(request, { acceptClientId: true });
          return idempotent('create', request, () => createOrder(parsedJson(body)));
        },
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)$/,
      route: {
        operation: 'get',
        handle: (request, _body, orderId) => {
          requireToken(request);
          const { order } = orderOf(orderId);
          performed.get += 1;
          return { status: 200, body: order };
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)\/authorize$/,
      route: {
        operation: 'authorize',
        handle: (request, _body, orderId) => {
          requireToken(request);
          return idempotent('authorize', request, () => authorizeOrder(orderId));
        },
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/payments\/authorizations\/([A-Za-z0-9-]+)$/,
      route: {
        operation: 'get',
        handle: (request, _body, authorizationId) => {
          requireToken(request);
          const { authorization } = authorizationOf(authorizationId);
          performed.get += 1;
          return { status: 200, body: authorization };
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/payments\/authorizations\/([A-Za-z0-9-]+)\/capture$/,
      route: {
        operation: 'capture',
        handle: (request, _body, authorizationId) => {
          requireToken(request);
          return idempotent('capture', request, () => captureAuthorization(authorizationId));
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/payments\/authorizations\/([A-Za-z0-9-]+)\/reauthorize$/,
      route: {
        operation: 'reauthorize',
        handle: (request, _body, authorizationId) => {
          requireToken(request);
          return idempotent('reauthorize', request, () => reauthorizeAuthorization(authorizationId));
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/payments\/authorizations\/([A-Za-z0-9-]+)\/void$/,
      route: {
        operation: 'void',
        handle: (request, _body, authorizationId) => {
          requireToken(request);
          return idempotent('void', request, () => voidAuthorization(request, authorizationId));
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/refund$/,
      route: {
        operation: 'refund',
        handle: (request, _body, captureId) => {
          requireToken(request);
          return idempotent('refund', request, () => refundCapture(captureId));
        },
      },
    },
    {
      method: 'GET',
      pattern: /^\/sdk\/js$/,
      route: {
        operation: 'sdk',
        handle: () => {
          performed.sdk += 1;
          return {
            status: 200,
            body: payPalSdkScript(),
            headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' },
          };
        },
      },
    },
    { method: 'POST', pattern: /^\/fake\/orders\/([A-Za-z0-9-]+)\/approve$/, route: { handle: (_request, body, orderId) => approveOrder(orderId, parsedJson(body)) } },
    { method: 'POST', pattern: /^\/fake\/failures$/, route: { handle: (_request, body) => setFailure(parsedJson(body)) } },
    {
      method: 'DELETE',
      pattern: /^\/fake\/failures$/,
      route: {
        handle: () => {
          failures = [];
          return { status: 204, body: undefined };
        },
      },
    },
    { method: 'GET', pattern: /^\/fake\/state$/, route: { handle: () => ({ status: 200, body: control.orders() }) } },
  ];

  /** The basket (`custom_id`) of the PayPal order a call is about, for failures asked for one basket. */
  function basketOfCall(operation: FakeOperation, path: string, parameter: string, body: string): string | undefined {
    const customIdOf = (orderId: string | undefined) =>
      orderId === undefined ? undefined : orders.get(orderId)?.order.purchase_units[0]?.custom_id;
    switch (operation) {
      case 'create': {
        try {
          const units = (parsedJson(body) as Partial<PayPalOrderRequest>).purchase_units;
          return Array.isArray(units) ? units[0]?.custom_id : undefined;
        } catch {
          return undefined;
        }
      }
      case 'get':
        return customIdOf(path.startsWith('/v2/payments/') ? authorizations.get(parameter)?.orderId : parameter);
      case 'authorize':
        return customIdOf(parameter);
      case 'capture':
      case 'reauthorize':
      case 'void':
        return customIdOf(authorizations.get(parameter)?.orderId);
      case 'refund':
        return customIdOf(captures.get(parameter)?.orderId);
      default:
        return undefined;
    }
  }

  function answerLater(response: ServerResponse, answer: Answer): void {
    const timer = setTimeout(() => {
      heldAnswers.delete(timer);
      send(response, answer);
    }, timeoutHoldMs);
    heldAnswers.add(timer);
    response.once('close', () => {
      clearTimeout(timer);
      heldAnswers.delete(timer);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'OPTIONS') return answerPreflight(request, response);
    allowAnyOrigin(request, response);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const matched = routes.find(({ method, pattern }) => method === request.method && pattern.test(path));
    if (matched === undefined) return send(response, { status: 404, body: refusal(404, 'NOT_FOUND', `No ${request.method} ${path} here`).body });
    const parameter = matched.pattern.exec(path)?.[1] ?? '';
    const { operation } = matched.route;
    try {
      const body = await readBody(request);
      const failure = operation === undefined ? undefined : takeFailure(operation, basketOfCall(operation, path, parameter, body));
      if (failure === 'unreachable') {
        if (operation === 'sdk') return send(response, { status: 503, body: 'Service Unavailable', headers: { 'content-type': 'text/plain' } });
        request.socket.destroy();
        return;
      }
      if (failure !== undefined && failure !== 'timeout') {
        const { status, body: refused } = injectedFailures[failure]();
        return send(response, { status, body: refused });
      }
      const answer = matched.route.handle(request, body, parameter);
      if (failure === 'timeout') return answerLater(response, answer);
      return send(response, answer);
    } catch (error) {
      if (error instanceof Refusal) return send(response, { status: error.status, body: error.body });
      send(response, { status: 500, body: refusal(500, 'INTERNAL_SERVER_ERROR', String(error)).body });
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListening();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;

  return {
    url,
    control,
    close: () =>
      new Promise<void>((resolveClosed, reject) => {
        for (const timer of heldAnswers) clearTimeout(timer);
        heldAnswers.clear();
        server.close((error) => (error ? reject(error) : resolveClosed()));
        server.closeAllConnections();
      }),
  };
}
