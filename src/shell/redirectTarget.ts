/**
 * Where a sign-in returns to: only a path on this site, so that a crafted `?redirect=` link cannot
 * send a customer who has just typed their password to another site.
 */
export function safeRedirectTarget(requested: unknown, fallback = '/'): string {
  if (typeof requested !== 'string' || !requested.startsWith('/')) return fallback;
  if (requested.startsWith('//') || requested.startsWith('/\\')) return fallback;
  return requested;
}
