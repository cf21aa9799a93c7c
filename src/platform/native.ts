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

/**
 * Inside the native apps, a link opened from outside (a notification, an email) navigates to its
 * path (SPEC §2); an invalid link is only logged (SPEC §8). On the web this does nothing.
 */
export async function listenForDeepLinks(navigateTo: (href: string) => void): Promise<void> {
  // A browser has no native bridge, so the web's first load never fetches Capacitor's code.
  if (!hasNativeBridge(window)) return;
  const { Capacitor } = await import('@capacitor/core');
  if (!Capacitor.isNativePlatform()) return;
  const { App } = await import('@capacitor/app');
  await App.addListener('appUrlOpen', ({ url }) => {
    const target = deepLinkTarget(url);
    if (target === undefined) console.warn(`Ignored an invalid deep link: ${url}`);
    else navigateTo(target);
  });
}
