import { vi } from 'vitest';

/**
 * A test double of the native side of Capacitor's bridge, for unit tests of src/platform's native layer: the real
 * plugins' JavaScript APIs (`@capacitor/app`, `@capacitor/device`, `@capacitor/push-notifications`) run unchanged and
 * their calls arrive here, as they would arrive in the Android or iOS shell. It must be installed before anything
 * imports `@capacitor/core`, which reads the bridge's plugin list once.
 */

type PluginMethod = (options: Record<string, unknown>) => unknown;
type Listener = (data: unknown) => void;

export interface NativeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

export interface NativeBridgeDouble {
  /** Every call the page made, in order (listeners included, as `addListener`/`removeListener`). */
  calls: NativeCall[];
  /** What a plugin's method answers; replace one to change the device's answer. */
  methods: Record<string, Record<string, PluginMethod>>;
  /** The shell raises a plugin's event, as the device would (a tapped notification, an opened link). */
  emit(plugin: string, eventName: string, data: unknown): void;
  listenerCount(plugin: string, eventName: string): number;
  /** Which shell the page believes it is in: Capacitor's core reads the bridge's globals on each call. */
  becomePlatform(platform: 'android' | 'ios'): void;
  /** A browser: no native bridge at all. */
  becomeWebsite(): void;
}

/** The device's answers when a test does not say otherwise. */
function defaultMethods(bridge: () => NativeBridgeDouble): Record<string, Record<string, PluginMethod>> {
  return {
    App: { getInfo: () => ({ name: 'Golden Dragon', id: 'uk.co.goldendragon.takeaway', build: '81', version: '1.0.81' }) },
    Device: {
      getInfo: () => ({
        platform: 'android',
        operatingSystem: 'android',
        osVersion: '14',
        model: 'Pixel 8',
        manufacturer: 'Google',
        isVirtual: false,
        webViewVersion: '120.0',
      }),
    },
    PushNotifications: {
      requestPermissions: () => ({ receive: 'granted' }),
      checkPermissions: () => ({ receive: 'granted' }),
      createChannel: () => undefined,
      register: () => {
        // As the shells do: the token arrives as an event once the push service has answered.
        setTimeout(() => bridge().emit('PushNotifications', 'registration', { value: 'fcm-token-of-this-phone' }));
        return undefined;
      },
    },
  };
}

const WEBKIT_BRIDGE = { messageHandlers: { bridge: { postMessage: () => undefined } } };

export function installNativeBridge(platform: 'android' | 'ios'): NativeBridgeDouble {
  const listeners = new Map<string, Map<string, Listener>>();
  let nextCallbackId = 1;
  const calls: NativeCall[] = [];
  const double: NativeBridgeDouble = {
    calls,
    methods: {},
    emit(plugin, eventName, data) {
      for (const listener of listeners.get(`${plugin}.${eventName}`)?.values() ?? []) listener(data);
    },
    listenerCount: (plugin, eventName) => listeners.get(`${plugin}.${eventName}`)?.size ?? 0,
    becomePlatform(next) {
      vi.stubGlobal('window', globalThis);
      if (next === 'android') {
        vi.stubGlobal('androidBridge', { postMessage: () => undefined });
        vi.stubGlobal('webkit', undefined);
      } else {
        vi.stubGlobal('androidBridge', undefined);
        vi.stubGlobal('webkit', WEBKIT_BRIDGE);
      }
    },
    becomeWebsite() {
      vi.stubGlobal('window', {});
    },
  };
  double.methods = defaultMethods(() => double);
  const pluginNames = Object.keys(double.methods);

  vi.stubGlobal('Capacitor', {
    // What the shell injects before the page runs: each native plugin and how its methods answer.
    PluginHeaders: pluginNames.map((name) => ({
      name,
      methods: [
        ...Object.keys(double.methods[name]).map((method) => ({ name: method, rtype: 'promise' })),
        { name: 'addListener', rtype: 'callback' },
        { name: 'removeListener', rtype: 'promise' },
      ],
    })),
    nativePromise(plugin: string, method: string, options: Record<string, unknown> = {}) {
      calls.push({ plugin, method, options });
      if (method === 'removeListener') {
        listeners.get(`${plugin}.${String(options.eventName)}`)?.delete(String(options.callbackId));
        return Promise.resolve();
      }
      const implementation = double.methods[plugin]?.[method];
      if (implementation === undefined) return Promise.reject(new Error(`${plugin}.${method} is not implemented`));
      try {
        return Promise.resolve(implementation(options));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    nativeCallback(plugin: string, method: string, options: Record<string, unknown>, callback: Listener) {
      calls.push({ plugin, method, options });
      if (method !== 'addListener') throw new Error(`${plugin}.${method} takes no callback`);
      const callbackId = String(nextCallbackId++);
      const key = `${plugin}.${String(options.eventName)}`;
      listeners.set(key, (listeners.get(key) ?? new Map<string, Listener>()).set(callbackId, callback));
      return callbackId;
    },
  });
  double.becomePlatform(platform);
  return double;
}
