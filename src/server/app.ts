import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { parse } from 'yaml';
import { registerAutoRefusalSweep } from './autoRefusalSweep';
import { fastifyTrustProxy, type ServerConfig } from './config';
import type { ReadinessCheck } from './db/readiness';
import type { Repositories } from './db/repositories';
import { answerClientError, ApiError, handleError } from './errors';
import { operationHandlers } from './handlers/operationHandlers';
import { directoryMediaStore, mediaDirectoryOf, type MediaStore } from './media/mediaStore';
import { loggerOptions, type LogOutput } from './logging';
import type { PayPalClient } from './payments/payPalClient';
import { isBrowserPushService } from './notifications/webPush/pushServices';
import { appOrigins } from './plugins/appOrigins';
import { authorizeDeclaredAccess, withDeclaredAccess } from './plugins/authorization';
import type { IdTokenVerifier } from './plugins/bearerAuth';
import {
  appVersion,
  registerBrowserConfig,
  type BrowserConfig,
  type BrowserIdentity,
  type BrowserPayPal,
} from './plugins/browserConfig';
import { healthRoutes } from './plugins/health';
import { requireIdentificationHeaders } from './plugins/identification';
import { acceptJsonBodiesOnly } from './plugins/jsonBody';
import { registerRateLimits } from './plugins/rateLimits';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerMedia } from './plugins/media';
import { registerSite } from './plugins/site';
import { createValidatorCompiler } from './plugins/validation';

import type { PrintedTicket } from './local/printer/loopbackPrinter';

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
    clock: Clock;
    /** PayPal's REST API (the loopback fake in local mode), with the restaurant's credentials. */
    payPal: PayPalClient;
    /** ACCEPTANCE_TIMEOUT_SECONDS: how long a request waits for the restaurant before it is refused, until the owner saves their own. */
    acceptanceTimeoutSeconds: number;
    /** Whether a web push subscription's endpoint is at a push service this server will send to (pushServices.ts). */
    isPushServiceAllowed(endpoint: string): boolean;
    /** Local mode: the loopback printer's address and what it printed, for /kitchen/printers (docs/printing.md). */
    loopbackPrinter: LoopbackPrinterView | null;
  }
}

/** What the kitchen's pages see of the loopback printer. */
export interface LoopbackPrinterView {
  host: string;
  port: number;
  printed(): PrintedTicket[];
}

/** The server's "now"; order times and confirmation read it, so tests can fix the day and hour. */
export type Clock = () => Date;
const realTime: Clock = () => new Date();

export const apiPrefix = '/api';

export interface AppDependencies {
  config: ServerConfig;
  repositories: Repositories;
  verifyIdToken: IdTokenVerifier;
  /** The user pool the browser signs in to, as `/config.json` tells it. */
  browserIdentity: BrowserIdentity;
  /** Local mode: the site's paths to the local stand-ins (src/server/local/standIns.ts), such as `/identity`. */
  localRoutes?: FastifyPluginAsync;
  payPal: AppPayPal;
  /** Defaults to the real time. */
  clock?: Clock;
  /** What `/readyz` asks (the database); without it, as in tests that build the app alone, only `/healthz` is served. */
  readiness?: ReadinessCheck;
  /** Where log lines go; standard output by default (tests read them to see what a log holds). */
  logOutput?: LogOutput;
  /** The VAPID public key (setUpWebPush) that `/config.json` gives the browser; without it the site offers no web push. */
  webPushPublicKey?: string;
  /** Where photo files are kept; DATA_DIR/media by default. */
  mediaStore?: MediaStore;
  /** Local mode: the loopback printer started beside the server. */
  loopbackPrinter?: LoopbackPrinterView;
}

export interface AppPayPal {
  client: PayPalClient;
  /** What `/config.json` tells the browser's PayPal script. */
  browser: BrowserPayPal;
}

const openApiDocument = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object;

export async function buildApp({
  config,
  repositories,
  verifyIdToken,
  browserIdentity,
  localRoutes,
  payPal,
  clock = realTime,
  readiness,
  logOutput,
  webPushPublicKey,
  mediaStore = directoryMediaStore(mediaDirectoryOf(config.dataDir)),
  loopbackPrinter,
}: AppDependencies): Promise<FastifyInstance> {
  // First, so that a contract operation without a declared security stops the server before anything starts.
  const contract = withDeclaredAccess(openApiDocument);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logFormat, logOutput),
    bodyLimit: 256 * 1024,
    // Every path parameter of the contract is at most 64 characters, so validation names the field up to 100; beyond,
    // the router answers 414 without looking further.
    routerOptions: { maxParamLength: 100 },
    // The router's and Node's own refusals (an undecodable address, headers over Node's limit) answer the envelope too.
    frameworkErrors: handleError,
    clientErrorHandler: answerClientError,
    // Its own 503 for a request that arrives while the server closes is not in the envelope; the hook below answers it.
    return503OnClosing: false,
    // Closing waits for the requests in flight (startServer bounds the wait); idle keep-alive connections close at once.
    forceCloseConnections: 'idle',
    // TRUST_PROXY: whose X-Forwarded-For names the client, whom the abuse limits count.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.decorate('repositories', repositories);
  app.decorate('clock', clock);
  app.decorate('payPal', payPal.client);
  app.decorate('acceptanceTimeoutSeconds', config.acceptanceTimeoutSeconds);
  app.decorate('isPushServiceAllowed', (endpoint: string) => isBrowserPushService(endpoint, config.webPush.extraServiceOrigins));
  app.decorate('loopbackPrinter', loopbackPrinter ?? null);
  app.decorateRequest('identity', null);
  app.setValidatorCompiler(createValidatorCompiler());
  app.setErrorHandler(handleError);
  acceptJsonBodiesOnly(app);

  const identityServiceOrigin =
    config.identity.mode === 'cognito' ? `https://cognito-idp.${config.identity.region}.amazonaws.com` : undefined;
  registerSecurityHeaders(app, identityServiceOrigin);
  await app.register(appOrigins);
  // Before @fastify/compress sees the routes: an operation marked `x-fastify-config: { preEncoded: true }` in
  // openapi.yaml sends bytes it has encoded itself, so compressing them again would only cost time.
  app.addHook('onRoute', (route) => {
    if ((route.config as { preEncoded?: boolean } | undefined)?.preEncoded === true) {
      route.compress = false;
      route.decompress = false;
    }
    // A GET has no body to decompress: a Content-Encoding on one would otherwise be refused 415, which no GET declares.
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) route.decompress = false;
  });
  await app.register(compress);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new ApiError(503, 'The server is restarting: please try again in a moment');
  });
  app.addHook('onRequest', requireIdentificationHeaders(config));
  app.addHook('onRequest', authorizeDeclaredAccess(verifyIdToken));

  const browserConfig: BrowserConfig = {
    apiBaseUrl: apiPrefix,
    applicationKey: config.applicationKey,
    siteKey: config.siteKey,
    identity: browserIdentity,
    payPal: payPal.browser,
    ...(config.analyticsMeasurementId ? { analyticsMeasurementId: config.analyticsMeasurementId } : {}),
    appVersion,
    minimumAppVersion: config.minimumAppVersion,
    ...(webPushPublicKey ? { webPushPublicKey } : {}),
  };
  registerBrowserConfig(app, browserConfig);
  await app.register(healthRoutes, { readiness });
  if (localRoutes) await app.register(localRoutes);
  await registerRateLimits(app, { enabled: config.rateLimits, redisUrl: config.redisUrl });
  await registerMedia(app, mediaStore);
  await app.register(openapiGlue, {
    specification: contract,
    serviceHandlers: operationHandlers,
    prefix: apiPrefix,
  });
  await registerSite(app, { siteRoot: config.siteRoot, browserConfig, publicUrl: config.publicUrl });
  registerAutoRefusalSweep(app, config.acceptanceTimeoutSeconds);
  return app;
}
