import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { forwardToLoopback, takeRawBodies } from '../loopbackForwarding';

export interface IdentityEmulatorProxyOptions {
  /** The emulator's base URL, as `startIdentityEmulator` returns it. */
  endpoint: string;
  /** The user pool the browser signs in to: its keys are served, and its users are looked up to resend a code. */
  userPoolId: string;
}

export const IDENTITY_PROXY_PREFIX = '/identity';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The calls a customer's browser makes (docs/accounts.md). Everything else the emulator answers (`Admin*`, groups,
 * pools, clients, `ListUsers`, …) would let anyone change any user, such as adding themselves to `kitchen`.
 */
const CUSTOMER_ACTIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'DeleteUser',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
]);
// cognito-local has no such call; the proxy answers it (see resendConfirmationCode).
const RESEND_CONFIRMATION_CODE = 'ResendConfirmationCode';

const FORWARDED_REQUEST_HEADERS = ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization', 'cache-control', 'accept'];
const COGNITO_CONTENT_TYPE = 'application/x-amz-json-1.1';

/** An answer in the shape of a Cognito API error, which Amplify reads by its `__type`. */
function identityServiceError(reply: FastifyReply, type: string, message: string) {
  return reply.code(400).header('content-type', COGNITO_CONTENT_TYPE).send({ __type: type, message });
}

/** Cognito's masked destination: `ada@example.com` → `a***@e***`. */
function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
}

function parsedBody(request: FastifyRequest): Record<string, unknown> | undefined {
  if (!(request.body instanceof Buffer)) return undefined;
  try {
    const body: unknown = JSON.parse(request.body.toString('utf8'));
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Forwards to the identity emulator only what a customer's browser calls, at the site's own origin (Amplify's
 * `userPoolEndpoint` is `<origin>/identity`), so there is no CORS and no second port to expose, and refuses
 * the rest without contacting the emulator. Registered without fastify-plugin on purpose: its raw-body
 * parser must not leak into the API's scope.
 */
export const identityEmulatorProxy: FastifyPluginAsync<IdentityEmulatorProxyOptions> = async (app, { endpoint, userPoolId }) => {
  takeRawBodies(app);

  const publishedKeysPath = `${IDENTITY_PROXY_PREFIX}/${userPoolId}/.well-known/jwks.json`;

  const forwarding = { prefix: IDENTITY_PROXY_PREFIX, target: endpoint, forwardedRequestHeaders: FORWARDED_REQUEST_HEADERS };
  const forward = (request: FastifyRequest, reply: FastifyReply) => forwardToLoopback(request, reply, forwarding);

  // Cognito's answers for an unknown, an already confirmed and an unconfirmed user; the code stays the emulator's.
  const resendConfirmationCode = async (request: FastifyRequest, reply: FastifyReply) => {
    const username = parsedBody(request)?.Username;
    if (typeof username !== 'string' || username === '') return identityServiceError(reply, 'InvalidParameterException', 'Username is required.');
    const lookup = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': COGNITO_CONTENT_TYPE, 'x-amz-target': `${TARGET_PREFIX}AdminGetUser` },
      body: JSON.stringify({ UserPoolId: userPoolId, Username: username }),
    });
    const user = (await lookup.json()) as { __type?: string; UserStatus?: string; UserAttributes?: Array<{ Name: string; Value: string }> };
    if (!lookup.ok) {
      if (user.__type === 'UserNotFoundException') return identityServiceError(reply, 'UserNotFoundException', 'Username/client id combination not found.');
      throw new Error(`The identity emulator could not look up a user: ${user.__type ?? lookup.status}`);
    }
    if (user.UserStatus === 'CONFIRMED') return identityServiceError(reply, 'InvalidParameterException', 'User is already confirmed.');
    const email = user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value ?? username;
    return reply
      .header('content-type', COGNITO_CONTENT_TYPE)
      .send({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email', Destination: maskedEmail(email) } });
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' && request.url === publishedKeysPath) return forward(request, reply);
    const target = request.headers['x-amz-target'];
    const isApiCall = request.method === 'POST' && (request.url === IDENTITY_PROXY_PREFIX || request.url === `${IDENTITY_PROXY_PREFIX}/`);
    if (isApiCall && typeof target === 'string' && target.startsWith(TARGET_PREFIX)) {
      const action = target.slice(TARGET_PREFIX.length);
      if (CUSTOMER_ACTIONS.has(action)) return forward(request, reply);
      if (action === RESEND_CONFIRMATION_CODE) return resendConfirmationCode(request, reply);
    }
    return identityServiceError(reply, 'NotAuthorizedException', 'This call is not available');
  };

  app.route({ method: ['GET', 'POST'], url: IDENTITY_PROXY_PREFIX, handler: answer });
  app.route({ method: ['GET', 'POST'], url: `${IDENTITY_PROXY_PREFIX}/*`, handler: answer });
};
