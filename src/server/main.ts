import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppPayPal, type Clock } from './app';
import { ConfigurationError, loadConfig, localIdentityWarning, SQLITE_FILE_NAME, usesLocalStandIns, type ServerConfig } from './config';
import { migrateToLatest, openDatabase, seedDemoData } from './db/database';
import { databaseReadiness } from './db/readiness';
import { seedDemoCustomer } from './db/seed/demoCustomer';
import { storeDemoPhotoFiles } from './db/seed/demoPhotos';
import { directoryMediaStore, mediaDirectoryOf } from './media/mediaStore';
import { createPaymentOutbox, createUnsettledPayments } from './db/paymentRepository';
import { createRepositories } from './db/repositories';
import { createIdTokenVerifier } from './identity/verify';
import type { LocalIdentity, LocalMail, LocalNativePush, LocalPayPal, LocalStandIns } from './local/standIns';
import { createNotificationOutbox } from './db/notificationRepository';
import { createFcmSender } from './notifications/fcm/fcmSender';
import { createMailComposer } from './notifications/mail/mailComposer';
import { createSmtpMailSender } from './notifications/mail/smtpMailSender';
import { createNotificationWorker, type NotificationWorker } from './notifications/notificationWorker';
import { createPushComposer } from './notifications/pushComposer';
import { acceptanceTimeoutSeconds, restaurantCoreData } from './autoRefusalSweep';
import { createPrintOutbox } from './db/printRepository';
import { kitchenTicketOfOrder } from './services/kitchenTickets';
import type { LoopbackPrinter } from './local/printer/loopbackPrinter';
import { createPrintWorker, type PrintWorker } from './printing/printWorker';
import { setUpWebPush } from './notifications/webPush/webPushSetup';
import { createOutboxWorker, type OutboxWorker } from './payments/outboxWorker';
import { createPayPalClient } from './payments/payPalClient';
import { createReconciliationWorker } from './payments/reconciliation';
import type { BrowserIdentity } from './plugins/browserConfig';
import type { IdTokenVerifier } from './plugins/bearerAuth';
import { describeBudgetStore } from './plugins/sharedBudgets';
import { abuseLimitsLine, servingLine, startBanner } from './startBanner';

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
  payPalFakeControl?: LocalPayPal['fakeControl'];
  /** Local mode: the emulator's demo users, and the code every emailed verification carries. */
  localIdentity?: LocalIdentity['signIns'];
  /** Runs a reconciliation pass now and resolves once it has ended (passes also run at start-up and every minute). */
  reconcilePayments(): Promise<void>;
  /** Local mode: the loopback FCM fake's URL, and its in-process controls when this server started it. */
  fcmFakeUrl?: string;
  fcmFakeControl?: LocalNativePush['fakeControl'];
  /** Local mode: the loopback SMTP server that receives the customers' emails, and where it keeps them. */
  mailLoopback?: LocalMail['loopback'];
  /** Sends the notifications that are due now and resolves once that pass has ended. */
  sendNotifications(): Promise<void>;
  /** Local mode: the loopback printer this server started (docs/printing.md), with its controls for tests. */
  loopbackPrinter?: LoopbackPrinter;
  /** Prints the jobs that are due now and resolves once that pass has ended. */
  printTickets(): Promise<void>;
  close(): Promise<void>;
}

/** PayPal's REST API with the restaurant's credentials, or the local sandbox. */
function payPalOf(config: ServerConfig, standIns: LocalStandIns | undefined): AppPayPal {
  const payPal = config.payPal;
  if (payPal.mode === 'local') return standInOf(standIns?.payPal, 'PayPal');
  const { clientId, clientSecret, environment, apiBaseUrl } = payPal;
  return { client: createPayPalClient({ baseUrl: apiBaseUrl, clientId, clientSecret }), browser: { clientId, environment } };
}

function identityOf(config: ServerConfig, standIns: LocalStandIns | undefined): { verifyIdToken: IdTokenVerifier; browserIdentity: BrowserIdentity } {
  const identity = config.identity;
  if (identity.mode === 'local') return standInOf(standIns?.identity, 'Identity');
  return {
    verifyIdToken: createIdTokenVerifier(identity),
    browserIdentity: { userPoolId: identity.userPoolId, userPoolClientId: identity.clientId, region: identity.region },
  };
}

/** A local mode's stand-in, which startLocalStandIns has started whenever that mode is configured. */
function standInOf<T>(standIn: T | undefined, service: string): T {
  if (standIn === undefined) throw new Error(`${service} is in local mode, but its local stand-in was not started`);
  return standIn;
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
 * Starts everything `npm start` serves: the local stand-ins a local mode asks for (src/server/local/), the database (migrated and,
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
    // The one seam to src/server/local/: a production configuration never loads it (docs/server-layers.md).
    const standIns = usesLocalStandIns(config) ? await (await import('./local/standIns')).startLocalStandIns(config, clock) : undefined;
    if (standIns !== undefined) closers.push(standIns.close);
    const identity = identityOf(config, standIns);
    const payPal = payPalOf(config, standIns);
    const nativePushSender =
      config.fcm.mode === 'fcm' ? createFcmSender({ serviceAccount: config.fcm.serviceAccount }) : standInOf(standIns?.nativePush, 'Native push').sender;
    const mailSender = config.mail.mode === 'smtp' ? createSmtpMailSender(config.mail) : standInOf(standIns?.mail, 'Mail').sender;
    const webPush = await setUpWebPush(config.webPush, config.dataDir);
    const loopbackPrinter = standIns?.printer;

    const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, SQLITE_FILE_NAME) });
    closers.push(() => database.close());
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    const mediaStore = directoryMediaStore(mediaDirectoryOf(config.dataDir));
    await storeDemoPhotoFiles(database.db, mediaStore);
    if (standIns?.identity !== undefined) {
      const { sub, email } = standIns.identity.demoCustomer;
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
      localRoutes: standIns?.routes,
      payPal: { client: payPal.client, browser: payPal.browser },
      clock,
      readiness: databaseReadiness(database.db),
      webPushPublicKey: webPush.publicKey,
      mediaStore,
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
      // A fall-back to cash tells the customer and prints the corrected ticket (both workers created below; a kick
      // before then is left to their first pass).
      onFellBackToCash: () => {
        notificationWorker?.kick();
        printWorker?.kick();
      },
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
      senders: { mail: mailSender, nativePush: nativePushSender, webPush: webPush.sender },
      composeMail: createMailComposer(repositories, config.publicUrl),
      composePush: createPushComposer(repositories, notificationOutbox, now),
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
      identityEmulatorEndpoint: standIns?.identity?.emulatorEndpoint,
      payPalFakeUrl: standIns?.payPal?.fakeUrl,
      payPalFakeControl: standIns?.payPal?.fakeControl,
      localIdentity: standIns?.identity?.signIns,
      reconcilePayments: reconciliationWorker.kick,
      fcmFakeUrl: standIns?.nativePush?.fakeUrl,
      fcmFakeControl: standIns?.nativePush?.fakeControl,
      mailLoopback: standIns?.mail?.loopback,
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
