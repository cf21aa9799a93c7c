import type { FastifyInstance } from 'fastify';
import type { PayPalEnvironment } from '../config';

/** What the browser needs to reach the identity service: the pool, the app client, and locally the emulator's path. */
export interface BrowserIdentity {
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /** Only in local mode (the emulator behind `/identity`); absent in production, where Amplify talks to Cognito. */
  endpoint?: string;
}

/** What `PayPalScriptProvider` needs (SPEC §5): the REST app's client id and its environment. */
export interface BrowserPayPal {
  clientId: string;
  environment: PayPalEnvironment;
  /** Only in local mode (the loopback fake's JS SDK behind `/paypal-sandbox`); absent with PayPal, whose own SDK is loaded. */
  sdkBaseUrl?: string;
}

export interface BrowserConfig {
  apiBaseUrl: string;
  applicationKey: string;
  siteKey: string;
  identity: BrowserIdentity;
  payPal: BrowserPayPal;
  analyticsMeasurementId?: string;
  appVersion: string;
  /** The oldest native app version the server still supports (MINIMUM_APP_VERSION): an older app shows /updateRequired. */
  minimumAppVersion: string;
  /** The VAPID public key the browser subscribes to web push with; absent where the app was built without web push. */
  webPushPublicKey?: string;
}

export const appVersion = '1.0.81';

/**
 * One build serves every environment: the browser reads its settings at start, from the site's HTML (plugins/site.ts)
 * or, where the HTML did not come from this server, from `/config.json`.
 */
export function registerBrowserConfig(app: FastifyInstance, config: BrowserConfig): void {
  const body = JSON.stringify(config);
  app.get('/config.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
}
