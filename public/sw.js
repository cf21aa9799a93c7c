// The site's service worker, registered only when a customer asks to be told about their order (src/platform/webPush.ts).
// It shows the order updates the server pushes and opens the order's page when one is clicked. It has no fetch
// handler on purpose: pages load exactly as they do without it, with nothing cached offline.

const ICON = '/icons/icon-192.png';

// Open tabs of the site come under this worker at once, so that a click can bring one of them to the order's page.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The server's PushMessage (src/server/notifications/senders.ts), or nothing when the push is not one. */
function pushMessageOf(event) {
  try {
    const message = event.data ? event.data.json() : undefined;
    return message && typeof message.title === 'string' && typeof message.openPath === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const message = pushMessageOf(event);
  // A browser may stop delivering to a site that receives a push and shows nothing, so even a stray one is shown.
  const title = message ? message.title : 'Your order';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message ? message.body : 'There is news about your order.',
      tag: message ? message.tag : 'order',
      // A newer update about the same order replaces the one showing, and still alerts.
      renotify: true,
      icon: ICON,
      lang: 'en-GB',
      data: { openPath: message ? message.openPath : '/track' },
    }),
  );
});

/** Only a path on this site is opened; anything else in a message opens the tracking page. */
function siteUrlOf(path) {
  const url = typeof path === 'string' && path.startsWith('/') ? new URL(path, self.location.origin) : undefined;
  return url && url.origin === self.location.origin ? url.href : new URL('/track', self.location.origin).href;
}

/**
 * A tab already at the order's page is brought forward; otherwise a tab of the site is taken there (the customer asked
 * to see the order, and one tab of the site is easier to follow than several); with no tab open, a new one opens.
 */
async function openOrderPage(path) {
  const url = siteUrlOf(path);
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const atOrder = tabs.find((tab) => tab.url === url);
  if (atOrder) return atOrder.focus();
  // Only a tab under this worker can be taken elsewhere by it (all of them, once it has claimed them).
  const [siteTab] = await self.clients.matchAll({ type: 'window' });
  if (siteTab) {
    const moved = await siteTab.navigate(url);
    return (moved ?? siteTab).focus();
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openOrderPage(event.notification.data && event.notification.data.openPath));
});
