import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type AppPayPal, type Clock } from './app';
import { ConfigurationError, loadConfig, type ServerConfig } from './config';
import { migrateToLatest, openDatabase, seedDemoData } from './db/database';
import { seedDemoCustomer } from './db/seed/demoCustomer';
import { createPaymentOutbox, createUnsettledPayments } from './db/paymentRepository';
import { createRepositories } from './db/repositories';
import { IDENTITY_PROXY_PREFIX } from './identity/emulatorProxy';
import { createIdTokenVerifier } from './identity/verify';
import type { PayPalFakeControl } from './payments/fake/payPalFake';
import { PAYPAL_SANDBOX_PREFIX } from './payments/fake/sandboxProxy';
import { createOutboxWorker, type OutboxWorker } from './payments/outboxWorker';
import { createPayPalClient } from './payments/payPalClient';
import { createReconciliationWorker } from './payments/reconciliation';
import type { BrowserIdentity } from './plugins/browserConfig';
import type { IdTokenVerifier } from './plugins/bearerAuth';

export interface RunningServer {
  /** The origin the site is served at, e.g. http://127.0.0.1:8080; the API is under `${url}/api`. */
  url: string;
  /** The local identity emulator's own endpoint (local mode only), for tests that create users directly. */
  identityEmulatorEndpoint?: string;
  /** Local mode: the loopback PayPal fake's own URL (started here, or PAYPAL_FAKE_URL's). */
  payPalFakeUrl?: string;
  /** Local mode, when this server started the fake: its in-process controls, for tests. */
  payPalFakeControl?: PayPalFakeControl;
  /** Runs a reconciliation pass now and resolves once it has ended (passes also run at start-up and every minute). */
  reconcilePayments(): Promise<void>;
  close(): Promise<void>;
}

interface PayPalSetup extends AppPayPal {
  fakeControl?: PayPalFakeControl;
  close(): Promise<void>;
}

async function setUpPayPal(config: ServerConfig): Promise<PayPalSetup> {
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
      ? await startPayPalFake({ port: payPal.fakePort })
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
  const { startIdentityEmulator } = await import('./identity/emulator');
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
    close: () => emulator.close(),
  };
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
  // Last started, first closed; a second close (a signal during shutdown) waits for the first.
  const closeAll = () =>
    (closing ??= (async () => {
      for (const close of closers.reverse()) await close();
    })());
  try {
    const identity = await setUpIdentity(config);
    closers.push(identity.close);
    const payPal = await setUpPayPal(config);
    closers.push(payPal.close);

    const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'takeaway.sqlite') });
    closers.push(() => database.close());
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    if (identity.demoCustomer !== undefined) {
      const { sub, email } = identity.demoCustomer;
      await seedDemoCustomer(database.db, { authSub: sub, email, now: clock?.() ?? new Date() });
    }

    // Created once the app's log exists; a step queued before then is found by its first pass.
    let outboxWorker: OutboxWorker | undefined;
    const app = await buildApp({
      config,
      repositories: createRepositories(database.db, { ...database.storage, onMoneyStepQueued: () => outboxWorker?.kick() }),
      verifyIdToken: identity.verifyIdToken,
      browserIdentity: identity.browserIdentity,
      identityEmulatorEndpoint: identity.emulatorEndpoint,
      payPal: { client: payPal.client, browser: payPal.browser, fakeUrl: payPal.fakeUrl },
      clock,
    });
    closers.push(() => app.close());
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
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      identityEmulatorEndpoint: identity.emulatorEndpoint,
      payPalFakeUrl: payPal.fakeUrl,
      payPalFakeControl: payPal.fakeControl,
      reconcilePayments: reconciliationWorker.kick,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function runFromCommandLine(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
    } else {
      process.stderr.write(`The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    process.exit(1);
  }
  process.stdout.write(`Serving the site at ${server.url} and the API at ${server.url}/api\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received, closing\n`);
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
