import { Amplify } from 'aws-amplify';
import {
  AuthError,
  confirmResetPassword,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  resendSignUpCode as amplifyResendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import { decodeJwt } from 'jose';
import { MIN_PASSWORD_LENGTH } from '../domain/passwordRules';

/** The identity part of the runtime configuration (`/config.json`). */
export interface IdentityConfig {
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /** Local mode only: the emulator, usually `/identity` on the site's own origin. Absent in production. */
  endpoint?: string;
}

export interface SessionUser {
  sub: string;
  email: string;
  groups: string[];
}

export interface IdentitySession {
  idToken: string;
  user: SessionUser;
}

/** Thrown when the password was right but the account's email code has not been confirmed (SPEC §4). */
export class UserNotConfirmedError extends Error {
  override readonly name = 'UserNotConfirmedException';
  constructor() {
    super('The account has not been confirmed yet.');
  }
}

let localEndpoint: string | undefined;

export function configureIdentity({ userPoolId, userPoolClientId, endpoint }: IdentityConfig): void {
  localEndpoint = endpoint === undefined ? undefined : new URL(endpoint, globalThis.location?.origin).href;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        userPoolEndpoint: localEndpoint,
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
        userAttributes: { email: { required: true } },
        mfa: { status: 'off' },
        passwordFormat: {
          minLength: MIN_PASSWORD_LENGTH,
          requireLowercase: false,
          requireUppercase: false,
          requireNumbers: false,
          requireSpecialCharacters: false,
        },
      },
    },
  });
  if (localEndpoint !== undefined) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(createLocalTokenRefresher(localEndpoint, userPoolClientId));
  }
}

/** Password sign-in (USER_PASSWORD_AUTH, never SRP: the emulator has no SRP, and the app client allows it in Cognito). */
export async function signInWithPassword(email: string, password: string): Promise<IdentitySession> {
  const attempt = () => signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await attempt();
  } catch (error) {
    // A session left behind (e.g. one that could not be restored) would block every new sign-in.
    if (!(error instanceof AuthError && error.name === 'UserAlreadyAuthenticatedException')) throw error;
    await signOut();
    result = await attempt();
  }
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') throw new UserNotConfirmedError();
  if (!result.isSignedIn) {
    throw new AuthError({ name: 'UnsupportedSignInStep', message: `Sign-in needs the unsupported step ${result.nextStep.signInStep}` });
  }
  const session = await currentSession({ forceRefresh: false });
  if (!session) throw new AuthError({ name: 'NoSessionAfterSignIn', message: 'Signed in, but no id token is held' });
  return session;
}

/** Registers a customer: the username is the email (SPEC §1), and the identity service emails a code to confirm it. */
export async function signUpWithEmail(email: string, password: string): Promise<void> {
  await signUp({ username: email, password, options: { userAttributes: { email } } });
}

/** Confirms a sign-up with the emailed code (locally always `123456`). */
export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

/** Emails a new sign-up code. */
export async function resendSignUpCode(email: string): Promise<void> {
  await amplifyResendSignUpCode({ username: email });
}

/** Emails a code for choosing a new password (Amplify's `resetPassword`: Cognito's ForgotPassword). */
export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email });
}

/** Sets the new password with the emailed code (Cognito's ConfirmForgotPassword). */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/** Deletes the signed-in user from the identity service; Amplify then ends the stored session too. */
export async function deleteIdentityUser(): Promise<void> {
  await deleteUser();
}

/** Signs out on every device in production; the emulator has no GlobalSignOut, so locally only this browser. */
export async function signOutEverywhere(): Promise<void> {
  await signOut({ global: localEndpoint === undefined });
}

/** The held session, refreshed when its tokens have expired (or when asked); undefined when signed out. */
export async function currentSession({ forceRefresh }: { forceRefresh: boolean }): Promise<IdentitySession | undefined> {
  const { tokens } = await fetchAuthSession({ forceRefresh });
  const idToken = tokens?.idToken;
  if (!idToken) return undefined;
  const { sub, email } = idToken.payload;
  const groups = idToken.payload['cognito:groups'];
  return {
    idToken: idToken.toString(),
    user: {
      sub: String(sub),
      email: String(email),
      groups: Array.isArray(groups) ? groups.map(String) : [],
    },
  };
}

export type SessionChange = { type: 'refreshed'; session: IdentitySession } | { type: 'expired' };

/** Calls back when Amplify refreshes the tokens on its own or fails to; returns the unsubscribe function. */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh_failure') listener({ type: 'expired' });
    if (payload.event === 'tokenRefresh') {
      void currentSession({ forceRefresh: false }).then(
        (session) => listener(session ? { type: 'refreshed', session } : { type: 'expired' }),
        () => listener({ type: 'expired' }),
      );
    }
  });
}

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];

/**
 * The emulator has no GetTokensFromRefreshToken (what Amplify refreshes with), but it does answer
 * InitiateAuth with REFRESH_TOKEN_AUTH, which is what this does instead.
 */
function createLocalTokenRefresher(endpoint: string, clientId: string): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw new AuthError({ name: 'NotAuthorizedException', message: 'No refresh token is held' });
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: tokens.refreshToken } }),
    });
    const answer = (await response.json()) as { __type?: string; message?: string; AuthenticationResult?: { AccessToken: string; IdToken: string } };
    if (!response.ok || !answer.AuthenticationResult) {
      // Named as Cognito names a refused refresh, so Amplify clears the session and reports it signed out.
      throw new AuthError({ name: 'NotAuthorizedException', message: answer.message ?? `Refresh refused (${answer.__type ?? response.status})` });
    }
    const accessToken = toJwt(answer.AuthenticationResult.AccessToken);
    return {
      accessToken,
      idToken: toJwt(answer.AuthenticationResult.IdToken),
      refreshToken: tokens.refreshToken,
      clockDrift: (accessToken.payload.iat ?? 0) * 1000 - Date.now(),
      username,
    };
  };
}

type Jwt = Awaited<ReturnType<TokenRefresher>>['accessToken'];

function toJwt(token: string): Jwt {
  // A decoded JWT payload is parsed JSON, which is exactly what Amplify's payload type describes.
  return { payload: decodeJwt(token) as Jwt['payload'], toString: () => token };
}
