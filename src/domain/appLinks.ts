/**
 * A store link worth offering: an absolute https address. The core data answers an empty string (or, from a
 * half-filled back office, something that is not a link) when an app is not published yet; a link to that
 * would lead nowhere, so the page says the app is not there instead.
 */
export function usableStoreLink(url: string): string | undefined {
  try {
    return new URL(url.trim()).protocol === 'https:' ? url.trim() : undefined;
  } catch {
    return undefined;
  }
}
