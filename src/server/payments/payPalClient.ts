import { accessTokens, type IssuedToken } from '../accessTokens';

/**
 * The server's side of PayPal: the REST Orders v2 and Payments v2 calls it makes with the restaurant's client credentials.
 * Types follow PayPal's JSON as sent (snake_case), only as far as this project reads or writes it. The base URL is
 * PayPal's live or sandbox API, or the loopback fake (src/server/local/payPal/payPalFake.ts) in local mode.
 */

export interface PayPalMoney {
  currency_code: string;
  /** Pounds as PayPal writes them: "12.50". */
  value: string;
}

export interface PayPalAmountWithBreakdown extends PayPalMoney {
  breakdown?: {
    item_total?: PayPalMoney;
    handling?: PayPalMoney;
    shipping?: PayPalMoney;
    discount?: PayPalMoney;
    tax_total?: PayPalMoney;
    insurance?: PayPalMoney;
    shipping_discount?: PayPalMoney;
  };
}

export interface PayPalAddress {
  address_line_1?: string;
  address_line_2?: string;
  admin_area_2?: string;
  admin_area_1?: string;
  postal_code?: string;
  country_code: string;
}

export interface PayPalShipping {
  name?: { full_name?: string };
  address?: PayPalAddress;
}

export interface PayPalPurchaseUnitRequest {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount: PayPalAmountWithBreakdown;
  shipping?: PayPalShipping;
}

export type PayPalScaMethod = 'SCA_ALWAYS' | 'SCA_WHEN_REQUIRED';

export interface PayPalOrderRequest {
  intent: 'AUTHORIZE' | 'CAPTURE';
  purchase_units: PayPalPurchaseUnitRequest[];
  payment_source?: { card?: { attributes?: { verification?: { method: PayPalScaMethod } } } };
}

export type PayPalLiabilityShift = 'POSSIBLE' | 'NO' | 'UNKNOWN' | 'YES';

export interface PayPalPaymentSource {
  paypal?: { account_status?: 'VERIFIED' | 'UNVERIFIED'; email_address?: string; account_id?: string };
  card?: {
    last_digits?: string;
    brand?: string;
    type?: string;
    authentication_result?: {
      liability_shift?: PayPalLiabilityShift;
      three_d_secure?: { enrollment_status?: string; authentication_status?: string };
    };
  };
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export type PayPalAuthorizationStatus = 'CREATED' | 'CAPTURED' | 'DENIED' | 'PARTIALLY_CAPTURED' | 'VOIDED' | 'PENDING' | 'EXPIRED';

export interface PayPalAuthorization {
  id: string;
  status: PayPalAuthorizationStatus;
  amount: PayPalMoney;
  custom_id?: string;
  expiration_time?: string;
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
}

export type PayPalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';

export interface PayPalCapture {
  id: string;
  status: PayPalCaptureStatus;
  amount: PayPalMoney;
  final_capture?: boolean;
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
}

export type PayPalRefundStatus = 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';

export interface PayPalRefund {
  id: string;
  status: PayPalRefundStatus;
  amount: PayPalMoney;
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
}

export interface PayPalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  amount: PayPalAmountWithBreakdown;
  shipping?: PayPalShipping;
  payments?: { authorizations?: PayPalAuthorization[]; captures?: PayPalCapture[] };
}

export type PayPalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export interface PayPalOrder {
  id: string;
  status: PayPalOrderStatus;
  intent: 'AUTHORIZE' | 'CAPTURE';
  payment_source?: PayPalPaymentSource;
  purchase_units: PayPalPurchaseUnit[];
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
}

/**
 * How a failed call should be read:
 * - `declined`: the payer's bank or PayPal refused the money (422 INSTRUMENT_DECLINED and the like);
 * - `unverified`: the payer's PayPal account may not pay (422 PAYER_ACCOUNT_RESTRICTED and the like);
 * - `unprocessable`: any other 422, a step PayPal will not take in the resource's state (ORDER_NOT_APPROVED, …);
 * - `invalid`: our request was wrong or is not allowed (400, 401 after a fresh token, 403, 404);
 * - `unavailable`: PayPal failed, could not be reached (5xx, 429, a broken connection, an unreadable answer) or is
 *   still busy with an earlier request of the same PayPal-Request-Id (422 PREVIOUS_REQUEST_IN_PROGRESS): ask again later;
 * - `timeout`: no answer in time (the step may still have happened: retry with the same PayPal-Request-Id).
 */
export type PayPalErrorKind = 'declined' | 'unverified' | 'unprocessable' | 'invalid' | 'unavailable' | 'timeout';

export class PayPalError extends Error {
  constructor(
    message: string,
    readonly kind: PayPalErrorKind,
    readonly status: number | undefined,
    /** PayPal's `details[0].issue` (or its error `name`, or OAuth's `error`). */
    readonly issue: string | undefined,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export interface PayPalClientOptions {
  /** PayPal's REST API origin (e.g. https://api-m.sandbox.paypal.com) or the loopback fake's URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per HTTP request; 10 000 by default. */
  timeoutMs?: number;
}

export interface PayPalClient {
  getOrder(orderId: string): Promise<PayPalOrder>;
  createOrder(request: PayPalOrderRequest, requestId: string): Promise<PayPalOrder>;
  authorizeOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  getAuthorization(authorizationId: string): Promise<PayPalAuthorization>;
  /** Captures the whole authorised amount, as the final capture. */
  captureAuthorization(authorizationId: string, requestId: string): Promise<PayPalCapture>;
  /** Holds the money again under a new authorisation with a new honour period (once, from day 4 to day 29). */
  reauthorizeAuthorization(authorizationId: string, requestId: string): Promise<PayPalAuthorization>;
  voidAuthorization(authorizationId: string, requestId: string): Promise<void>;
  /** Refunds the whole capture. */
  refundCapture(captureId: string, requestId: string): Promise<PayPalRefund>;
}

/** PayPal's own limit on the header. */
export const PAYPAL_REQUEST_ID_MAX_LENGTH = 108;
/** Each HTTP request's time limit unless the client is given another. */
export const PAYPAL_CALL_TIMEOUT_MS = 10_000;

const DECLINED_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'CARD_EXPIRED',
  'DECLINED_DUE_TO_RELATED_TXN',
  'PAYER_CANNOT_PAY',
  'TRANSACTION_LIMIT_EXCEEDED',
]);
const UNVERIFIED_ISSUES = new Set(['PAYER_ACCOUNT_RESTRICTED', 'PAYER_ACCOUNT_LOCKED_OR_CLOSED', 'PAYER_ACCOUNT_NOT_VERIFIED']);
/**
 * A 422 that refuses nothing: the same step, sent by another server or a retry, is still being worked on, and its
 * outcome (which a request with the same PayPal-Request-Id gets once it is done) is not known yet.
 */
const IN_PROGRESS_ISSUES = new Set(['PREVIOUS_REQUEST_IN_PROGRESS']);

interface PayPalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ issue?: string; description?: string }>;
  error?: string;
  error_description?: string;
}

function kindOf(status: number, issue: string | undefined): PayPalErrorKind {
  if (status === 422) {
    if (issue !== undefined && IN_PROGRESS_ISSUES.has(issue)) return 'unavailable';
    if (issue !== undefined && DECLINED_ISSUES.has(issue)) return 'declined';
    if (issue !== undefined && UNVERIFIED_ISSUES.has(issue)) return 'unverified';
    return 'unprocessable';
  }
  if (status === 429 || status >= 500) return 'unavailable';
  return 'invalid';
}

async function errorOfAnswer(response: Response, what: string): Promise<PayPalError> {
  let body: PayPalErrorBody = {};
  try {
    body = (await response.json()) as PayPalErrorBody;
  } catch {
    // An error page that is not PayPal's JSON: the status says enough.
  }
  const issue = body.details?.[0]?.issue ?? body.name ?? body.error;
  const description = body.details?.[0]?.description ?? body.message ?? body.error_description;
  const message = `PayPal refused ${what}: ${response.status}${issue ? ` ${issue}` : ''}${description ? ` (${description})` : ''}`;
  return new PayPalError(message, kindOf(response.status, issue), response.status, issue, body.debug_id);
}

function checkedRequestId(requestId: string): string {
  if (requestId === '' || requestId.length > PAYPAL_REQUEST_ID_MAX_LENGTH) {
    throw new RangeError(`A PayPal-Request-Id must be 1 to ${PAYPAL_REQUEST_ID_MAX_LENGTH} characters, got ${requestId.length}`);
  }
  return requestId;
}

export function createPayPalClient({ baseUrl, clientId, clientSecret, timeoutMs = PAYPAL_CALL_TIMEOUT_MS }: PayPalClientOptions): PayPalClient {
  const origin = baseUrl.replace(/\/+$/, '');

  async function send(what: string, path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new PayPalError(`PayPal did not answer ${what} within ${timeoutMs} ms`, 'timeout', undefined, undefined);
      }
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new PayPalError(`PayPal could not be reached for ${what}: ${cause}`, 'unavailable', undefined, undefined);
    }
  }

  async function fetchToken(): Promise<IssuedToken> {
    const response = await send('an access token', '/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw await errorOfAnswer(response, 'an access token');
    const body = (await readJson(response, 'an access token')) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new PayPalError('PayPal answered an access token request without a token', 'unavailable', response.status, undefined);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in };
  }

  // Concurrent calls with no valid token share one token request.
  const tokens = accessTokens(fetchToken);

  async function readJson(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new PayPalError(`PayPal did not finish answering ${what} within ${timeoutMs} ms`, 'timeout', response.status, undefined);
      }
      throw new PayPalError(`PayPal answered ${what} with something other than JSON`, 'unavailable', response.status, undefined);
    }
  }

  /** One API call with the cached token; a 401 means the token was revoked or expired early, so it is fetched again once. */
  async function call(what: string, method: 'GET' | 'POST', path: string, options: { body?: unknown; requestId?: string } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers.prefer = 'return=representation';
      if (options.requestId !== undefined) headers['paypal-request-id'] = checkedRequestId(options.requestId);
    }
    let usedToken = '';
    const attempt = async () => {
      usedToken = await tokens.current();
      return send(what, path, {
        method,
        headers: { ...headers, authorization: `Bearer ${usedToken}` },
        ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
      });
    };
    let response = await attempt();
    if (response.status === 401) {
      await response.body?.cancel();
      tokens.forget(usedToken);
      response = await attempt();
    }
    if (!response.ok) throw await errorOfAnswer(response, what);
    return response;
  }

  async function json<T>(what: string, method: 'GET' | 'POST', path: string, options?: { body?: unknown; requestId?: string }): Promise<T> {
    const response = await call(what, method, path, options);
    return (await readJson(response, what)) as T;
  }

  const segment = (id: string) => encodeURIComponent(id);

  return {
    getOrder: (orderId) => json(`order ${orderId}`, 'GET', `/v2/checkout/orders/${segment(orderId)}`),
    createOrder: (request, requestId) => json('a new order', 'POST', '/v2/checkout/orders', { body: request, requestId }),
    authorizeOrder: (orderId, requestId) =>
      json(`the authorisation of order ${orderId}`, 'POST', `/v2/checkout/orders/${segment(orderId)}/authorize`, { requestId }),
    getAuthorization: (authorizationId) =>
      json(`authorisation ${authorizationId}`, 'GET', `/v2/payments/authorizations/${segment(authorizationId)}`),
    captureAuthorization: (authorizationId, requestId) =>
      json(`the capture of authorisation ${authorizationId}`, 'POST', `/v2/payments/authorizations/${segment(authorizationId)}/capture`, {
        body: { final_capture: true },
        requestId,
      }),
    reauthorizeAuthorization: (authorizationId, requestId) =>
      json(`the reauthorisation of authorisation ${authorizationId}`, 'POST', `/v2/payments/authorizations/${segment(authorizationId)}/reauthorize`, {
        body: {},
        requestId,
      }),
    voidAuthorization: async (authorizationId, requestId) => {
      const response = await call(
        `the void of authorisation ${authorizationId}`,
        'POST',
        `/v2/payments/authorizations/${segment(authorizationId)}/void`,
        { requestId },
      );
      await response.body?.cancel();
    },
    refundCapture: (captureId, requestId) =>
      json(`the refund of capture ${captureId}`, 'POST', `/v2/payments/captures/${segment(captureId)}/refund`, { body: {}, requestId }),
  };
}
