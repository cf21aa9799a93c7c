import { callApi, type ApiClient } from '../api/client';
import type { OrderUpdatesRegistration } from '../../machines/orderUpdates/orderUpdatesMachine';

/** The service worker that shows the pushed order updates (public/sw.js), at the site's root so that its scope is `/`. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** What subscribing needs: the API client and the site's VAPID public key (BrowserConfig.webPushPublicKey). */
export interface WebPushConnection {
  api: ApiClient;
  publicKey: string;
}

/** Whether this browser can receive web push at all (iPhones: only for the site added to the home screen). */
export function isWebPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Whether the customer has blocked notifications for this site, so that asking again would not even show a prompt. */
export function notificationsBlocked(): boolean {
  return isWebPushSupported() && Notification.permission === 'denied';
}

function bytesOfKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (character) => character.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

/** This browser's subscription for the site's key: the one it has, or a new one (also when the site's keys changed). */
async function pushSubscription(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const applicationServerKey = bytesOfKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, applicationServerKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** The subscription as the contract's WebPushRegistration holds it, or undefined if the browser left out its keys. */
function registrationBody(subscription: PushSubscription) {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return undefined;
  return { endpoint, ...(typeof expirationTime === 'number' ? { expirationTime } : {}), keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * After an order is placed, when the customer asks: permission first (asked while the tap still counts, as Safari
 * requires), then the service worker (registered only now, so that no other page load changes), the browser's push
 * subscription, and the subscription sent with the order's basket id (`POST /Device/setWebPushSubscription`). A refusal
 * of the API call is thrown (the customer may try again); a browser that cannot subscribe is 'unavailable'.
 */
export async function subscribeToOrderUpdates(basketId: string, { api, publicKey }: WebPushConnection): Promise<OrderUpdatesRegistration> {
  if (!isWebPushSupported()) return 'unavailable';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  let subscription: PushSubscription;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/', updateViaCache: 'none' });
    subscription = await pushSubscription(await navigator.serviceWorker.ready, publicKey);
  } catch (error) {
    console.warn('This browser could not subscribe to push messages', error);
    return 'unavailable';
  }
  const body = registrationBody(subscription);
  if (body === undefined) return 'unavailable';
  const sent = await callApi(api.POST('/Device/setWebPushSubscription', { body: { orderBuilderId: basketId, subscription: body } }));
  if (!sent.ok) throw sent.aborted ? new Error('The subscription was not sent') : sent.error;
  return 'registered';
}

/** Whether this browser still holds a push subscription (it is gone once the customer withdraws permission). */
export async function hasPushSubscription(): Promise<boolean> {
  if (!isWebPushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) != null;
}
