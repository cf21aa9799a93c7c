/** The part of a deep link that the router follows: path, query and fragment. */
export function deepLinkTarget(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname || '/';
    // A scheme without a host part (`app:track`) has no path the router could follow.
    if (!path.startsWith('/')) return undefined;
    return `${path}${parsed.search}${parsed.hash}`;
  } catch {
    return undefined;
  }
}

/** The globals through which Capacitor's native shells (Android, iOS, custom) talk to the page. */
export function hasNativeBridge(win: object): boolean {
  const webkit = (win as { webkit?: { messageHandlers?: { bridge?: unknown } } }).webkit;
  return 'Capacitor' in win || 'androidBridge' in win || 'CapacitorCustomPlatform' in win || webkit?.messageHandlers?.bridge !== undefined;
}

/** Whether this page runs inside the restaurant's native apps (Capacitor's shell) rather than in a browser. */
export function isNativeApp(): boolean {
  return typeof window !== 'undefined' && hasNativeBridge(window);
}

/**
 * The server the native apps talk to, named when their web content is built (VITE_APP_SERVER_ORIGIN,
 * docs/native-apps.md): inside the app the page comes from the shell, not from the server. Undefined on the web.
 */
export function nativeServerOrigin(): string | undefined {
  const origin: unknown = import.meta.env.VITE_APP_SERVER_ORIGIN;
  return isNativeApp() && typeof origin === 'string' && origin !== '' ? origin : undefined;
}

/**
 * Capacitor's core, only inside the native apps: a browser has no native bridge, so the web's first load never fetches
 * Capacitor's code (tests/api/firstLoad.test.ts).
 */
export async function nativeCapacitor(): Promise<typeof import('@capacitor/core').Capacitor | undefined> {
  if (!isNativeApp()) return undefined;
  const { Capacitor } = await import('@capacitor/core');
  return Capacitor.isNativePlatform() ? Capacitor : undefined;
}

/** What an order update says about the device (SPEC §3, §7), as the basket statechart sends it. */
export interface NativeClientInfo {
  os: string;
  osVersion: string;
  appVersion: string;
}

/** The contract's limits on the order update's `osVersion` and `appVersion` (openapi.yaml OrderUpdate). */
const OS_VERSION_MAX_LENGTH = 40;
const CONTRACT_APP_VERSION = /^[0-9]+\.[0-9]+\.[0-9]+$/;

/**
 * The installed app's real `os`, `osVersion` and `appVersion` (the store version, 1.0.81 for this build), read from the
 * device; undefined on the web, whose orders keep the website's values. An app version the contract would refuse (a
 * shell built with a two-part version) gives way to the web content's own, so that orders never fail on it.
 */
export async function nativeClientInfo(bundledAppVersion: string): Promise<NativeClientInfo | undefined> {
  if ((await nativeCapacitor()) === undefined) return undefined;
  const [{ App }, { Device }] = await Promise.all([import('@capacitor/app'), import('@capacitor/device')]);
  const [app, device] = await Promise.all([App.getInfo(), Device.getInfo()]);
  return {
    os: device.operatingSystem,
    osVersion: device.osVersion.slice(0, OS_VERSION_MAX_LENGTH),
    appVersion: CONTRACT_APP_VERSION.test(app.version) ? app.version : bundledAppVersion,
  };
}

/**
 * Inside the native apps, a link opened from outside (a notification, an email) navigates to its
 * path (SPEC §2); an invalid link is only logged (SPEC §8). On the web this does nothing.
 */
export async function listenForDeepLinks(navigateTo: (href: string) => void): Promise<void> {
  if ((await nativeCapacitor()) === undefined) return;
  const { App } = await import('@capacitor/app');
  await App.addListener('appUrlOpen', ({ url }) => {
    const target = deepLinkTarget(url);
    if (target === undefined) console.warn(`Ignored an invalid deep link: ${url}`);
    else navigateTo(target);
  });
}
