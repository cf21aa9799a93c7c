import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { errors, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import type { FcmServiceAccount } from '../../notifications/fcm/fcmConfig';
import { BAD_REQUEST_TYPE, FCM_ERROR_TYPE, FCM_SCOPE, JWT_BEARER_GRANT, type GoogleErrorBody } from '../../notifications/fcm/fcmSender';

// Firebase Cloud Messaging's HTTP v1 API and Google's OAuth token endpoint on loopback, for tests and the offline demo
// (docs/notifications.md). It is strict where FCM is: an assertion must be signed by the service account's key, for the
// token endpoint and the messaging scope; a message must be well formed; a token it was told is gone is UNREGISTERED.
// Its service account (a key pair made at start) is served at GET /fake/service-account, so that a second server
// process given FCM_FAKE_URL sends to the same fake; the recorded messages are at GET /fake/messages.

/** A message FCM accepted, as it was sent. */
export interface FcmFakeMessage {
  /** projects/{project_id}/messages/{id}, as FCM answers. */
  name: string;
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
  android?: Record<string, unknown>;
  apns?: Record<string, unknown>;
}

export interface FcmFakeControl {
  /** The accepted messages, oldest first. */
  messages(): FcmFakeMessage[];
  /** Later sends to `token` are refused 404 UNREGISTERED, as when the app has been removed from the phone. */
  unregister(token: string): void;
  /** While on, every send is refused 503 UNAVAILABLE; the token endpoint still answers. */
  setOutage(unavailable: boolean): void;
  /** How many assertions were exchanged for access tokens. */
  tokenExchanges(): number;
  /** Every access token issued so far is refused from now on (401), as when Google ends one early. */
  revokeAccessTokens(): void;
  /** Forgets the messages, the unregistered tokens, the outage and the count of exchanges; issued access tokens stay valid. */
  reset(): void;
}

export interface FcmFake {
  url: string;
  /** An account for this fake alone: its token_uri is the fake's, its key the fake's own. */
  serviceAccount: FcmServiceAccount;
  control: FcmFakeControl;
  close(): Promise<void>;
}

export interface FcmFakeOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The `expires_in` of the access tokens it issues; Google's last an hour. */
  tokenLifetimeSeconds?: number;
}

const FAKE_PROJECT_ID = 'golden-dragon-local';
const ONE_HOUR_SECONDS = 3600;
const MAX_BODY_BYTES = 1024 * 1024;
/** FCM's limit on what a message carries to the device (notification and data together). */
const MAX_PAYLOAD_BYTES = 4096;

/** A registration token shaped like FCM's, for tests and the demo. */
export function sampleFcmToken(): string {
  return `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(105).toString('base64url')}`;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(JSON.stringify(body));
  }
}

const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  503: 'UNAVAILABLE',
};

function googleError(
  status: number,
  message: string,
  { fcmErrorCode, field }: { fcmErrorCode?: string; field?: string } = {},
): Refusal {
  const details: NonNullable<GoogleErrorBody['error']>['details'] = [];
  if (fcmErrorCode !== undefined) details.push({ '@type': FCM_ERROR_TYPE, errorCode: fcmErrorCode });
  if (field !== undefined) details.push({ '@type': BAD_REQUEST_TYPE, fieldViolations: [{ field, description: message }] });
  const body: GoogleErrorBody = { error: { code: status, message, status: statusNames[status], ...(details.length > 0 ? { details } : {}) } };
  return new Refusal(status, body);
}

const invalid = (message: string, field: string) => googleError(400, message, { field });

function oauthError(error: string, description: string): Refusal {
  return new Refusal(400, { error, error_description: description });
}

// The fields of HTTP v1's Message and the parts of it this project may send. FCM reads proto JSON, which takes a field's
// name as written or in lowerCamelCase, and refuses a name it does not know.
const knownFields: Record<string, readonly string[]> = {
  message: ['name', 'data', 'notification', 'android', 'webpush', 'apns', 'fcm_options', 'token', 'topic', 'condition'],
  'message.notification': ['title', 'body', 'image'],
  'message.android': [
    'collapse_key',
    'priority',
    'ttl',
    'restricted_package_name',
    'data',
    'notification',
    'fcm_options',
    'direct_boot_ok',
  ],
  'message.android.notification': [
    'title',
    'body',
    'icon',
    'color',
    'sound',
    'tag',
    'click_action',
    'body_loc_key',
    'body_loc_args',
    'title_loc_key',
    'title_loc_args',
    'channel_id',
    'ticker',
    'sticky',
    'event_time',
    'local_only',
    'notification_priority',
    'default_sound',
    'default_vibrate_timings',
    'default_light_settings',
    'vibrate_timings',
    'visibility',
    'notification_count',
    'light_settings',
    'image',
  ],
  'message.apns': ['headers', 'payload', 'fcm_options', 'live_activity_token'],
};

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`Invalid value at '${field}': an object is expected, got ${JSON.stringify(value)}`, field);
  }
  const fields = value as Record<string, unknown>;
  const known = knownFields[field];
  if (known !== undefined) {
    for (const name of Object.keys(fields)) {
      if (!known.includes(name) && !known.map(camelCase).includes(name)) {
        throw invalid(`Invalid JSON payload received. Unknown name "${name}" at '${field}': Cannot find field.`, field);
      }
    }
  }
  return fields;
}

/** A field by its name or its lowerCamelCase name. */
function fieldOf(fields: Record<string, unknown>, name: string): unknown {
  return fields[name] ?? fields[camelCase(name)];
}

function optionalString(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== 'string') throw invalid(`Invalid value at '${field}' (TYPE_STRING), ${JSON.stringify(value)}`, field);
}

function stringMap(value: unknown, field: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const entries = Object.entries(object(value, field));
  entries.forEach(([, entry], index) => {
    if (typeof entry !== 'string') throw invalid(`Invalid value at '${field}[${index}].value' (TYPE_STRING), ${JSON.stringify(entry)}`, `${field}[${index}].value`);
  });
  return Object.fromEntries(entries) as Record<string, string>;
}

/** FCM keeps `from`, `gcm…`, `google…` and `message_type` for itself. */
function checkDataKeys(data: Record<string, string> | undefined, field: string): void {
  for (const key of Object.keys(data ?? {})) {
    if (key === 'from' || key === 'message_type' || /^(google|gcm)/i.test(key)) throw invalid(`Invalid data key "${key}": it is reserved`, field);
  }
}

/** The message of a send request as FCM checks it, or the refusal FCM would answer. */
function checkedMessage(request: Record<string, unknown>): Omit<FcmFakeMessage, 'name'> {
  for (const name of Object.keys(request)) {
    if (name !== 'message' && name !== 'validate_only' && name !== 'validateOnly') {
      throw invalid(`Invalid JSON payload received. Unknown name "${name}": Cannot find field.`, name);
    }
  }
  const message = object(request.message, 'message');
  const targets = ['token', 'topic', 'condition'].filter((target) => message[target] !== undefined);
  if (targets.length !== 1) throw invalid('Exactly one of token, topic or condition must be set.', 'message');
  const token = message.token;
  if (typeof token !== 'string') throw invalid('The fake sends to device tokens only: message.token must be set.', 'message');
  // A raw APNs device token (64 hex digits) is not an FCM registration token: the iOS app must register through Firebase.
  if (token === '' || /\s/.test(token) || /^[0-9a-f]{64}$/i.test(token)) {
    throw googleError(400, 'The registration token is not a valid FCM registration token', { fcmErrorCode: 'INVALID_ARGUMENT' });
  }

  const notification = message.notification === undefined ? undefined : object(message.notification, 'message.notification');
  for (const name of ['title', 'body', 'image']) optionalString(notification?.[name], `message.notification.${name}`);
  const data = stringMap(message.data, 'message.data');
  checkDataKeys(data, 'message.data');

  const android = message.android === undefined ? undefined : object(message.android, 'message.android');
  if (android !== undefined) {
    const priority = android.priority;
    if (priority !== undefined && priority !== 'NORMAL' && priority !== 'HIGH') {
      throw invalid(`Invalid value at 'message.android.priority' (type.googleapis.com/google.firebase.fcm.v1.AndroidMessagePriority), ${JSON.stringify(priority)}`, 'message.android.priority');
    }
    checkDataKeys(stringMap(android.data, 'message.android.data'), 'message.android.data');
    const androidNotification = android.notification === undefined ? undefined : object(android.notification, 'message.android.notification');
    for (const name of ['title', 'body', 'tag', 'channel_id', 'click_action', 'sound', 'icon', 'color']) {
      optionalString(fieldOf(androidNotification ?? {}, name), `message.android.notification.${name}`);
    }
  }

  const apns = message.apns === undefined ? undefined : object(message.apns, 'message.apns');
  if (apns !== undefined) {
    const headers = stringMap(apns.headers, 'message.apns.headers');
    const apnsPriority = headers?.['apns-priority'];
    if (apnsPriority !== undefined && !['5', '10', '1'].includes(apnsPriority)) {
      throw invalid(`apns-priority must be 10, 5 or 1, got "${apnsPriority}"`, 'message.apns.headers');
    }
    if ((headers?.['apns-collapse-id'] ?? '').length > 64) throw invalid('apns-collapse-id must be at most 64 bytes', 'message.apns.headers');
    if (apns.payload !== undefined) {
      const payload = object(apns.payload, 'message.apns.payload');
      if (payload.aps !== undefined) object(payload.aps, 'message.apns.payload.aps');
    }
  }

  if (Buffer.byteLength(JSON.stringify({ notification, data })) > MAX_PAYLOAD_BYTES) {
    throw invalid(`The message is too big: notification and data may hold at most ${MAX_PAYLOAD_BYTES} bytes`, 'message');
  }
  return structuredClone({
    token,
    ...(notification === undefined ? {} : { notification }),
    ...(data === undefined ? {} : { data }),
    ...(android === undefined ? {} : { android }),
    ...(apns === undefined ? {} : { apns }),
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw googleError(400, 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsedJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Refused below, as Google refuses malformed JSON.
  }
  throw googleError(400, 'Invalid JSON payload received. Unexpected token.');
}

function answer(response: ServerResponse, status: number, body?: unknown): void {
  if (response.destroyed || response.headersSent) return;
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

/** Starts the fake with a service account of its own; see the comment at the top of this file. */
export async function startFcmFake({ port = 0, host = '127.0.0.1', tokenLifetimeSeconds = ONE_HOUR_SECONDS - 1 }: FcmFakeOptions = {}): Promise<FcmFake> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateKeyId = randomBytes(20).toString('hex');
  let messages: FcmFakeMessage[] = [];
  let unregistered = new Set<string>();
  let unavailable = false;
  let exchanges = 0;
  let accessTokens = new Map<string, number>();

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      listening();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
  const serviceAccount: FcmServiceAccount = {
    project_id: FAKE_PROJECT_ID,
    client_email: `firebase-adminsdk-local@${FAKE_PROJECT_ID}.iam.gserviceaccount.com`,
    private_key: await exportPKCS8(privateKey),
    token_uri: `${url}/token`,
    private_key_id: privateKeyId,
  };

  const control: FcmFakeControl = {
    messages: () => structuredClone(messages),
    unregister(token) {
      unregistered.add(token);
    },
    setOutage(state) {
      unavailable = state;
    },
    tokenExchanges: () => exchanges,
    revokeAccessTokens() {
      accessTokens = new Map();
    },
    reset() {
      messages = [];
      unregistered = new Set();
      unavailable = false;
      exchanges = 0;
    },
  };

  /** Google's token endpoint for a service account: RFC 7523's JWT bearer grant. */
  async function exchangeAssertion(body: string): Promise<unknown> {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== JWT_BEARER_GRANT) throw oauthError('unsupported_grant_type', 'Invalid grant_type: ' + (form.get('grant_type') ?? ''));
    const assertion = form.get('assertion');
    if (assertion === null) throw oauthError('invalid_request', 'Missing required parameter: assertion');
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(assertion, publicKey, {
        algorithms: ['RS256'],
        issuer: serviceAccount.client_email,
        audience: serviceAccount.token_uri,
        requiredClaims: ['iat', 'exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed) throw oauthError('invalid_grant', 'Invalid JWT Signature.');
      if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired) {
        throw oauthError('invalid_grant', `Invalid JWT: its ${error.claim} claim is not accepted (${error.reason}).`);
      }
      throw oauthError('invalid_grant', `Invalid JWT: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (claims.exp! - claims.iat! > ONE_HOUR_SECONDS) {
      throw oauthError('invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    }
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(FCM_SCOPE)) throw oauthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    exchanges += 1;
    const accessToken = `ya29.local-${randomBytes(32).toString('base64url')}`;
    accessTokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    return { access_token: accessToken, expires_in: tokenLifetimeSeconds, token_type: 'Bearer' };
  }

  function sendMessage(request: IncomingMessage, projectId: string, body: string): unknown {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      throw googleError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    }
    if (projectId !== serviceAccount.project_id) {
      throw googleError(403, `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${projectId}'`);
    }
    if (unavailable) throw googleError(503, 'The service is currently unavailable.', { fcmErrorCode: 'UNAVAILABLE' });
    const sendRequest = parsedJson(body);
    const message = checkedMessage(sendRequest);
    if (unregistered.has(message.token)) throw googleError(404, 'Requested entity was not found.', { fcmErrorCode: 'UNREGISTERED' });
    const name = `projects/${projectId}/messages/${randomBytes(8).readBigUInt64BE() % 10n ** 16n}`;
    if (fieldOf(sendRequest, 'validate_only') !== true) messages.push({ name, ...message });
    return { name };
  }

  function controlRequest(method: string, path: string, body: string): { status: number; body?: unknown } | undefined {
    const route = `${method} ${path}`;
    if (route === 'GET /fake/service-account') return { status: 200, body: serviceAccount };
    if (route === 'GET /fake/messages') return { status: 200, body: { messages: control.messages() } };
    if (route === 'POST /fake/reset') {
      control.reset();
      return { status: 204 };
    }
    if (route === 'POST /fake/unregistered') {
      const { token } = parsedJson(body);
      if (typeof token !== 'string') throw googleError(400, 'token must be a string');
      control.unregister(token);
      return { status: 204 };
    }
    if (route === 'PUT /fake/outage') {
      const { unavailable: state } = parsedJson(body);
      if (typeof state !== 'boolean') throw googleError(400, 'unavailable must be true or false');
      control.setOutage(state);
      return { status: 204 };
    }
    return undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    try {
      const body = await readBody(request);
      if (request.method === 'POST' && path === '/token') return answer(response, 200, await exchangeAssertion(body));
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
      if (request.method === 'POST' && send !== null) return answer(response, 200, sendMessage(request, decodeURIComponent(send[1]), body));
      const controlled = controlRequest(request.method ?? 'GET', path, body);
      if (controlled !== undefined) return answer(response, controlled.status, controlled.body);
      throw googleError(404, `No ${request.method} ${path} here`);
    } catch (error) {
      if (error instanceof Refusal) return answer(response, error.status, error.body);
      answer(response, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } });
    }
  }

  return {
    url,
    serviceAccount,
    control,
    close: () =>
      new Promise<void>((closed, failed) => {
        server.close((error) => (error ? failed(error) : closed()));
        server.closeAllConnections();
      }),
  };
}

/** The fake's controls over HTTP, for a test whose fake another process started (FCM_FAKE_URL). */
export interface FcmFakeRemoteControl {
  messages(): Promise<FcmFakeMessage[]>;
  unregister(token: string): Promise<void>;
  setOutage(unavailable: boolean): Promise<void>;
  reset(): Promise<void>;
}

export function fcmFakeOverHttp(fakeUrl: string): FcmFakeRemoteControl {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${fakeUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`The FCM fake answered ${method} ${path} with ${response.status}: ${await response.text()}`);
    return response;
  }
  return {
    messages: async () => ((await (await call('GET', '/fake/messages')).json()) as { messages: FcmFakeMessage[] }).messages,
    unregister: async (token) => void (await call('POST', '/fake/unregistered', { token })),
    setOutage: async (unavailable) => void (await call('PUT', '/fake/outage', { unavailable })),
    reset: async () => void (await call('POST', '/fake/reset')),
  };
}

/** The service account of a fake started elsewhere, so that this process's sender is accepted by it. */
export async function serviceAccountOfFake(fakeUrl: string): Promise<FcmServiceAccount> {
  const response = await fetch(`${fakeUrl}/fake/service-account`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`The FCM fake at ${fakeUrl} did not give its service account: ${response.status}`);
  return (await response.json()) as FcmServiceAccount;
}
