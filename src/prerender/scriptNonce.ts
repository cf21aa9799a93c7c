/**
 * The nonce the server's render writes on the router's scripts (src/prerender/renderFirstPaint.tsx): a page is rendered
 * once for many answers (src/server/plugins/firstPaint.ts), so each answer puts a fresh nonce in its place and in its
 * Content-Security-Policy (src/server/plugins/site.ts).
 */
export const SCRIPT_NONCE_PLACEHOLDER = 'script-nonce-of-this-answer';
