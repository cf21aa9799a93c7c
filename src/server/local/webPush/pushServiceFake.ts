import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import httpEce from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { generate as generateCertificate } from 'selfsigned';
import type { WebPushSubscription } from '../../domain/orderMoments';

// A loopback stand-in for a browser's push service (RFC 8030), for tests: a browser's real one is not reachable
// offline. It checks what a push service checks (the VAPID signature against the key the subscription was made with,
// RFC 8292; the TTL; the encoding) and records the encrypted message, which a test decrypts with the keys of the
// subscriber it made (decryptPushMessage), as the browser would. web-push speaks HTTPS only, so the fake does too, with
// a certificate of its own that the sender is told to trust (`agent`, or NODE_EXTRA_CA_CERTS for a server process).

/** One message as the push service received it. */
export interface RecordedPush {
  endpoint: string;
  /** The aes128gcm body (RFC 8188), still encrypted. */
  body: Buffer;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
}

export interface PushServiceFake {
  /** The fake's origin, `https://127.0.0.1:<port>`. */
  url: string;
  /** Its certificate (PEM), to be trusted by whoever sends to it. */
  certificate: string;
  /** An HTTPS agent that trusts the fake, for a sender in the test's own process. */
  agent: Agent;
  /** A new subscription's endpoint, tied like a browser's to the application server key it was made with. */
  newEndpoint(applicationServerKey: string): string;
  /** Every message accepted so far, oldest first. */
  messages(): RecordedPush[];
  /** From now on the endpoint answers 410 Gone, as when the customer has withdrawn permission. */
  gone(endpoint: string): void;
  /** While down, every send is answered 503, as in a push service's outage. */
  setOutage(down: boolean): void;
  close(): Promise<void>;
}

export interface PushServiceFakeOptions {
  /** 0 (default): any free port. */
  port?: number;
}

/** A browser's side of a subscription: what it sends the site (`subscription`) and the secrets it keeps to decrypt. */
export interface FakeSubscriber {
  subscription: WebPushSubscription;
  /** The P-256 private key of `keys.p256dh`, URL-safe base64. */
  privateKey: string;
}

/** RFC 8030 §7.2: a push service accepts payloads of at least 4096 bytes; the fake accepts exactly that. */
const MAX_PAYLOAD_BYTES = 4096;

/** A subscriber for `endpoint`, made as a browser makes one: a fresh P-256 key pair and a 16-byte auth secret. */
export function newFakeSubscriber(endpoint: string): FakeSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** The message as the subscriber's browser reads it: aes128gcm (RFC 8291) decrypted with the subscriber's secrets. */
export function decryptPushMessage(body: Buffer, subscriber: FakeSubscriber): string {
  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(Buffer.from(subscriber.privateKey, 'base64url'));
  return httpEce
    .decrypt(body, { version: 'aes128gcm', privateKey: receiver, authSecret: subscriber.subscription.keys.auth })
    .toString('utf8');
}

/** `vapid t=<JWT>, k=<public key>` (RFC 8292 §3). */
function vapidCredentials(authorization: string | undefined): { token: string; key: string } | undefined {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const parameters = new Map(match[1].split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const token = parameters.get('t');
  const key = parameters.get('k');
  return token && key ? { token, key } : undefined;
}

/** Whether the JWT is signed by `publicKey` (65 bytes, an uncompressed P-256 point) for this push service, unexpired. */
async function isSignedBy(token: string, publicKey: string, audience: string): Promise<boolean> {
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience, requiredClaims: ['exp', 'sub'] });
    // RFC 8292 §2: no more than 24 hours ahead.
    return payload.exp! <= Date.now() / 1000 + 24 * 60 * 60;
  } catch {
    return false;
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startPushServiceFake({ port = 0 }: PushServiceFakeOptions = {}): Promise<PushServiceFake> {
  const host = '127.0.0.1';
  const pems = await generateCertificate([{ name: 'commonName', value: host }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: host }] }],
  });
  /** Each endpoint's application server key (what the browser subscribed with). */
  const endpointKeys = new Map<string, string>();
  const goneEndpoints = new Set<string>();
  const recorded: RecordedPush[] = [];
  let outage = false;
  let origin = '';

  async function receive(request: IncomingMessage, response: ServerResponse): Promise<unknown> {
    const answer = (status: number, text = '') => response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    const endpoint = `${origin}${request.url ?? ''}`;
    const body = await readBody(request);
    if (request.method !== 'POST') return answer(405);
    const applicationServerKey = endpointKeys.get(endpoint);
    if (applicationServerKey === undefined) return answer(404, 'No such subscription');
    if (outage) return answer(503, 'The push service is down');
    if (goneEndpoints.has(endpoint)) return answer(410, 'The subscription has expired or been unsubscribed');
    const credentials = vapidCredentials(request.headers.authorization);
    if (credentials === undefined || !(await isSignedBy(credentials.token, credentials.key, origin))) {
      return answer(401, 'The VAPID authorization is missing or invalid');
    }
    if (credentials.key !== applicationServerKey) return answer(403, 'Signed with a key other than the subscription was made with');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'TTL header missing');
    if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'Only aes128gcm is accepted');
    if (body.length > MAX_PAYLOAD_BYTES) return answer(413);
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    recorded.push({ endpoint, body, ttl, urgency: header('urgency'), topic: header('topic') });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
  }

  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    receive(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  origin = `https://${host}:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: pems.cert });
  return {
    url: origin,
    certificate: pems.cert,
    agent,
    newEndpoint(applicationServerKey) {
      const endpoint = `${origin}/push/${randomUUID()}`;
      endpointKeys.set(endpoint, applicationServerKey);
      return endpoint;
    },
    messages: () => [...recorded],
    gone: (endpoint) => void goneEndpoints.add(endpoint),
    setOutage(down) {
      outage = down;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
