import { BlockList, isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { APP_VERSION_PATTERN, DEFAULT_OLDEST_SUPPORTED_APP_VERSION } from '../domain/appVersions';
import { checkedHttpUrl, ConfigurationError, type Environment, read, wholeNumber } from './configReading';
import { DEFAULT_ACCEPTANCE_TIMEOUT_SECONDS } from './domain/autoRefusal';
import { loadFcmConfig, type FcmConfig } from './notifications/fcm/fcmConfig';
import { loadMailConfig, type MailConfig } from './notifications/mail/mailConfig';
import { loadPrintingConfig, type PrintingConfig } from './printing/printingConfig';
import { loadWebPushConfig, type WebPushConfig } from './notifications/webPush/webPushConfig';
import { DEFAULT_RECONCILE_AFTER_SECONDS } from './payments/reconciliation';

// Starting the server and its tests catch the one error a bad configuration throws.
export { ConfigurationError, type Environment };

const repositoryRoot = resolve(fileURLToPath(import.meta.url), '../../..');

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** `pretty`: one readable line per event (pino-pretty), for a person at a terminal; `json`: pino's JSON lines, for a log collector. */
export const logFormats = ['pretty', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];

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
  /** Local identity mode on a non-loopback HOST, allowed by ALLOW_LOCAL_IDENTITY_ON_NETWORK=1: said as a warning at start. */
  localIdentityOnNetwork: boolean;
  /** PostgreSQL when set; otherwise the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  applicationKey: string;
  siteKey: string;
  identity: LocalIdentityConfig | CognitoIdentityConfig;
  payPal: LocalPayPalConfig | LivePayPalConfig;
  analyticsMeasurementId: string | undefined;
  logLevel: LogLevel;
  logFormat: LogFormat;
  /** How long a request waits for the restaurant's answer before it is refused automatically. */
  acceptanceTimeoutSeconds: number;
  /** How long a payment left between two steps waits for the customer's own retry before reconciliation settles it. */
  paymentReconcileAfterSeconds: number;
  /**
   * TRUST_PROXY: whom Fastify's `trustProxy` believes about the client's address (X-Forwarded-For): none (false), the
   * nearest n proxies, or proxies at these addresses or CIDRs. The abuse limits count per client address by it.
   */
  trustProxy: false | number | string[];
  /** RATE_LIMITS: the abuse limits (src/server/plugins/rateLimits.ts); off only for load tests from one address. */
  rateLimits: boolean;
  /**
   * REDIS_URL: the Redis (or Valkey) server whose counts every server behind the load balancer shares, so a client has one
   * budget however its calls are spread; unset, each server counts in its own memory (docs/abuse-limits.md).
   */
  redisUrl: string | undefined;
  /**
   * PUBLIC_URL: the origin customers reach the site at, with no trailing slash. Canonical links, Open Graph, the
   * sitemap and structured data name whole URLs (src/server/seo/), which cannot be taken from a request's Host header.
   */
  publicUrl: string;
  /** The built site (`vite build` output); not an environment variable, tests override it. */
  siteRoot: string;
  /** MINIMUM_APP_VERSION: the oldest native app still supported; an older one shows /updateRequired (docs/native-apps.md). */
  minimumAppVersion: string;
  /** Where the customers' notifications go (docs/notifications.md): FCM, web push's VAPID keys, SMTP; local fakes by default. */
  fcm: FcmConfig;
  webPush: WebPushConfig;
  mail: MailConfig;
  /** Ticket printing (docs/printing.md): the loopback printer in local mode, only the owner's printers in network mode. */
  printing: PrintingConfig;
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
  checkedHttpUrl(value, name);
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

/** LOG_FORMAT when set; otherwise readable lines for a terminal and JSON lines for anything else (a pipe, a file, a collector). */
export function chooseLogFormat(requested: string | undefined, outputIsTerminal: boolean): LogFormat {
  if (requested === undefined) return outputIsTerminal ? 'pretty' : 'json';
  if (!(logFormats as readonly string[]).includes(requested)) {
    throw new ConfigurationError(`LOG_FORMAT must be ${logFormats.join(' or ')}, got "${requested}"`);
  }
  return requested as LogFormat;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether listening on `host` keeps the server to this machine: 127.0.0.0/8, ::1 (also IPv4-mapped) or localhost. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1');
  if (address.toLowerCase() === 'localhost') return true;
  const version = isIP(address);
  return version !== 0 && loopback.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

const ALLOW_LOCAL_IDENTITY_ON_NETWORK = 'ALLOW_LOCAL_IDENTITY_ON_NETWORK';

// cognito-local signs its tokens with a private key published in its npm package, so in local identity mode anyone who can
// reach the server can sign in as anyone, staff included. That is only acceptable on this machine, or knowingly.
function localIdentityReachableFromNetwork(env: Environment, host: string, identityMode: string): boolean {
  const allowed = matching(env, ALLOW_LOCAL_IDENTITY_ON_NETWORK, /^[01]$/, '1 or 0') === '1';
  if (identityMode !== 'local' || isLoopbackHost(host)) return false;
  if (!allowed) {
    throw new ConfigurationError(
      `HOST ${host} is not a loopback address, and IDENTITY_MODE is local: the local identity emulator's tokens are forgeable ` +
        '(its signing key is published), so anyone who reaches the server could sign in as staff. Use HOST=127.0.0.1, ' +
        `IDENTITY_MODE=cognito, or set ${ALLOW_LOCAL_IDENTITY_ON_NETWORK}=1 to accept that on a network you trust`,
    );
  }
  return true;
}

/** Said at start when the owner has allowed local identity on a network address. */
export function localIdentityWarning(host: string): string {
  return (
    `Warning: local identity mode on ${host}, reachable from the network (${ALLOW_LOCAL_IDENTITY_ON_NETWORK}=1). ` +
    "Its tokens are forgeable: anyone who reaches this server can sign in as any customer or as staff."
  );
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

// Unset trusts no proxy: a client could otherwise name any address in X-Forwarded-For and escape its abuse limits.
function trustProxy(env: Environment): ServerConfig['trustProxy'] {
  const value = read(env, 'TRUST_PROXY');
  if (value === undefined) return false;
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw new ConfigurationError(`TRUST_PROXY must be from 1 to 10 proxies, got "${value}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const malformed = entries.find((entry) => !isAddressOrCidr(entry));
  if (malformed !== undefined) {
    throw new ConfigurationError(
      `TRUST_PROXY must be a number of proxies (1 to 10) or a comma-separated list of proxy addresses or CIDRs, such as ` +
        `10.0.0.0/8,fd00::/8; "${malformed}" is neither`,
    );
  }
  return entries;
}

/** TRUST_PROXY as Fastify's `trustProxy`: it counts hops at run time, but its types take them only as this function. */
export function fastifyTrustProxy(trust: ServerConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

function rateLimits(env: Environment): boolean {
  const value = read(env, 'RATE_LIMITS') ?? 'on';
  if (value !== 'on' && value !== 'off') throw new ConfigurationError(`RATE_LIMITS must be on or off, got "${value}"`);
  return value === 'on';
}

/** A URL as it may be shown in a log or a message: without the password it may carry. */
export function withoutPassword(url: URL): string {
  const shown = new URL(url.href);
  shown.password = '';
  return shown.href;
}

function redisUrl(env: Environment): string | undefined {
  const value = read(env, 'REDIS_URL');
  if (value === undefined) return undefined;
  const expectation = 'a redis:// or rediss:// (TLS) URL such as redis://:password@10.0.0.5:6379/0';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Its value is never repeated: it may carry the password, and error messages end up in logs.
    throw new ConfigurationError(`REDIS_URL must be ${expectation}, and it is not a URL`);
  }
  const shown = withoutPassword(url);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigurationError(`REDIS_URL must be ${expectation}, got the scheme "${url.protocol}"`);
  }
  if (url.hostname === '') throw new ConfigurationError(`REDIS_URL must name a host, got "${shown}"`);
  // ioredis reads the path as the database number and ignores anything else there.
  if (!/^\/?([0-9]|1[0-5])?$/.test(url.pathname) || url.search !== '' || url.hash !== '') {
    throw new ConfigurationError(`REDIS_URL's path must be a database number from 0 to 15 and nothing after it, got "${shown}"`);
  }
  return value;
}

function publicUrl(env: Environment, port: number): string {
  const value = read(env, 'PUBLIC_URL');
  if (value === undefined) return `http://localhost:${port}`;
  const expectation = 'an http:// or https:// origin such as https://www.golden-dragon.example, with no path';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`PUBLIC_URL must be ${expectation}, got "${value}"`);
  }
  const originOnly = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !originOnly) {
    throw new ConfigurationError(`PUBLIC_URL must be ${expectation}, got "${value}"`);
  }
  return url.origin;
}

/** The embedded SQLite database's file name inside DATA_DIR. */
export const SQLITE_FILE_NAME = 'takeaway.sqlite';

/** Where the data lives, as the server and `npm run backup` both read it: DATABASE_URL, else DATA_DIR's SQLite file. */
export function dataLocation(env: Environment): Pick<ServerConfig, 'databaseUrl' | 'dataDir'> {
  const dataDir = read(env, 'DATA_DIR');
  return { databaseUrl: databaseUrl(env), dataDir: dataDir === undefined ? resolve(repositoryRoot, 'data') : resolve(dataDir) };
}

/** Reads and checks every setting; a bad value throws ConfigurationError naming the variable and why. */
/**
 * Whether `config` asks for any local stand-in (the identity emulator, the PayPal sandbox, the FCM fake, the loopback SMTP
 * server); only then does the server load src/server/local/ (docs/server-layers.md).
 */
export function usesLocalStandIns(config: Pick<ServerConfig, 'identity' | 'payPal' | 'fcm' | 'mail' | 'printing'>): boolean {
  return (
    config.identity.mode === 'local' ||
    config.payPal.mode === 'local' ||
    config.fcm.mode === 'local' ||
    config.mail.mode === 'local' ||
    config.printing.mode === 'local'
  );
}

export function loadConfig(env: Environment, outputIsTerminal = process.stdout.isTTY === true): ServerConfig {
  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigurationError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }
  const host = matching(env, 'HOST', /^[A-Za-z0-9.:[\]-]+$/, 'a host name or IP address') ?? '127.0.0.1';
  const identityConfig = identity(env);
  const port = portNumber(env, 'PORT', 8080);
  const location = dataLocation(env);
  return {
    port,
    host,
    localIdentityOnNetwork: localIdentityReachableFromNetwork(env, host, identityConfig.mode),
    ...location,
    applicationKey: keyValue(env, 'APPLICATION_KEY', 'takeaway-web'),
    siteKey: keyValue(env, 'SITE_KEY', 'demo-site'),
    identity: identityConfig,
    payPal: payPal(env),
    analyticsMeasurementId: matching(
      env,
      'ANALYTICS_MEASUREMENT_ID',
      /^G-[A-Z0-9]{4,20}$/,
      'a GA4 measurement id such as G-ABC123XYZ',
    ),
    logLevel: logLevel as LogLevel,
    logFormat: chooseLogFormat(read(env, 'LOG_FORMAT'), outputIsTerminal),
    // A day at most: the kitchen list shows the last 24 hours, so a longer wait could never be answered there.
    acceptanceTimeoutSeconds: wholeNumber(env, 'ACCEPTANCE_TIMEOUT_SECONDS', DEFAULT_ACCEPTANCE_TIMEOUT_SECONDS, 1, 86_400),
    // PayPal honours an authorisation for 29 days; a day is long past any customer's return.
    paymentReconcileAfterSeconds: wholeNumber(env, 'PAYMENT_RECONCILE_AFTER_SECONDS', DEFAULT_RECONCILE_AFTER_SECONDS, 1, 86_400),
    trustProxy: trustProxy(env),
    rateLimits: rateLimits(env),
    redisUrl: redisUrl(env),
    publicUrl: publicUrl(env, port),
    siteRoot: resolve(repositoryRoot, 'dist/site'),
    minimumAppVersion: matching(env, 'MINIMUM_APP_VERSION', APP_VERSION_PATTERN, 'an app version such as 1.0.81') ?? DEFAULT_OLDEST_SUPPORTED_APP_VERSION,
    fcm: loadFcmConfig(env),
    webPush: loadWebPushConfig(env),
    mail: loadMailConfig(env),
    printing: loadPrintingConfig(env),
  };
}
