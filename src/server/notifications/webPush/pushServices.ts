// The browsers' push services a web push subscription may name. The server sends to whatever endpoint a browser gives
// it, so an endpoint anywhere else (an address inside the restaurant's own network, say) is refused at registration:
// the server is nobody's proxy. Chrome, Edge's Chromium, Samsung Internet and Opera use FCM; Firefox Mozilla's
// service; Safari Apple's; Edge on Windows can use WNS.

const BROWSER_PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^(?:[a-z0-9-]+\.)*push\.apple\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/];

/** Whether `endpoint` is at a browser's push service, over https, or at one of `extraOrigins` (WEB_PUSH_EXTRA_SERVICES). */
export function isBrowserPushService(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && BROWSER_PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
