/** The browser's runtime configuration, served by the server at `/config.json` so that one build serves every environment. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  applicationKey: string;
  siteKey: string;
  identity: {
    userPoolId: string;
    userPoolClientId: string;
    region: string;
    /** Set only in local mode, where the identity emulator stands in for Cognito. */
    endpoint?: string;
  };
  /** GA4 measurement id; without one, page views go to the in-memory recorder. */
  analyticsMeasurementId?: string;
  /** Publishes recorded page views on `window.__analyticsPageViews` for browser tests; never set in production. */
  analyticsRecorder?: boolean;
  payPal: PayPalConfig;
  appVersion: string;
  /** The oldest native app the server still supports; only the native apps read it (an older one shows /updateRequired). */
  minimumAppVersion?: string;
  /** The VAPID public key for web push subscriptions (src/platform/webPush.ts); without it web push is not offered. */
  webPushPublicKey?: string;
}

export const payPalEnvironments = ['production', 'sandbox'] as const;
export type PayPalEnvironment = (typeof payPalEnvironments)[number];

export interface PayPalConfig {
  clientId: string;
  environment: PayPalEnvironment;
  /** Where the JS SDK is loaded from instead of PayPal's own host: a path on the site's origin in local mode (the loopback fake). */
  sdkBaseUrl?: string;
}

export class ConfigError extends Error {}

function requireString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value === '') throw new ConfigError(`${where}${key} is missing from /config.json`);
  return value;
}

function optionalString(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isPayPalEnvironment(value: unknown): value is PayPalEnvironment {
  return payPalEnvironments.some((environment) => environment === value);
}

function parsePayPalConfig(payPal: unknown): PayPalConfig {
  if (typeof payPal !== 'object' || payPal === null) throw new ConfigError('payPal is missing from /config.json');
  const payPalSource = payPal as Record<string, unknown>;
  const clientId = requireString(payPalSource, 'clientId', 'payPal.');
  const environment = payPalSource.environment;
  if (!isPayPalEnvironment(environment)) {
    throw new ConfigError(`payPal.environment must be production or sandbox, got ${JSON.stringify(environment)}`);
  }
  const sdkBaseUrl = optionalString(payPalSource, 'sdkBaseUrl');
  return sdkBaseUrl === undefined ? { clientId, environment } : { clientId, environment, sdkBaseUrl };
}

export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (typeof body !== 'object' || body === null) throw new ConfigError('/config.json is not an object');
  const source = body as Record<string, unknown>;
  const identity = source.identity;
  if (typeof identity !== 'object' || identity === null) throw new ConfigError('identity is missing from /config.json');
  const identitySource = identity as Record<string, unknown>;
  return {
    apiBaseUrl: requireString(source, 'apiBaseUrl', ''),
    applicationKey: requireString(source, 'applicationKey', ''),
    siteKey: requireString(source, 'siteKey', ''),
    identity: {
      userPoolId: requireString(identitySource, 'userPoolId', 'identity.'),
      userPoolClientId: requireString(identitySource, 'userPoolClientId', 'identity.'),
      region: requireString(identitySource, 'region', 'identity.'),
      endpoint: optionalString(identitySource, 'endpoint'),
    },
    analyticsMeasurementId: optionalString(source, 'analyticsMeasurementId'),
    analyticsRecorder: source.analyticsRecorder === true,
    payPal: parsePayPalConfig(source.payPal),
    appVersion: requireString(source, 'appVersion', ''),
    minimumAppVersion: optionalString(source, 'minimumAppVersion'),
    webPushPublicKey: optionalString(source, 'webPushPublicKey'),
  };
}

/**
 * Inside the native apps the page is served by the shell (`capacitor://localhost`, `https://localhost`), not by the
 * server: the configuration comes from the server's origin, baked into the app's build (VITE_APP_SERVER_ORIGIN,
 * docs/native-apps.md), and its paths are made whole addresses there.
 */
function servedFrom(config: RuntimeConfig, serverOrigin: string): RuntimeConfig {
  const onServer = (path: string) => new URL(path, serverOrigin).href.replace(/\/$/, '');
  return {
    ...config,
    apiBaseUrl: onServer(config.apiBaseUrl),
    identity: { ...config.identity, ...(config.identity.endpoint === undefined ? {} : { endpoint: onServer(config.identity.endpoint) }) },
    payPal: { ...config.payPal, ...(config.payPal.sdkBaseUrl === undefined ? {} : { sdkBaseUrl: onServer(config.payPal.sdkBaseUrl) }) },
  };
}

/** The configuration the site's HTML brought (src/domain/bootData.ts), or else `/config.json`'s (the server's, in the native apps). */
export async function loadRuntimeConfig(fromPage: unknown, serverOrigin?: string): Promise<RuntimeConfig> {
  if (fromPage !== undefined) return parseRuntimeConfig(fromPage);
  const response = await fetch(serverOrigin === undefined ? '/config.json' : new URL('/config.json', serverOrigin), { cache: 'no-store' });
  if (!response.ok) throw new ConfigError(`/config.json answered ${response.status}`);
  const config = parseRuntimeConfig(await response.json());
  return serverOrigin === undefined ? config : servedFrom(config, serverOrigin);
}
