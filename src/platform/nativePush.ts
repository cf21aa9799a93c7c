import type { OrderUpdatesRegistration } from '../../machines/orderUpdates/orderUpdatesMachine';
import { callApi, type ApiClient } from '../api/client';
import { ORDER_UPDATES_CHANNEL } from '../domain/pushChannel';
import { nativeCapacitor } from './native';

// The order's page asks this one module both whether it runs inside the app and to register there.
export { isNativeApp } from './native';

/**
 * How long the device is given to answer with its token. FCM and APNs usually answer within a second or two; a device
 * that never answers (no Google Play services, no network) must not leave the customer's page waiting.
 */
export const TOKEN_WAIT_MS = 30_000;

/** What the native push layer needs from the app's start: the API client and the router's navigation (as deep links use). */
interface NativePushConnection {
  api: ApiClient;
  navigateTo: (href: string) => void;
}

// Set once by startNativePush at the app's start, so that the order's page can ask with the basket id alone.
let connection: NativePushConnection | undefined;

/**
 * The site path a notification opens: the server's FCM message carries it in `data.path` (the order's tracking page).
 * Only a path on this site is followed; anything else (a whole address, `//elsewhere`) is not.
 */
export function notificationPath(data: unknown): string | undefined {
  const path = (data as { path?: unknown } | null | undefined)?.path;
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  const base = 'https://site.invalid';
  const resolved = new URL(path, base);
  return resolved.origin === base ? `${resolved.pathname}${resolved.search}${resolved.hash}` : undefined;
}

/**
 * At the app's start, inside the native apps only: a tapped notification opens the page its message names, also when
 * the tap is what started the app (Capacitor keeps that event until a listener is added). On the web this does nothing
 * and loads no Capacitor code.
 */
export async function startNativePush(api: ApiClient, navigateTo: (href: string) => void): Promise<void> {
  if ((await nativeCapacitor()) === undefined) return;
  connection = { api, navigateTo };
  const { PushNotifications } = await import('@capacitor/push-notifications');
  await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const path = notificationPath(notification.data);
    if (path === undefined) console.warn('Ignored a notification without a path on this site', notification.data);
    else navigateTo(path);
  });
}

/** The device's push token, once `register()` has asked FCM (or APNs through Firebase) for it. */
async function deviceToken(push: typeof import('@capacitor/push-notifications').PushNotifications): Promise<string> {
  const listeners: { remove(): Promise<void> }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`No push token within ${TOKEN_WAIT_MS} ms`)), TOKEN_WAIT_MS);
      // The listeners come first: the token may arrive as soon as register() is called.
      Promise.all([
        push.addListener('registration', ({ value }) => resolve(value)),
        push.addListener('registrationError', ({ error }) => reject(new Error(`Push registration failed: ${error}`))),
      ])
        .then((added) => {
          listeners.push(...added);
          return push.register();
        })
        .catch(reject);
    });
  } finally {
    clearTimeout(timer);
    await Promise.all(listeners.map((listener) => listener.remove()));
  }
}

/**
 * After an order is placed, inside the native app: asks the customer's permission, creates the Android channel for
 * order updates (SPEC §9, importance 5), registers with the push service, and sends the device's token with the
 * order's basket id (`POST /Device/setToken`, SPEC §7), so that the order's changes reach this phone. On the web, and
 * before the app's start has connected the layer, it is 'unavailable' and loads nothing.
 */
export async function registerForOrderUpdates(basketId: string): Promise<OrderUpdatesRegistration> {
  const capacitor = await nativeCapacitor();
  if (capacitor === undefined || connection === undefined) return 'unavailable';
  const { api } = connection;
  try {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const permission = await PushNotifications.requestPermissions();
    if (permission.receive !== 'granted') return 'denied';
    // Android 8+ shows a notification on its channel's terms; iOS has no channels.
    if (capacitor.getPlatform() === 'android') {
      await PushNotifications.createChannel({
        ...ORDER_UPDATES_CHANNEL,
        description: 'When the restaurant accepts, cooks and sends out your order',
        vibration: true,
      });
    }
    const token = await deviceToken(PushNotifications);
    const sent = await callApi(api.POST('/Device/setToken', { body: { orderBuilderId: basketId, deviceToken: token } }));
    if (sent.ok) return 'registered';
    console.warn('The push token was not accepted', sent.aborted ? 'aborted' : sent.error);
    return 'unavailable';
  } catch (error) {
    console.warn('Push notifications could not be set up', error);
    return 'unavailable';
  }
}
