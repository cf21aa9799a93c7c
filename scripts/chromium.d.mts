// Types for scripts/chromium.mjs, which the Playwright config and the PayPal SDK fake's browser test import.
export const chromiumPath: string;
export const headlessShellPath: string;
export function ensureChromium(): void;
export function ensureHeadlessShell(): void;
