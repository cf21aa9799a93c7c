import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { orderUpdatesChannel } from '../../src/platform/orderUpdates';

// A browser holds one push subscription for the site, which every order placed in it registers with the server
// (docs/notifications.md, "The outbox"): stopping one order's notifications must leave the others' pushes coming.

const publicKey = 'AQID';
const endpoint = 'https://fcm.googleapis.com/fcm/send/one-browser';

describe("an order's notifications in a browser with web push", () => {
  let subscription: PushSubscription | null;
  let calls: string[];
  let stored: Map<string, string>;
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  } as Storage;
  const api = {
    POST: async (path: string, { params }: { params?: { path?: { basketId?: string } } } = {}) => {
      calls.push(params?.path?.basketId === undefined ? path : `${path} ${params.path.basketId}`);
      const data = path.startsWith('/orderbuilder/stopNotifications') ? { notificationsStopped: true } : { registered: true };
      return { data: { data }, response: new Response(null, { status: 200 }) };
    },
  } as unknown as ApiClient;

  beforeEach(() => {
    subscription = null;
    calls = [];
    stored = new Map();
    const pushManager = {
      getSubscription: async () => subscription,
      subscribe: async ({ applicationServerKey }: PushSubscriptionOptionsInit) => {
        subscription = {
          endpoint,
          options: { userVisibleOnly: true, applicationServerKey: (applicationServerKey as Uint8Array).buffer },
          toJSON: () => ({ endpoint, keys: { p256dh: 'BPublicKey', auth: 'secret' } }),
          unsubscribe: async () => {
            subscription = null;
            return true;
          },
        } as unknown as PushSubscription;
        return subscription;
      },
    };
    const registration = { pushManager };
    const notification = { permission: 'granted', requestPermission: async () => 'granted' };
    vi.stubGlobal('Notification', notification);
    vi.stubGlobal('window', { PushManager: class {}, Notification: notification });
    vi.stubGlobal('navigator', { serviceWorker: { register: async () => registration, ready: Promise.resolve(registration), getRegistration: async () => registration } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("stops one order on the server only: the browser keeps its subscription, and tonight's order stays on when tomorrow's is stopped", async () => {
    const channel = orderUpdatesChannel(api, publicKey, storage);
    expect(await channel.register('tonight-basket')).toBe('registered');
    expect(await channel.register('tomorrow-basket')).toBe('registered');
    await channel.stop('tomorrow-basket');

    expect(calls).toEqual(['/Device/setWebPushSubscription', '/Device/setWebPushSubscription', '/orderbuilder/stopNotifications/{basketId} tomorrow-basket']);
    expect(subscription).not.toBeNull();
    expect(await channel.standing('tomorrow-basket')).toBe('stopped');
    expect(await channel.standing('tonight-basket')).toBe('registered');
  });
});
