import { decideTrackingCookie, type TrackingCookie } from '../domain/trackingCookie';

export function ensureTrackingCookie(document: Pick<Document, 'cookie'>): TrackingCookie {
  const { cookie, setCookie } = decideTrackingCookie(document.cookie, (buffer) => crypto.getRandomValues(buffer), new Date());
  if (setCookie) document.cookie = setCookie;
  return cookie;
}
