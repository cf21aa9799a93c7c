import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { DEFAULT_ACCEPTANCE_TIMEOUT_SECONDS } from './domain/autoRefusal';
import { DEFAULT_RECONCILE_AFTER_SECONDS } from './payments/reconciliation';

const repositoryRoot = resolve(fileURLToPath(import.meta.url), '../../..');

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Local mode runs cognito-local beside the server; its issuer is trusted only in this mode. */
export interface LocalIdentityConfig {
  mode: 'local';
  emulatorPort: number;
  region: string;
}

export interface CognitoIdentityConfig {
  mode: 'cognito';
  userPoolId: string;
  clientId: string;
  region: string;
}

export const payPalEnvironments = ['production', 'sandbox'] as const;
export type PayPalEnvironment = (typeof payPalEnvironments)[number];

/** PayPal's REST API for each environment (PAYPAL_API_BASE_URL overrides it). */
export const payPalApiBaseUrls: Record<PayPalEnvironment, string> = {
  production: 'https://api-m.paypal.com',
  sandbox: 'https://api-m.sandbox.paypal.com',
};

/** Local mode runs the loopback PayPal fake (REST API and JS SDK) beside the server, or uses one already running. */
export interface LocalPayPalConfig {
  mode: 'local';
  /** 0: any free port. */
  fakePort: number;
  /** A fake started elsewhere, which outlives this server (tests that restart it keep PayPal's state); none is started then. */
  fakeUrl: string | undefined;
}

export interface LivePayPalConfig {
  mode: 'paypal';
  clientId: string;
  clientSecret: string;
  environment: PayPalEnvironment;
  apiBaseUrl: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  applicationKey: string;
  siteKey: string;
  identity: LocalIdentityConfig | CognitoIdentityConfig;
  payPal: LocalPayPalConfig | LivePayPalConfig;
  analyticsMeasurementId: string | undefined;
  logLevel: LogLevel;
  /** How long a request waits for the restaurant's answer before it is refused automatically. */
  acceptanceTimeoutSeconds: number;
  /** How long a payment left between two steps waits for the customer's own retry before reconciliation settles it. */
  paymentReconcileAfterSeconds: number;
  /** The built site (`vite build` output); not an environment variable, tests override it. */
  siteRoot: string;
}

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

type Environment = Record<string, string | undefined>;

/** An empty variable counts as unset, as shells and .env files often leave them empty. */
function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function wholeNumber(env: Environment, name: string, fallback: number, lowest: number, highest: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < lowest || Number(value) > highest) {
    throw new ConfigurationError(`${name} must be a whole number from ${lowest} to ${highest}, got "${value}"`);
  }
  return Number(value);
}

function portNumber(env: Environment, name: string, fallback: number): number {
  return wholeNumber(env, name, fallback, 1, 65535);
}

function matching(env: Environment, name: string, pattern: RegExp, expectation: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && !pattern.test(value)) {
    throw new ConfigurationError(`${name} must be ${expectation}, got "${value}"`);
  }
  return value;
}

function required(name: string, value: string | undefined, reason: string): string {
  if (value === undefined) throw new ConfigurationError(`${name} is required ${reason}`);
  return value;
}

function databaseUrl(env: Environment): string | undefined {
  const value = read(env, 'DATABASE_URL');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError('DATABASE_URL must be a postgres:// or postgresql:// URL, and it is not a URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigurationError(
      `DATABASE_URL must be a postgres:// or postgresql:// URL, got the scheme "${url.protocol}" (leave it unset for the embedded SQLite database)`,
    );
  }
  if (url.hostname === '' && !url.searchParams.has('host')) {
    throw new ConfigurationError('DATABASE_URL must name a host, e.g. postgres://user:password@localhost:5432/takeaway');
  }
  return value;
}

function identity(env: Environment): LocalIdentityConfig | CognitoIdentityConfig {
  const mode = read(env, 'IDENTITY_MODE') ?? 'local';
  const region =
    matching(env, 'COGNITO_REGION', /^[a-z]{2}(-[a-z]+)+-[0-9]$/, 'an AWS region such as eu-west-2') ?? 'eu-west-2';
  const userPoolId = matching(
    env,
    'COGNITO_USER_POOL_ID',
    /^[a-z]{2}(-[a-z]+)+-[0-9]_[A-Za-z0-9]+$/,
    'a Cognito user pool id such as eu-west-2_AbC123xyz',
  );
  const clientId = matching(env, 'COGNITO_CLIENT_ID', /^[A-Za-z0-9]{1,128}$/, 'a Cognito app client id (letters and digits)');
  // Not cognito-local's own 9229: that is Node's --inspect port, and debugging the server would collide with it.
  const emulatorPort = portNumber(env, 'IDENTITY_EMULATOR_PORT', 9230);
  if (mode === 'local') return { mode, emulatorPort, region };
  if (mode === 'cognito') {
    const because = 'when IDENTITY_MODE is cognito';
    const pool = required('COGNITO_USER_POOL_ID', userPoolId, because);
    if (!pool.startsWith(`${region}_`)) {
      throw new ConfigurationError(`COGNITO_USER_POOL_ID "${pool}" is not in COGNITO_REGION ${region}`);
    }
    return { mode, userPoolId: pool, clientId: required('COGNITO_CLIENT_ID', clientId, because), region };
  }
  throw new ConfigurationError(`IDENTITY_MODE must be "local" or "cognito", got "${mode}"`);
}

function httpUrl(env: Environment, name: string): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigurationError(`${name} must be an http:// or https:// URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function payPal(env: Environment): LocalPayPalConfig | LivePayPalConfig {
  const mode = read(env, 'PAYPAL_MODE') ?? 'local';
  const environment = read(env, 'PAYPAL_ENVIRONMENT');
  if (environment !== undefined && !(payPalEnvironments as readonly string[]).includes(environment)) {
    throw new ConfigurationError(`PAYPAL_ENVIRONMENT must be production or sandbox, got "${environment}"`);
  }
  const clientId = matching(env, 'PAYPAL_CLIENT_ID', /^[A-Za-z0-9_-]{1,200}$/, 'a PayPal REST app client id (letters, digits, - and _)');
  const clientSecret = read(env, 'PAYPAL_CLIENT_SECRET');
  if (clientSecret !== undefined && !/^[\x21-\x7e]{1,200}$/.test(clientSecret)) {
    // Unlike the other settings, its value is never repeated: error messages end up in logs.
    throw new ConfigurationError('PAYPAL_CLIENT_SECRET must be 1 to 200 visible ASCII characters without spaces');
  }
  const apiBaseUrl = httpUrl(env, 'PAYPAL_API_BASE_URL');
  // Beside the identity emulator's 9230, and clear of Node's --inspect 9229.
  const fakePort = wholeNumber(env, 'PAYPAL_FAKE_PORT', 9240, 0, 65535);
  const fakeUrl = httpUrl(env, 'PAYPAL_FAKE_URL');
  if (mode === 'local') return { mode, fakePort, fakeUrl };
  if (mode === 'paypal') {
    const because = 'when PAYPAL_MODE is paypal';
    const chosenEnvironment = required('PAYPAL_ENVIRONMENT', environment, `${because} (production or sandbox)`) as PayPalEnvironment;
    return {
      mode,
      clientId: required('PAYPAL_CLIENT_ID', clientId, because),
      clientSecret: required('PAYPAL_CLIENT_SECRET', clientSecret, because),
      environment: chosenEnvironment,
      apiBaseUrl: apiBaseUrl ?? payPalApiBaseUrls[chosenEnvironment],
    };
  }
  throw new ConfigurationError(`PAYPAL_MODE must be "local" or "paypal", got "${mode}"`);
}

function keyValue(env: Environment, name: string, fallback: string): string {
  return matching(env, name, /^[\x21-\x7e]{1,200}$/, '1 to 200 visible ASCII characters without spaces') ?? fallback;
}

/** Reads and checks every setting; a bad value throws ConfigurationError naming the variable and why. */
export function loadConfig(env: Environment): ServerConfig {
  const dataDir = read(env, 'DATA_DIR');
  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigurationError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }
  return {
    port: portNumber(env, 'PORT', 8080),
    host: matching(env, 'HOST', /^[A-Za-z0-9.:[\]-]+$/, 'a host name or IP address') ?? '127.0.0.1',
    databaseUrl: databaseUrl(env),
    dataDir: dataDir === undefined ? resolve(repositoryRoot, 'data') : resolve(dataDir),
    applicationKey: keyValue(env, 'APPLICATION_KEY', 'takeaway-web'),
    siteKey: keyValue(env, 'SITE_KEY', 'demo-site'),
    identity: identity(env),
    payPal: payPal(env),
    analyticsMeasurementId: matching(
      env,
      'ANALYTICS_MEASUREMENT_ID',
      /^G-[A-Z0-9]{4,20}$/,
      'a GA4 measurement id such as G-ABC123XYZ',
    ),
    logLevel: logLevel as LogLevel,
    // A day at most: the kitchen list shows the last 24 hours, so a longer wait could never be answered there.
    acceptanceTimeoutSeconds: wholeNumber(env, 'ACCEPTANCE_TIMEOUT_SECONDS', DEFAULT_ACCEPTANCE_TIMEOUT_SECONDS, 1, 86_400),
    // PayPal honours an authorisation for 29 days; a day is long past any customer's return.
    paymentReconcileAfterSeconds: wholeNumber(env, 'PAYMENT_RECONCILE_AFTER_SECONDS', DEFAULT_RECONCILE_AFTER_SECONDS, 1, 86_400),
    siteRoot: resolve(repositoryRoot, 'dist/site'),
  };
}
