/**
 * SPEC §3/§4/§9: a long-lived anonymous id that lets the restaurant count returning visitors. The server writes it on
 * every page it serves (src/server/plugins/site.ts), so that a visitor who only reads is counted; the app writes it
 * on start as well (src/platform/trackingCookie.ts), for the native apps' pages and a cookie changed meanwhile.
 */
export const TRACKING_COOKIE_NAME = 'takeaway_tracking';
export const TRACKING_COOKIE_VERSION = '1';
export const TRACKING_COOKIE_LIFETIME_DAYS = 365;
export const USER_ID_LENGTH = 20;

const USER_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrackingCookie {
  version: string;
  userId: string;
}

/** As found in the browser: older releases or other writers may have stored any version, of any type. */
export interface StoredTrackingCookie {
  version: unknown;
  userId: string;
}

/** Fills the given array with random bytes, as `crypto.getRandomValues` does. */
export type RandomBytes = (buffer: Uint8Array) => Uint8Array;

export function createUserId(randomBytes: RandomBytes): string {
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps every character equally likely.
  const usableLimit = 256 - (256 % USER_ID_ALPHABET.length);
  let userId = '';
  while (userId.length < USER_ID_LENGTH) {
    for (const byte of randomBytes(new Uint8Array(USER_ID_LENGTH * 2))) {
      if (byte < usableLimit && userId.length < USER_ID_LENGTH) userId += USER_ID_ALPHABET[byte % USER_ID_ALPHABET.length];
    }
  }
  return userId;
}

/** Reads the tracking cookie out of a `document.cookie` string; undefined when absent or unreadable. */
export function parseTrackingCookie(cookieString: string): StoredTrackingCookie | undefined {
  const prefix = `${TRACKING_COOKIE_NAME}=`;
  const raw = cookieString
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw.slice(prefix.length)));
    if (typeof value !== 'object' || value === null) return undefined;
    const { version, userId } = value as Record<string, unknown>;
    if (typeof userId !== 'string' || userId === '') return undefined;
    return { version, userId };
  } catch {
    return undefined;
  }
}

/** A `document.cookie` assignment: whole site, one year, Secure and SameSite=Strict. */
export function serializeTrackingCookie(cookie: TrackingCookie, now: Date): string {
  const expires = new Date(now.getTime() + TRACKING_COOKIE_LIFETIME_DAYS * DAY_MS);
  const value = encodeURIComponent(JSON.stringify({ version: cookie.version, userId: cookie.userId }));
  return `${TRACKING_COOKIE_NAME}=${value}; Expires=${expires.toUTCString()}; Path=/; Secure; SameSite=Strict`;
}

export interface TrackingCookieDecision {
  cookie: TrackingCookie;
  /** The assignment to write, or undefined when the stored cookie is already current. */
  setCookie: string | undefined;
}

/**
 * Keeps a current cookie as it is, rewrites one of another version as version "1" with the same
 * userId (SPEC §4), and creates one with a new userId when there is none.
 */
export function decideTrackingCookie(cookieString: string, randomBytes: RandomBytes, now: Date): TrackingCookieDecision {
  const stored = parseTrackingCookie(cookieString);
  if (stored?.version === TRACKING_COOKIE_VERSION) return { cookie: { version: TRACKING_COOKIE_VERSION, userId: stored.userId }, setCookie: undefined };
  const cookie = { version: TRACKING_COOKIE_VERSION, userId: stored?.userId ?? createUserId(randomBytes) };
  return { cookie, setCookie: serializeTrackingCookie(cookie, now) };
}
