import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { ORDER_UPDATES_CHANNEL } from '../../src/domain/pushChannel';
import { isNativeApp, notificationPath, registerForOrderUpdates, startNativePush } from '../../src/platform/nativePush';
import { installNativeBridge, type NativeBridgeDouble } from './capacitorBridgeDouble';

// Installed before the native layer first imports Capacitor's core, which reads the shell's plugin list once.
const bridge: NativeBridgeDouble = installNativeBridge('android');

const BASKET_ID = 'b4f6c2d8e0a14b7f9c3d5e7f9a1b3c5d';

// The API as a loopback server that records what the app sent and answers as the contract says.
const received: { method?: string; url?: string; headers: Record<string, unknown>; body: unknown }[] = [];
let tokenAnswerStatus = 200;
let server: Server;
let api: ApiClient;
const visited: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body: JSON.parse(body) });
      response.writeHead(tokenAnswerStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify(tokenAnswerStatus === 200 ? { data: { registered: true } } : { errorMessage: 'Unknown basket', validationErrors: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  api = createApiClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    applicationKey: 'takeaway-app',
    siteKey: 'demo-site',
    identity: { currentIdToken: () => undefined, fetchIdTokenWithoutCache: async () => undefined, isSignedIn: () => false },
  });
  await startNativePush(api, (href) => visited.push(href));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  bridge.becomePlatform('android');
  received.length = 0;
  visited.length = 0;
  bridge.calls.length = 0;
  tokenAnswerStatus = 200;
});

afterEach(() => vi.restoreAllMocks());

function pushCalls(method: string) {
  return bridge.calls.filter((call) => call.plugin === 'PushNotifications' && call.method === method);
}

describe('registering for an order’s push notifications in the native app', () => {
  it('sends the device token with the order’s basket id', async () => {
    expect(await registerForOrderUpdates(BASKET_ID)).toBe('registered');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/api/Device/setToken',
      headers: { 'x-application-key': 'takeaway-app', 'x-site-key': 'demo-site' },
      body: { orderBuilderId: BASKET_ID, deviceToken: 'fcm-token-of-this-phone' },
    });
  });

  it('asks permission first, then creates the Android channel with importance 5, then registers', async () => {
    await registerForOrderUpdates(BASKET_ID);
    const order = bridge.calls.filter((call) => call.plugin === 'PushNotifications' && call.method !== 'addListener' && call.method !== 'removeListener');
    expect(order.map((call) => call.method)).toEqual(['requestPermissions', 'createChannel', 'register']);
    expect(pushCalls('createChannel')[0].options).toMatchObject({ id: 'order-updates', name: 'Order updates', importance: 5 });
    expect(ORDER_UPDATES_CHANNEL.importance).toBe(5);
  });

  it('creates no channel on iOS, which has none, and still sends the token', async () => {
    bridge.becomePlatform('ios');
    expect(await registerForOrderUpdates(BASKET_ID)).toBe('registered');
    expect(pushCalls('createChannel')).toEqual([]);
    expect(received[0].body).toEqual({ orderBuilderId: BASKET_ID, deviceToken: 'fcm-token-of-this-phone' });
  });

  it('stops when the customer refuses, and sends nothing', async () => {
    bridge.methods.PushNotifications.requestPermissions = () => ({ receive: 'denied' });
    try {
      expect(await registerForOrderUpdates(BASKET_ID)).toBe('denied');
    } finally {
      bridge.methods.PushNotifications.requestPermissions = () => ({ receive: 'granted' });
    }
    expect(pushCalls('register')).toEqual([]);
    expect(received).toEqual([]);
  });

  it('is unavailable when the push service refuses the device, and leaves no listener behind', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const realRegister = bridge.methods.PushNotifications.register;
    bridge.methods.PushNotifications.register = () => {
      setTimeout(() => bridge.emit('PushNotifications', 'registrationError', { error: 'SERVICE_NOT_AVAILABLE' }));
      return undefined;
    };
    try {
      expect(await registerForOrderUpdates(BASKET_ID)).toBe('unavailable');
    } finally {
      bridge.methods.PushNotifications.register = realRegister;
    }
    expect(received).toEqual([]);
    expect(bridge.listenerCount('PushNotifications', 'registration')).toBe(0);
    expect(bridge.listenerCount('PushNotifications', 'registrationError')).toBe(0);
  });

  it('is unavailable when the server refuses the token', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    tokenAnswerStatus = 400;
    expect(await registerForOrderUpdates(BASKET_ID)).toBe('unavailable');
  });

  it('does nothing on the website', async () => {
    bridge.becomeWebsite();
    expect(isNativeApp()).toBe(false);
    expect(await registerForOrderUpdates(BASKET_ID)).toBe('unavailable');
    expect(bridge.calls).toEqual([]);
    expect(received).toEqual([]);
  });
});

describe('a tapped notification', () => {
  it('opens the page its message names, with the navigation deep links use', () => {
    bridge.emit('PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '1', data: { path: '/track?orderId=GD-1042' } },
    });
    expect(visited).toEqual(['/track?orderId=GD-1042']);
  });

  it('opens nothing when the path is not on this site, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    bridge.emit('PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '2', data: { path: '//elsewhere.example/track' } },
    });
    expect(visited).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it.each([
    [{ path: '/track?orderId=GD-1042#status' }, '/track?orderId=GD-1042#status'],
    [{ path: 'https://elsewhere.example/track' }, undefined],
    [{ path: '//elsewhere.example/' }, undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('finds in %j the path %s', (data, path) => {
    expect(notificationPath(data)).toBe(path);
  });
});
