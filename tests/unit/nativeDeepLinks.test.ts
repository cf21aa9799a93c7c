import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBasketActor } from '../../src/actors/basket';
import { createApiClient } from '../../src/api/client';
import { createBasketStorage } from '../../src/platform/basketStorage';
import { listenForDeepLinks, nativeClientInfo } from '../../src/platform/native';
import { installNativeBridge, type NativeBridgeDouble } from './capacitorBridgeDouble';

// Installed before the native layer first imports Capacitor's core, which reads the shell's plugin list once.
const bridge: NativeBridgeDouble = installNativeBridge('android');

describe('deep links inside the native app (SPEC §2, §8)', () => {
  beforeEach(() => bridge.becomePlatform('android'));
  afterEach(() => vi.restoreAllMocks());

  it('navigates to the path of an opened link', async () => {
    const visited: string[] = [];
    await listenForDeepLinks((href) => visited.push(href));
    bridge.emit('App', 'appUrlOpen', { url: 'https://goldendragon.example/track?orderId=GD-1042#status' });
    expect(visited).toEqual(['/track?orderId=GD-1042#status']);
  });

  it('only logs an invalid link', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const visited: string[] = [];
    await listenForDeepLinks((href) => visited.push(href));
    bridge.emit('App', 'appUrlOpen', { url: 'goldendragon:track' });
    expect(visited).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Ignored an invalid deep link: goldendragon:track');
  });

  it('listens for nothing on the website', async () => {
    bridge.becomeWebsite();
    const before = bridge.calls.length;
    await listenForDeepLinks(() => undefined);
    expect(bridge.calls.length).toBe(before);
  });
});

describe("the order's device details (SPEC §3, §7)", () => {
  beforeEach(() => bridge.becomePlatform('android'));

  it("are the app's store version and the device's system inside the app", async () => {
    expect(await nativeClientInfo('1.0.81')).toEqual({ os: 'android', osVersion: '14', appVersion: '1.0.81' });
  });

  it('keep the bundled version when the shell reports one the contract would refuse', async () => {
    const realGetInfo = bridge.methods.App.getInfo;
    bridge.methods.App.getInfo = () => ({ name: 'Golden Dragon', id: 'uk.co.goldendragon.takeaway', build: '81', version: '1.0' });
    try {
      expect((await nativeClientInfo('1.0.81'))?.appVersion).toBe('1.0.81');
    } finally {
      bridge.methods.App.getInfo = realGetInfo;
    }
  });

  it('replace those a basket saved before the app was updated carries', () => {
    const memory = new Map<string, string>();
    const storage = createBasketStorage({ getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) });
    // No call is made: the basket only restores its saved state here.
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9/api', applicationKey: 'a', siteKey: 's', identity: { currentIdToken: () => undefined, fetchIdTokenWithoutCache: async () => undefined, isSignedIn: () => false } });
    createBasketActor({ api, storage, client: { os: 'android', osVersion: '13', appVersion: '1.0.80' } }).stop();
    const restored = createBasketActor({ api, storage, client: { os: 'android', osVersion: '14', appVersion: '1.0.81' } });
    expect(restored.getSnapshot().context.client).toEqual({ os: 'android', osVersion: '14', appVersion: '1.0.81' });
    restored.stop();
  });

  it('are none on the website, whose orders keep its own', async () => {
    bridge.becomeWebsite();
    expect(await nativeClientInfo('1.0.81')).toBeUndefined();
  });
});
