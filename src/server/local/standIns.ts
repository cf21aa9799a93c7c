import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../app';
import type { LocalIdentityConfig, LocalPayPalConfig, ServerConfig } from '../config';
import type { LocalFcmConfig } from '../notifications/fcm/fcmConfig';
import { createFcmSender } from '../notifications/fcm/fcmSender';
import type { LocalMailConfig } from '../notifications/mail/mailConfig';
import { createSmtpMailSender } from '../notifications/mail/smtpMailSender';
import type { MailSender, NativePushSender } from '../notifications/senders';
import { createPayPalClient, type PayPalClient } from '../payments/payPalClient';
import type { BrowserIdentity, BrowserPayPal } from '../plugins/browserConfig';
import type { IdTokenVerifier } from '../plugins/bearerAuth';
import { createIdTokenVerifier } from '../identity/verify';
import type { DemoSignIn } from '../startBanner';
import type { FcmFakeControl } from './fcm/fcmFake';
import type { LoopbackPrinter } from './printer/loopbackPrinter';
import type { LoopbackSmtpControl } from './mail/loopbackSmtp';
import type { PayPalFakeControl } from './payPal/payPalFake';

// The one seam between the server and its local stand-ins (docs/server-layers.md): main.ts imports this module, and
// through it everything under src/server/local/, only when the configuration names a local mode. A production
// configuration never loads any of it (tests/api/productionModules.test.ts). Each stand-in is imported when its mode is
// local, and only then: cognito-local alone brings the whole AWS SDK v2.

export interface LocalIdentity {
  verifyIdToken: IdTokenVerifier;
  browserIdentity: BrowserIdentity;
  emulatorEndpoint: string;
  /** The emulator's demo customer, whose account the database gets. */
  demoCustomer: { sub: string; email: string };
  /** The emulator's demo users, and the code every emailed verification carries. */
  signIns: { demoSignIns: DemoSignIn[]; verificationCode: string };
  /** The site's `/identity`: the customer's calls, forwarded to the emulator. */
  routes: FastifyPluginAsync;
  close(): Promise<void>;
}

/** cognito-local beside the server, reached by the browser through `/identity`. */
export async function setUpLocalIdentity(config: LocalIdentityConfig, dataDir: string): Promise<LocalIdentity> {
  // Its end-of-support notice speaks to cognito-local's maintainers, not to whoever runs this server.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const [
    {
      startIdentityEmulator,
      DEMO_CUSTOMER_EMAIL,
      DEMO_CUSTOMER_PASSWORD,
      DEMO_OWNER_EMAIL,
      DEMO_OWNER_PASSWORD,
      DEMO_STAFF_EMAIL,
      DEMO_STAFF_PASSWORD,
      LOCAL_VERIFICATION_CODE,
    },
    { IDENTITY_PROXY_PREFIX, identityEmulatorProxy },
  ] = await Promise.all([import('./identity/emulator'), import('./identity/emulatorProxy')]);
  const emulator = await startIdentityEmulator({ port: config.emulatorPort, dataDir });
  return {
    verifyIdToken: createIdTokenVerifier({ mode: 'local', issuer: emulator.issuer, clientId: emulator.clientId }),
    browserIdentity: { userPoolId: emulator.userPoolId, userPoolClientId: emulator.clientId, region: config.region, endpoint: IDENTITY_PROXY_PREFIX },
    emulatorEndpoint: emulator.endpoint,
    demoCustomer: emulator.demoCustomer,
    signIns: {
      demoSignIns: [
        { who: 'kitchen staff', email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD },
        { who: 'owner', email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD },
        { who: 'customer', email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD },
      ],
      verificationCode: LOCAL_VERIFICATION_CODE,
    },
    routes: async (app) => {
      await app.register(identityEmulatorProxy, { endpoint: emulator.endpoint, userPoolId: emulator.userPoolId });
    },
    close: () => emulator.close(),
  };
}

export interface LocalPayPal {
  client: PayPalClient;
  browser: BrowserPayPal;
  /** The loopback fake's own URL (started here, or PAYPAL_FAKE_URL's). */
  fakeUrl: string;
  /** When this server started the fake: its in-process controls, for tests. */
  fakeControl?: PayPalFakeControl;
  /** The site's `/paypal-sandbox`: the fake's SDK, API and controls at the site's own origin. */
  routes: FastifyPluginAsync;
  close(): Promise<void>;
}

/** `clock` is the server's: the fake keeps authorisations' honour periods by the same time as the server. */
export async function setUpLocalPayPal(config: LocalPayPalConfig, clock?: Clock): Promise<LocalPayPal> {
  const [{ startPayPalFake, LOCAL_PAYPAL_CLIENT_ID, LOCAL_PAYPAL_CLIENT_SECRET }, { PAYPAL_SANDBOX_PREFIX, payPalSandboxProxy }] = await Promise.all([
    import('./payPal/payPalFake'),
    import('./payPal/sandboxProxy'),
  ]);
  const fake =
    config.fakeUrl === undefined
      ? await startPayPalFake({ port: config.fakePort, ...(clock === undefined ? {} : { clock }) })
      : { url: config.fakeUrl, control: undefined, close: async () => {} };
  return {
    client: createPayPalClient({ baseUrl: fake.url, clientId: LOCAL_PAYPAL_CLIENT_ID, clientSecret: LOCAL_PAYPAL_CLIENT_SECRET }),
    browser: { clientId: LOCAL_PAYPAL_CLIENT_ID, environment: 'sandbox', sdkBaseUrl: `${PAYPAL_SANDBOX_PREFIX}/sdk/js` },
    fakeUrl: fake.url,
    fakeControl: fake.control,
    routes: async (app) => {
      await app.register(payPalSandboxProxy, { fakeUrl: fake.url });
    },
    close: () => fake.close(),
  };
}

export interface LocalNativePush {
  sender: NativePushSender;
  /** The loopback FCM fake's URL (started here, or FCM_FAKE_URL's). */
  fakeUrl: string;
  /** When this server started the fake: its in-process controls, for tests. */
  fakeControl?: FcmFakeControl;
  close(): Promise<void>;
}

/** The loopback FCM fake, started here or already running at FCM_FAKE_URL (whose service account is then read from it). */
export async function setUpLocalNativePush(config: LocalFcmConfig): Promise<LocalNativePush> {
  const { serviceAccountOfFake, startFcmFake } = await import('./fcm/fcmFake');
  if (config.fakeUrl !== undefined) {
    const serviceAccount = await serviceAccountOfFake(config.fakeUrl);
    return { sender: createFcmSender({ serviceAccount, apiBaseUrl: config.fakeUrl }), fakeUrl: config.fakeUrl, close: async () => {} };
  }
  const fake = await startFcmFake({ port: config.fakePort });
  return {
    sender: createFcmSender({ serviceAccount: fake.serviceAccount, apiBaseUrl: fake.url }),
    fakeUrl: fake.url,
    fakeControl: fake.control,
    close: () => fake.close(),
  };
}

export interface LocalMail {
  sender: MailSender;
  /** The loopback SMTP server this process started, where it keeps the mail, and its controls for tests. */
  loopback: { url: string; mailDir: string; control: LoopbackSmtpControl };
  close(): Promise<void>;
}

/** The loopback SMTP server, keeping what it receives under `<dataDir>/mail`. */
export async function setUpLocalMail(config: LocalMailConfig, dataDir: string): Promise<LocalMail> {
  const { startLoopbackSmtp } = await import('./mail/loopbackSmtp');
  const loopback = await startLoopbackSmtp({ dataDir, port: config.loopbackPort });
  return {
    sender: createSmtpMailSender({ url: loopback.url, from: config.from }),
    loopback: { url: loopback.url, mailDir: loopback.mailDir, control: loopback.control },
    close: () => loopback.close(),
  };
}

async function setUpLoopbackPrinter(port: number | undefined, clock?: Clock): Promise<LoopbackPrinter> {
  const { startLoopbackPrinter } = await import('./printer/loopbackPrinter');
  return startLoopbackPrinter({ port, ...(clock === undefined ? {} : { clock }) });
}

/** The stand-ins a configuration asks for: each is present when its service is in local mode. */
export interface LocalStandIns {
  identity?: LocalIdentity;
  payPal?: LocalPayPal;
  nativePush?: LocalNativePush;
  mail?: LocalMail;
  /** The loopback printer the demo's and the tests' printers point at (docs/printing.md). */
  printer?: LoopbackPrinter;
  /** The site's own paths to the identity emulator and the PayPal sandbox, so there is no CORS and no second port to expose. */
  routes: FastifyPluginAsync;
  close(): Promise<void>;
}

/** Starts what `config` asks for; when one cannot start, those already started are closed again. */
export async function startLocalStandIns(config: ServerConfig, clock?: Clock): Promise<LocalStandIns> {
  const closers: Array<() => Promise<void>> = [];
  const started = <T extends { close(): Promise<void> }>(standIn: T): T => {
    closers.push(() => standIn.close());
    return standIn;
  };
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    const identity = config.identity.mode === 'local' ? started(await setUpLocalIdentity(config.identity, config.dataDir)) : undefined;
    const payPal = config.payPal.mode === 'local' ? started(await setUpLocalPayPal(config.payPal, clock)) : undefined;
    const nativePush = config.fcm.mode === 'local' ? started(await setUpLocalNativePush(config.fcm)) : undefined;
    const mail = config.mail.mode === 'local' ? started(await setUpLocalMail(config.mail, config.dataDir)) : undefined;
    const printer = config.printing.mode === 'local' ? started(await setUpLoopbackPrinter(config.printing.loopbackPort, clock)) : undefined;
    const routes: FastifyPluginAsync = async (app) => {
      // Each registered as its own child scope: a proxy's raw-body parser must not leak into the API's.
      if (identity !== undefined) await app.register(identity.routes);
      if (payPal !== undefined) await app.register(payPal.routes);
    };
    return { identity, payPal, nativePush, mail, printer, routes, close };
  } catch (error) {
    await close();
    throw error;
  }
}
