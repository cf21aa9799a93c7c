import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { PushMessage } from '../../src/server/notifications/senders';
import {
  decryptPushMessage,
  newFakeSubscriber,
  startPushServiceFake,
  type FakeSubscriber,
  type PushServiceFake,
} from '../../src/server/local/webPush/pushServiceFake';
import { nextKitchenPoll, openDashboard, ticketIn } from './kitchenSupport';
import { expectStep, nextCustomerPoll, placeCollectionOrder } from './orderSupport';

// Issue 18's web push, end to end in Chromium: the customer allows notifications after ordering, the staff accept on
// the dashboard, the server's push reaches the page's service worker, which shows it, and its click opens the
// order's tracking page.
//
// Two stand-ins, because a browser's push service is not reachable offline (headless Chromium's subscribe() fails:
// its push service is Google's). The page's PushManager.subscribe answers a subscription the test made, whose endpoint
// is the loopback push service fake; the server sends to it as to any push service (over HTTPS, trusting the fake's
// certificate through NODE_EXTRA_CA_CERTS), and the test decrypts what arrived with the subscriber's keys and delivers it
// to the service worker through the DevTools protocol, as the browser's push service would. And the click: Chromium
// lets only a click on a shown notification open or focus a window, and headless Chromium has no notifications to
// click, so the test dispatches the click event in the service worker, which takes the customer's open tab to the
// tracking page (opening a new window when no tab is open cannot be shown here).
//
// The server is forked on the e2e build with a fresh database (clockedServer.ts), as it must trust the fake.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let pushService: PushServiceFake;
let server: ChildProcess;
let serverUrl: string;
const certificateDir = mkdtempSync(join(tmpdir(), 'push-service-ca-'));

function answer<T>(): Promise<T> {
  return new Promise((resolve, reject) => {
    server.once('message', (message) => resolve(message as T));
    server.once('exit', (code) => reject(new Error(`The forked server exited (${code})`)));
  });
}

test.beforeAll(async () => {
  pushService = await startPushServiceFake();
  const certificateFile = join(certificateDir, 'push-service.pem');
  writeFileSync(certificateFile, pushService.certificate);
  server = fork('tests/e2e/clockedServer.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_EXTRA_CA_CERTS: certificateFile, WEB_PUSH_EXTRA_SERVICES: pushService.url },
  });
  ({ url: serverUrl } = await answer<{ url: string }>());
});

test.afterAll(async () => {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.send({ stop: true });
  await stopped;
  await pushService.close();
  rmSync(certificateDir, { recursive: true, force: true });
});

/**
 * The page's PushManager answers `subscriber`'s subscription, as the browser would once its push service had answered,
 * and keeps it across page loads as the browser does (in the page's storage, the stand-in's only place for it).
 */
async function subscribeThrough(context: BrowserContext, subscriber: FakeSubscriber): Promise<void> {
  await context.addInitScript((subscription) => {
    const SUBSCRIBED_KEY = 'test.pushSubscription';
    const bytes = (base64Url: string) => Uint8Array.from(atob(base64Url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const subscriptionFor = (applicationServerKey: string) =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: bytes(applicationServerKey) },
        getKey: (name: PushEncryptionKeyName) => bytes(subscription.keys[name]),
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(SUBSCRIBED_KEY);
          return true;
        },
      }) as PushSubscription;
    PushManager.prototype.subscribe = async (options) => {
      const key = btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as Uint8Array))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      localStorage.setItem(SUBSCRIBED_KEY, key);
      return subscriptionFor(key);
    };
    PushManager.prototype.getSubscription = async () => {
      const key = localStorage.getItem(SUBSCRIBED_KEY);
      return key === null ? null : subscriptionFor(key);
    };
  }, subscriber.subscription);
}

/** The notifications the page's service worker is showing. */
function shownNotifications(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown })),
  );
}

test('the customer allows notifications, the staff accept, and the push shows a notification that opens the tracking page', async ({ browser }) => {
  const siteConfig = (await (await fetch(new URL('/config.json', serverUrl))).json()) as { webPushPublicKey?: string };
  expect(siteConfig.webPushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  const subscriber = newFakeSubscriber(pushService.newEndpoint(siteConfig.webPushPublicKey!));

  const customerContext = await browser.newContext({ baseURL: serverUrl });
  await customerContext.grantPermissions(['notifications'], { origin: serverUrl });
  await subscribeThrough(customerContext, subscriber);
  const staffContext = await browser.newContext({ baseURL: serverUrl });
  const [customer, staff] = await Promise.all([customerContext.newPage(), staffContext.newPage()]);
  await customer.clock.install();
  await staff.clock.install();
  await openDashboard(staff);

  const reference = await placeCollectionOrder(customer);
  await customer.getByRole('button', { name: 'Notify me about this order' }).click();
  const notificationsOn = 'Notifications are on: we will tell you when your order changes, even with this page closed.';
  await expect(customer.getByRole('region', { name: 'Order updates' }).getByText(notificationsOn)).toBeVisible();
  // Said through the app's live region too, as the customer's request has an answer.
  await expect(customer.getByRole('status').filter({ hasText: notificationsOn })).toHaveCount(1);
  await expect(customer.getByRole('button', { name: 'Stop notifications' })).toBeVisible();

  await nextKitchenPoll(staff);
  await ticketIn(staff, 'New', reference).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(ticketIn(staff, 'In progress', reference)).toBeVisible();

  // What the server sent this subscription, read as the customer's browser reads it.
  await expect.poll(() => pushService.messages().filter(({ endpoint }) => endpoint === subscriber.subscription.endpoint).length, { timeout: 30_000 }).toBe(1);
  const [sent] = pushService.messages().filter(({ endpoint }) => endpoint === subscriber.subscription.endpoint);
  expect(sent.urgency).toBe('high');
  const payload = decryptPushMessage(sent.body, subscriber);
  const message = JSON.parse(payload) as PushMessage;
  expect(message).toMatchObject({ title: 'Order accepted', openPath: `/track?orderId=${encodeURIComponent(reference)}` });

  // Delivered to the page's service worker as the push service would.
  const devTools = await customerContext.newCDPSession(customer);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  devTools.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await devTools.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find(({ scopeURL, isDeleted }) => scopeURL === `${serverUrl}/` && !isDeleted)).toBeDefined();
  const { registrationId } = registrations.find(({ scopeURL, isDeleted }) => scopeURL === `${serverUrl}/` && !isDeleted)!;
  await devTools.send('ServiceWorker.deliverPushMessage', { origin: serverUrl, registrationId, data: payload });
  await expect.poll(() => shownNotifications(customer)).toEqual([
    { title: 'Order accepted', body: message.body, tag: message.tag, data: { openPath: message.openPath } },
  ]);

  // Meanwhile the customer's page has moved on by itself to the confirmation; the click takes it to the tracking page.
  await nextCustomerPoll(customer);
  await expect(customer).toHaveURL((url) => url.pathname === '/confirmation');
  const [worker] = customerContext.serviceWorkers();
  await worker.evaluate(async () => {
    // The service worker's own globals, which the test's DOM types do not describe.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
  await expectStep(customer, '/track', 'Track your order');
  await expect(customer).toHaveURL((url) => url.searchParams.get('orderId') === reference);
  await expect.poll(() => shownNotifications(customer)).toEqual([]);

  await Promise.all([customerContext.close(), staffContext.close()]);
});

test("the customer stops the notifications from the tracking page: the server is told, and the browser keeps its subscription for the customer's other orders", async ({ browser }) => {
  const { webPushPublicKey } = (await (await fetch(new URL('/config.json', serverUrl))).json()) as { webPushPublicKey: string };
  const subscriber = newFakeSubscriber(pushService.newEndpoint(webPushPublicKey));
  const context = await browser.newContext({ baseURL: serverUrl });
  await context.grantPermissions(['notifications'], { origin: serverUrl });
  await subscribeThrough(context, subscriber);
  const customer = await context.newPage();

  const reference = await placeCollectionOrder(customer);
  await customer.getByRole('button', { name: 'Notify me about this order' }).click();
  await expect(customer.getByRole('button', { name: 'Stop notifications' })).toBeVisible();

  // Another page of the same order shows where its notifications stand.
  await customer.goto(`/track?orderId=${encodeURIComponent(reference)}`);
  await customer.getByRole('button', { name: 'Stop notifications' }).click();
  await expect(customer.getByRole('region', { name: 'Order updates' }).getByText('Notifications about this order are off. Our emails about it still come, such as a new time for you to accept.')).toBeVisible();
  await expect(customer.getByRole('button', { name: /Notify me|Stop notifications/ })).toHaveCount(0);
  // The browser's one subscription also carries the pushes of any other order placed in it: only the server stops this one's.
  expect(await customer.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint)).toBe(
    subscriber.subscription.endpoint,
  );

  await context.close();
});
