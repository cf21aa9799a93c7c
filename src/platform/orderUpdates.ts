import { callApi, type ApiClient } from '../api/client';
import type { OrderUpdatesRegistration, OrderUpdatesStanding } from '../../machines/orderUpdates/orderUpdatesMachine';
import { isNativeApp, registerForOrderUpdates } from './nativePush';
import { hasPushSubscription, isWebPushSupported, notificationsBlocked, subscribeToOrderUpdates } from './webPush';

/** Each order's notifications as this device last left them, so that every page of the order shows the same. */
export const ORDER_UPDATES_KEY = 'takeaway.orderUpdates.v1';

/** Enough for a customer's orders in progress; older baskets are forgotten first. */
const REMEMBERED_ORDERS = 20;

type Remembered = 'registered' | 'stopped';

function remembered(storage: Storage): [string, Remembered][] {
  try {
    const value: unknown = JSON.parse(storage.getItem(ORDER_UPDATES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is [string, Remembered] => Array.isArray(entry) && typeof entry[0] === 'string' && (entry[1] === 'registered' || entry[1] === 'stopped')) : [];
  } catch {
    return [];
  }
}

function remember(storage: Storage, basketId: string, standing: Remembered): void {
  const others = remembered(storage).filter(([id]) => id !== basketId);
  try {
    storage.setItem(ORDER_UPDATES_KEY, JSON.stringify([...others, [basketId, standing]].slice(-REMEMBERED_ORDERS)));
  } catch {
    // Storage full or refused (private mode): only a later page forgets what was chosen.
  }
}

export interface OrderUpdatesChannel {
  standing(basketId: string): Promise<OrderUpdatesStanding>;
  register(basketId: string): Promise<OrderUpdatesRegistration>;
  stop(basketId: string): Promise<void>;
}

/**
 * An order's notifications on this device: the native app's push inside the app (nativePush.ts), web push in a browser
 * that has it and a site that offers it (a VAPID key), nothing otherwise.
 */
export function orderUpdatesChannel(api: ApiClient, webPushPublicKey: string | undefined, storage: Storage = window.localStorage): OrderUpdatesChannel {
  const native = isNativeApp();
  const web = !native && webPushPublicKey !== undefined && isWebPushSupported();
  return {
    async standing(basketId) {
      if (!native && !web) return 'unavailable';
      const kept = remembered(storage).find(([id]) => id === basketId)?.[1];
      if (kept === 'stopped') return 'stopped';
      // Permission may have been withdrawn in the browser's settings since: the subscription is gone with it.
      if (kept === 'registered' && (native || (await hasPushSubscription()))) return 'registered';
      return web && notificationsBlocked() ? 'denied' : 'offered';
    },
    async register(basketId) {
      const answer = native ? await registerForOrderUpdates(basketId) : await subscribeToOrderUpdates(basketId, { api, publicKey: webPushPublicKey! });
      if (answer === 'registered') remember(storage, basketId, 'registered');
      return answer;
    },
    // The server's stop is the whole of it: the browser's one push subscription also carries the pushes of the
    // customer's other orders placed in it (tonight's and tomorrow's), so it is kept.
    async stop(basketId) {
      const stopped = await callApi(api.POST('/orderbuilder/stopNotifications/{basketId}', { params: { path: { basketId } } }));
      if (!stopped.ok) throw stopped.aborted ? new Error('Stopping was abandoned') : stopped.error;
      remember(storage, basketId, 'stopped');
    },
  };
}
