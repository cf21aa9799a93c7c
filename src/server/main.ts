import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppPayPal, type Clock } from './app';
import { ConfigurationError, loadConfig, localIdentityWarning, SQLITE_FILE_NAME, type ServerConfig } from './config';
import { migrateToLatest, openDatabase, seedDemoData } from './db/database';
import { databaseReadiness } from './db/readiness';
import { seedDemoCustomer } from './db/seed/demoCustomer';
import { createPaymentOutbox, createUnsettledPayments } from './db/paymentRepository';
import { createRepositories } from './db/repositories';
import { IDENTITY_PROXY_PREFIX } from './identity/emulatorProxy';
import { createIdTokenVerifier } from './identity/verify';
import type { PayPalFakeControl } from './payments/fake/payPalFake';
import { PAYPAL_SANDBOX_PREFIX } from './payments/fake/sandboxProxy';
import { createNotificationOutbox } from './db/notificationRepository';
import type { FcmFakeControl } from './notifications/fcm/fcmFake';
import { setUpNativePush } from './notifications/fcm/nativePush';
import type { LoopbackSmtpControl } from './notifications/mail/loopbackSmtp';
import { createMailComposer } from './notifications/mail/mailComposer';
import { setUpMail } from './notifications/mail/mailSetup';
import { createNotificationWorker, type NotificationWorker } from './notifications/notificationWorker';
import { createPushComposer } from './notifications/pushComposer';
import { acceptanceTimeoutSeconds, restaurantCoreData } from './autoRefusalSweep';
import { createPrintOutbox } from './db/printRepository';
import { kitchenTicketOfOrder } from './handlers/kitchen';
import type { LoopbackPrinter } from './local/printer/loopbackPrinter';
import { createPrintWorker, type PrintWorker } from './printing/printWorker';
import { setUpWebPush } from './notifications/webPush/webPushSetup';
import { createOutboxWorker, type OutboxWorker } from './payments/outboxWorker';
import { createPayPalClient } from './payments/payPalClient';
import { createReconciliationWorker } from './payments/reconciliation';
import type { BrowserIdentity } from './plugins/browserConfig';
import type { IdTokenVerifier } from './plugins/bearerAuth';
import { describeBudgetStore } from './plugins/sharedBudgets';
import { abuseLimitsLine, servingLine, startBanner, type DemoSignIn } from './startBanner';

/** How long a shutdown waits for requests in flight before it drops their connections (`docker stop` allows 10 s in all). */
export const SHUTDOWN_GRACE_MS = 8_000;

// While draining, a connection whose last request has been answered is closed within this time rather than kept alive.
const IDLE_CONNECTION_SWEEP_MS = 100;

export interface RunningServer {
  /** The origin the site is served at, e.g. http://127.0.0.1:8080; the API is under `${url}/api`. */
  url: string;
  /** The local identity emulator's own endpoint (local mode only), for tests that create users directly. */
  identityEmulatorEndpoint?: string;
  /** Local mode: the loopback PayPal fake's own URL (started here, or PAYPAL_FAKE_URL's). */
  payPalFakeUrl?: string;
  /** Local mode, when this server started the fake: its in-process controls, for tests. */
  payPalFakeControl?: PayPalFakeControl;
  /** Local mode: the emulator's demo users, and the code every emailed verification carries. */
  localIdentity?: { demoSignIns: DemoSignIn[]; verificationCode: string };
  /** Runs a reconciliation pass now and resolves once it has ended (passes also run at start-up and every minute). */
  reconcilePayments(): Promise<void>;
  /** Local mode: the loopback FCM fake's URL, and its in-process controls when this server started it. */
  fcmFakeUrl?: string;
  fcmFakeControl?: FcmFakeControl;
  /** Local mode: the loopback SMTP server that receives the customers' emails, and where it keeps them. */
  mailLoopback?: { url: string; mailDir: string; control: LoopbackSmtpControl };
  /** Sends the notifications that are due now and resolves once that pass has ended. */
  sendNotifications(): Promise<void>;
  /** Local mode: the loopback printer this server started (docs/printing.md), with its controls for tests. */
  loopbackPrinter?: LoopbackPrinter;
  /** Prints the jobs that are due now and resolves once that pass has ended. */
  printTickets(): Promise<void>;
  close(): Promise<void>;
}

interface PayPalSetup extends AppPayPal {
  fakeControl?: PayPalFakeControl;
  close(): Promise<void>;
}

/** `clock` is the server's: the fake keeps authorisations' honour periods by the same time as the server. */
async function setUpPayPal(config: ServerConfig, clock?: Clock): Promise<PayPalSetup> {
  const payPal = config.payPal;
  if (payPal.mode === 'paypal') {
    const { clientId, clientSecret, environment, apiBaseUrl } = payPal;
    return {
      client: createPayPalClient({ baseUrl: apiBaseUrl, clientId, clientSecret }),
      browser: { clientId, environment },
      close: async () => {},
    };
  }
  // Loaded only in local mode, like the identity emulator.
  const { startPayPalFake, LOCAL_PAYPAL_CLIENT_ID, LOCAL_PAYPAL_CLIENT_SECRET } = await import('./payments/fake/payPalFake');
  const fake =
    payPal.fakeUrl === undefined
      ? await startPayPalFake({ port: payPal.fakePort, ...(clock === undefined ? {} : { clock }) })
      : { url: payPal.fakeUrl, control: undefined, close: async () => {} };
  return {
    client: createPayPalClient({ baseUrl: fake.url, clientId: LOCAL_PAYPAL_CLIENT_ID, clientSecret: LOCAL_PAYPAL_CLIENT_SECRET }),
    browser: { clientId: LOCAL_PAYPAL_CLIENT_ID, environment: 'sandbox', sdkBaseUrl: `${PAYPAL_SANDBOX_PREFIX}/sdk/js` },
    fakeUrl: fake.url,
    fakeControl: fake.control,
    close: () => fake.close(),
  };
}

interface IdentitySetup {
  verifyIdToken: IdTokenVerifier;
  browserIdentity: BrowserIdentity;
  emulatorEndpoint?: string;
  /** Local mode: the emulator's demo customer, whose account the database gets. */
  demoCustomer?: { sub: string; email: string };
  localIdentity?: RunningServer['localIdentity'];
  close(): Promise<void>;
}

async function setUpIdentity(config: ServerConfig): Promise<IdentitySetup> {
  const identity = config.identity;
  if (identity.mode === 'cognito') {
    return {
      verifyIdToken: createIdTokenVerifier(identity),
      browserIdentity: { userPoolId: identity.userPoolId, userPoolClientId: identity.clientId, region: identity.region },
      close: async () => {},
    };
  }
  // Loaded only in local mode: cognito-local brings the whole AWS SDK v2, which production never needs.
  // Its end-of-support notice speaks to cognito-local's maintainers, not to whoever runs this server.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const { startIdentityEmulator, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, LOCAL_VERIFICATION_CODE } =
    await import('./identity/emulator');
  const emulator = await startIdentityEmulator({ port: identity.emulatorPort, dataDir: config.dataDir });
  return {
    verifyIdToken: createIdTokenVerifier({ mode: 'local', issuer: emulator.issuer, clientId: emulator.clientId }),
    browserIdentity: {
      userPoolId: emulator.userPoolId,
      userPoolClientId: emulator.clientId,
      region: identity.region,
      endpoint: IDENTITY_PROXY_PREFIX,
    },
    emulatorEndpoint: emulator.endpoint,
    demoCustomer: emulator.demoCustomer,
    localIdentity: {
      demoSignIns: [
        { who: 'kitchen staff', email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD },
        { who: 'owner', email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD },
        { who: 'customer', email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD },
      ],
      verificationCode: LOCAL_VERIFICATION_CODE,
    },
    close: () => emulator.close(),
  };
}

/** Local mode: the loopback printer the demo's and the tests' printers point at (docs/printing.md). */
async function setUpLoopbackPrinter(config: ServerConfig, clock?: Clock): Promise<LoopbackPrinter | undefined> {
  if (config.printing.mode !== 'local') return undefined;
  // Loaded only in local mode, like the other stand-ins.
  const { startLoopbackPrinter } = await import('./local/printer/loopbackPrinter');
  return startLoopbackPrinter({ port: config.printing.loopbackPort, ...(clock === undefined ? {} : { clock }) });
}

/**
 * Stops taking connections and closes once every request in flight has been answered (Fastify answers 503 to a request
 * that arrives meanwhile on a connection already open), or after `graceMs`, dropping what is left.
 */
async function closeWhenDrained(app: FastifyInstance, graceMs: number): Promise<void> {
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_CONNECTION_SWEEP_MS);
  const deadline = setTimeout(() => {
    app.log.warn(`Requests still in flight after ${graceMs} ms of shutting down: their connections are closed`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idleSweep);
    clearTimeout(deadline);
  }
}

/**
 * Starts everything `npm start` serves: the identity emulator and the PayPal fake (local mode), the database (migrated and,
 * when empty, seeded) and the site with its API. Overrides win over the environment; tests use them for
 * a temporary data directory and port 0, and `clock` to fix the server's "now" (real time by default).
 */
export async function startServer(
  { clock, ...overrides }: Partial<ServerConfig> & { clock?: Clock } = {},
  env: Record<string, string | undefined> = process.env,
): Promise<RunningServer> {
  const config: ServerConfig = { ...loadConfig(env), ...overrides };
  await mkdir(config.dataDir, { recursive: true });

  const closers: Array<() => Promise<void>> = [];
  let closing: Promise<void> | undefined;
  let stopServing: Promise<void> | undefined;
  let closeApp: (() => Promise<void>) | undefined;
  // The site first, while the workers and the database still serve its requests in flight; then last started, first
  // closed. A second close (a signal during shutdown) waits for the first.
  const closeAll = () =>
    (closing ??= (async () => {
      await closeApp?.();
      for (const close of closers.reverse()) await close();
    })());
  try {
    const identity = await setUpIdentity(config);
    closers.push(identity.close);
    const payPal = await setUpPayPal(config, clock);
    closers.push(payPal.close);
    const nativePush = await setUpNativePush(config.fcm);
    closers.push(nativePush.close);
    const mail = await setUpMail(config.mail, config.dataDir);
    closers.push(mail.close);
    const webPush = await setUpWebPush(config.webPush, config.dataDir);
    const loopbackPrinter = await setUpLoopbackPrinter(config, clock);
    if (loopbackPrinter !== undefined) closers.push(loopbackPrinter.close);

    const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, SQLITE_FILE_NAME) });
    closers.push(() => database.close());
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    if (identity.demoCustomer !== undefined) {
      const { sub, email } = identity.demoCustomer;
      await seedDemoCustomer(database.db, { authSub: sub, email, now: clock?.() ?? new Date() });
    }

    // Created once the app's log exists; a step queued before then is found by its first pass.
    let outboxWorker: OutboxWorker | undefined;
    let notificationWorker: NotificationWorker | undefined;
    let printWorker: PrintWorker | undefined;
    const repositories = createRepositories(database.db, {
      ...database.storage,
      clock,
      onMoneyStepQueued: () => outboxWorker?.kick(),
      onNotificationQueued: () => notificationWorker?.kick(),
      onPrintJobQueued: () => printWorker?.kick(),
    });
    const app = await buildApp({
      config,
      repositories,
      verifyIdToken: identity.verifyIdToken,
      browserIdentity: identity.browserIdentity,
      identityEmulatorEndpoint: identity.emulatorEndpoint,
      payPal: { client: payPal.client, browser: payPal.browser, fakeUrl: payPal.fakeUrl },
      clock,
      readiness: databaseReadiness(database.db),
      webPushPublicKey: webPush.publicKey,
      loopbackPrinter: loopbackPrinter === undefined ? undefined : { host: loopbackPrinter.host, port: loopbackPrinter.port, printed: loopbackPrinter.control.printed },
    });
    closeApp = () => (stopServing ??= closeWhenDrained(app, SHUTDOWN_GRACE_MS));
    await app.listen({ port: config.port, host: config.host });
    const now = clock ?? (() => new Date());
    outboxWorker = createOutboxWorker({
      outbox: createPaymentOutbox(database.db, database.storage.syncToDisk),
      payPal: payPal.client,
      now,
      logError: (error) => app.log.error({ err: error }, 'The PayPal outbox worker failed'),
    });
    closers.push(outboxWorker.stop);
    outboxWorker.start();
    // Started after the outbox worker, whose kick sends the voids it queues; stopped before it.
    const reconciliationWorker = createReconciliationWorker({
      payments: createUnsettledPayments(database.db, database.storage.syncToDisk),
      payPal: payPal.client,
      now,
      reconcileAfterMs: config.paymentReconcileAfterSeconds * 1000,
      onReleased: () => outboxWorker?.kick(),
      logError: (error, basketId) =>
        app.log.error({ err: error, basketId }, 'PayPal reconciliation could not settle a payment; a later pass tries again'),
    });
    closers.push(reconciliationWorker.stop);
    reconciliationWorker.start();
    const notificationOutbox = createNotificationOutbox(database.db);
    notificationWorker = createNotificationWorker({
      outbox: notificationOutbox,
      senders: { mail: mail.sender, nativePush: nativePush.sender, webPush: webPush.sender },
      composeMail: createMailComposer(repositories, config.publicUrl),
      composePush: createPushComposer(repositories, notificationOutbox),
      now,
      logError: (error) => app.log.error({ err: error }, 'The notification worker failed; a later pass tries again'),
      // A mail server's refusal may name the customer's address, which the logs never hold (docs/interfaces.md, Privacy).
      logFailedSend: (failure) =>
        app.log.warn({ ...failure, error: failure.error.replace(/[^\s<>@]+@[^\s<>@]+/g, '[address]') }, 'A notification could not be sent; it is tried again later'),
    });
    closers.push(notificationWorker.stop);
    notificationWorker.start();
    printWorker = createPrintWorker({
      outbox: createPrintOutbox(database.db),
      ticketOf: async (basketId) =>
        kitchenTicketOfOrder(
          { repositories, now: now(), timeoutSeconds: await acceptanceTimeoutSeconds(repositories, config.acceptanceTimeoutSeconds) },
          basketId,
        ),
      context: async () => ({ restaurantName: (await restaurantCoreData(repositories)).name, now: now() }),
      now,
      logError: (error) => app.log.error({ err: error }, 'The print worker failed; a later pass tries again'),
      logFailedPrint: (failure) => app.log.warn(failure, 'A ticket could not be printed; it is tried again'),
    });
    closers.push(printWorker.stop);
    printWorker.start();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      identityEmulatorEndpoint: identity.emulatorEndpoint,
      payPalFakeUrl: payPal.fakeUrl,
      payPalFakeControl: payPal.fakeControl,
      localIdentity: identity.localIdentity,
      reconcilePayments: reconciliationWorker.kick,
      fcmFakeUrl: nativePush.fakeUrl,
      fcmFakeControl: nativePush.fakeControl,
      mailLoopback: mail.loopback,
      sendNotifications: notificationWorker.kick,
      loopbackPrinter,
      printTickets: printWorker.kick,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function runFromCommandLine(): Promise<void> {
  let config: ServerConfig;
  let server: RunningServer;
  try {
    config = loadConfig(process.env);
    server = await startServer(config);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
    } else {
      process.stderr.write(`The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  }
  if (config.localIdentityOnNetwork) process.stderr.write(`${localIdentityWarning(config.host)}\n`);
  const { url, localIdentity, mailLoopback } = server;
  const { databaseUrl, dataDir } = config;
  const abuseLimits = config.rateLimits ? describeBudgetStore(config.redisUrl) : 'off (RATE_LIMITS=off)';
  process.stdout.write(
    config.logFormat === 'pretty'
      ? startBanner({ url, databaseUrl, sqliteFile: join(dataDir, SQLITE_FILE_NAME), abuseLimits, localIdentity, sentMailDir: mailLoopback?.mailDir })
      : `${servingLine(url)}\n${abuseLimitsLine(abuseLimits)}\n`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received, closing once the requests in flight are answered\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Closing failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runFromCommandLine();
}
