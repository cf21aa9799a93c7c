/**
 * The nonce the server's render writes on the router's scripts (src/prerender/renderFirstPaint.tsx): a page is rendered
 * once for many answers (src/server/plugins/firstPaint.ts), so each answer puts a fresh nonce in its place and in its
 * Content-Security-Policy (src/server/plugins/site.ts).
 */
export const SCRIPT_NONCE_PLACEHOLDER = 'script-nonce-of-this-answer';

/** A page the server's render drew (src/prerender/renderFirstPaint.tsx), which the server sends (src/server/plugins/firstPaint.ts). */
export interface FirstPaint {
  /** What goes inside `#root`: the page, then the router's scripts with the dehydrated matches the browser hydrates. */
  html: string;
  /** The matched routes' ids (`/order`, `/$page`), whose lazy chunks the page preloads and whose CSS it links. */
  routeIds: string[];
}
