import { importPKCS8, SignJWT } from 'jose';
import { accessTokens, type IssuedToken } from '../../accessTokens';
import { ORDER_UPDATES_CHANNEL } from '../../../domain/pushChannel';
import type { NativePushSender, PushMessage, PushOutcome } from '../senders';
import type { FcmServiceAccount } from './fcmConfig';

// Native push through Firebase Cloud Messaging's HTTP v1 API (docs/notifications.md): one message to one device token,
// authorised by an OAuth access token that the restaurant's service account gets for itself with a signed JWT
// (RFC 7523). Android devices get it from FCM directly, iPhones through APNs with the key uploaded to Firebase.

export const FCM_API_BASE_URL = 'https://fcm.googleapis.com';
/** The one scope sending needs; Google refuses an assertion that asks for none. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** The `@type` of the detail in which FCM says why it refused a message. */
export const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
export const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

const DEFAULT_TIMEOUT_MS = 10_000;
/** Google allows an assertion at most an hour. */
const ASSERTION_LIFETIME_SECONDS = 3600;

/** The part of HTTP v1's Message this project sends (field names as FCM's JSON spells them). */
export interface FcmMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android: { priority: 'HIGH' | 'NORMAL'; notification: { channel_id: string; tag: string } };
  apns: { headers: Record<string, string>; payload: { aps: { sound: string } } };
}

/** The body of a refused call: Google's error envelope (google.rpc.Status). */
export interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ '@type'?: string; errorCode?: string; fieldViolations?: Array<{ field?: string; description?: string }> }>;
  };
}

export interface FcmSenderOptions {
  serviceAccount: FcmServiceAccount;
  /** FCM's origin, or the loopback fake's. */
  apiBaseUrl?: string;
  /** Where the assertion is exchanged for an access token (and its audience): the service account's token_uri by default. */
  tokenUrl?: string;
  /** Per HTTP request; 10 000 by default. */
  timeoutMs?: number;
}

/** What a notification about an order is, for Android and for iPhones through APNs. */
export function fcmMessage(deviceToken: string, { title, body, openPath, tag }: PushMessage): FcmMessage {
  return {
    token: deviceToken,
    notification: { title, body },
    // The app navigates to this path when the notification is tapped.
    data: { path: openPath },
    android: { priority: 'HIGH', notification: { channel_id: ORDER_UPDATES_CHANNEL.id, tag } },
    // 10: deliver now (the order is moving); the collapse id, like Android's tag, replaces the order's earlier notification.
    apns: { headers: { 'apns-priority': '10', 'apns-collapse-id': tag }, payload: { aps: { sound: 'default' } } },
  };
}

/** FCM's own reason for a refusal (FcmError.errorCode: UNREGISTERED, INVALID_ARGUMENT, QUOTA_EXCEEDED, …). */
function fcmErrorCode(body: GoogleErrorBody): string | undefined {
  return body.error?.details?.find((detail) => detail['@type'] === FCM_ERROR_TYPE)?.errorCode;
}

/**
 * Whether a 400 INVALID_ARGUMENT is about the device token rather than the message. FCM names the token as the field in
 * violation, or, with no field named, says that the registration token is not valid. A fault in the message itself is
 * ours: dropping the customer's token for it would be wrong, so it is a failed send instead.
 */
function refusesTheToken(body: GoogleErrorBody): boolean {
  if (body.error?.status !== 'INVALID_ARGUMENT' && fcmErrorCode(body) !== 'INVALID_ARGUMENT') return false;
  const fields = (body.error?.details ?? [])
    .filter((detail) => detail['@type'] === BAD_REQUEST_TYPE)
    .flatMap((detail) => detail.fieldViolations ?? [])
    .map((violation) => violation.field);
  if (fields.length > 0) return fields.every((field) => field === 'message.token');
  return /registration token/i.test(body.error?.message ?? '');
}

async function errorBody(response: Response): Promise<GoogleErrorBody> {
  try {
    return (await response.json()) as GoogleErrorBody;
  } catch {
    // An error page that is not Google's JSON: the status says enough.
    return {};
  }
}

function describe(status: number, body: GoogleErrorBody): string {
  const reason = fcmErrorCode(body) ?? body.error?.status;
  const message = body.error?.message;
  return `${status}${reason ? ` ${reason}` : ''}${message ? ` (${message})` : ''}`;
}

/** Sends through FCM's HTTP v1 API; a thrown Error is a failed send, which the outbox worker tries again later. */
export function createFcmSender({
  serviceAccount,
  apiBaseUrl = FCM_API_BASE_URL,
  tokenUrl = serviceAccount.token_uri,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: FcmSenderOptions): NativePushSender {
  const sendUrl = `${apiBaseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`;
  let signingKey: ReturnType<typeof importPKCS8> | undefined;

  async function post(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`FCM did not answer ${what} within ${timeoutMs} ms`, { cause: error });
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new Error(`FCM could not be reached for ${what}: ${cause}`, { cause: error });
    }
  }

  async function assertion(): Promise<string> {
    signingKey ??= importPKCS8(serviceAccount.private_key, 'RS256').catch((error: unknown) => {
      signingKey = undefined;
      throw new Error(`The FCM service account's private_key cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    });
    const issuedAt = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(serviceAccount.private_key_id ? { kid: serviceAccount.private_key_id } : {}) })
      .setIssuer(serviceAccount.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
      .sign(await signingKey);
  }

  async function fetchToken(): Promise<IssuedToken> {
    const what = 'an access token';
    const response = await post(what, tokenUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion: await assertion() }).toString(),
    });
    let body: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Said below by the status, or as an answer without a token.
    }
    if (!response.ok) {
      const reason = typeof body.error === 'string' ? ` ${body.error}` : '';
      const description = typeof body.error_description === 'string' ? ` (${body.error_description})` : '';
      throw new Error(`The FCM service account was refused ${what}: ${response.status}${reason}${description}`);
    }
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new Error(`The FCM service account asked for ${what} and got an answer without one`);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in };
  }

  // Sends that start together with no valid token share one exchange.
  const tokens = accessTokens(fetchToken);

  async function attempt(body: string): Promise<{ response: Response; usedToken: string }> {
    const usedToken = await tokens.current();
    const response = await post('a message', sendUrl, {
      headers: { authorization: `Bearer ${usedToken}`, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
      body,
    });
    return { response, usedToken };
  }

  return {
    async send(deviceToken: string, message: PushMessage): Promise<PushOutcome> {
      const body = JSON.stringify({ message: fcmMessage(deviceToken, message) });
      const first = await attempt(body);
      let response = first.response;
      if (response.status === 401) {
        // Revoked or expired early: a fresh token, once. A send beside this one may have fetched it already.
        await response.body?.cancel();
        tokens.forget(first.usedToken);
        response = (await attempt(body)).response;
      }
      if (response.ok) {
        await response.body?.cancel();
        return 'sent';
      }
      const refused = await errorBody(response);
      if (response.status === 404 && fcmErrorCode(refused) === 'UNREGISTERED') return 'unregistered';
      if (response.status === 400 && refusesTheToken(refused)) return 'unregistered';
      throw new Error(`FCM refused the message: ${describe(response.status, refused)}`);
    },
  };
}
