/**
 * A path as the router matches it: case-insensitively, and with or without a trailing slash. Shared by the browser's
 * route rules and the server, which writes a route's start data into the HTML (src/server/plugins/site.ts).
 */
export function normalisePath(pathname: string): string {
  const lowered = pathname.toLowerCase();
  return lowered.length > 1 && lowered.endsWith('/') ? lowered.replace(/\/+$/, '') : lowered;
}
