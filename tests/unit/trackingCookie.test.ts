import { describe, expect, it } from 'vitest';
import {
  TRACKING_COOKIE_NAME,
  createUserId,
  decideTrackingCookie,
  parseTrackingCookie,
  serializeTrackingCookie,
  type RandomBytes,
} from '../../src/domain/trackingCookie';

const NOW = new Date('2026-11-22T10:00:00Z');
const cryptoBytes: RandomBytes = (buffer) => crypto.getRandomValues(buffer);

function bytesFrom(values: number[]): RandomBytes {
  let next = 0;
  return (buffer) => {
    for (let index = 0; index < buffer.length; index += 1) buffer[index] = values[next++ % values.length];
    return buffer;
  };
}

function storedCookie(value: unknown): string {
  return `other=1; ${TRACKING_COOKIE_NAME}=${encodeURIComponent(JSON.stringify(value))}; last=2`;
}

describe('createUserId', () => {
  it('makes 20 lowercase letters and digits', () => {
    for (let round = 0; round < 200; round += 1) expect(createUserId(cryptoBytes)).toMatch(/^[a-z0-9]{20}$/);
  });

  it('maps bytes onto the alphabet and skips bytes that would bias it', () => {
    // 252..255 are rejected; 0 is 'a', 25 is 'z', 26 is '0', 35 is '9', 36 wraps to 'a'.
    expect(createUserId(bytesFrom([255, 0, 252, 25, 26, 35, 36]))).toBe('az09aaz09aaz09aaz09a');
  });

  it('differs between calls', () => {
    expect(createUserId(cryptoBytes)).not.toBe(createUserId(cryptoBytes));
  });
});

describe('parseTrackingCookie', () => {
  it('reads the version and userId among other cookies', () => {
    expect(parseTrackingCookie(storedCookie({ version: '1', userId: 'abc123' }))).toEqual({ version: '1', userId: 'abc123' });
  });

  it('treats a missing, malformed or userId-less cookie as absent', () => {
    expect(parseTrackingCookie('other=1')).toBeUndefined();
    expect(parseTrackingCookie(`${TRACKING_COOKIE_NAME}=not-json`)).toBeUndefined();
    expect(parseTrackingCookie(storedCookie({ version: '1' }))).toBeUndefined();
    expect(parseTrackingCookie(storedCookie('plain'))).toBeUndefined();
  });

  it('keeps a version of another type as it was stored, so that it is not mistaken for "1"', () => {
    expect(parseTrackingCookie(storedCookie({ version: 1, userId: 'abc' }))).toEqual({ version: 1, userId: 'abc' });
  });
});

describe('serializeTrackingCookie', () => {
  it('writes JSON for the whole site, for 365 days, Secure and SameSite=Strict', () => {
    const text = serializeTrackingCookie({ version: '1', userId: 'u1' }, NOW);
    const [pair, ...attributes] = text.split('; ');
    expect(pair).toBe(`${TRACKING_COOKIE_NAME}=${encodeURIComponent('{"version":"1","userId":"u1"}')}`);
    expect(attributes).toEqual(['Expires=Mon, 22 Nov 2027 10:00:00 GMT', 'Path=/', 'Secure', 'SameSite=Strict']);
  });

  it('round-trips through parseTrackingCookie', () => {
    const text = serializeTrackingCookie({ version: '1', userId: 'abcdefghij0123456789' }, NOW);
    expect(parseTrackingCookie(text.split('; ')[0])).toEqual({ version: '1', userId: 'abcdefghij0123456789' });
  });
});

describe('decideTrackingCookie', () => {
  it('creates version "1" with a new userId when there is no cookie', () => {
    const decision = decideTrackingCookie('other=1', cryptoBytes, NOW);
    expect(decision.cookie.version).toBe('1');
    expect(decision.cookie.userId).toMatch(/^[a-z0-9]{20}$/);
    expect(decision.setCookie).toBe(serializeTrackingCookie(decision.cookie, NOW));
  });

  it('leaves a version "1" cookie alone', () => {
    const decision = decideTrackingCookie(storedCookie({ version: '1', userId: 'keepme' }), cryptoBytes, NOW);
    expect(decision).toEqual({ cookie: { version: '1', userId: 'keepme' }, setCookie: undefined });
  });

  it.each([{ version: '0' }, { version: '2' }, { version: 1 }, {}])('rewrites %o as version "1" keeping the userId', (versionPart) => {
    const decision = decideTrackingCookie(storedCookie({ ...versionPart, userId: 'olduser0123456789abc' }), cryptoBytes, NOW);
    expect(decision.cookie).toEqual({ version: '1', userId: 'olduser0123456789abc' });
    expect(decision.setCookie).toBe(serializeTrackingCookie({ version: '1', userId: 'olduser0123456789abc' }, NOW));
  });

  it('replaces an unreadable cookie with a new one', () => {
    const decision = decideTrackingCookie(`${TRACKING_COOKIE_NAME}=%7Bbroken`, cryptoBytes, NOW);
    expect(decision.cookie.userId).toMatch(/^[a-z0-9]{20}$/);
    expect(decision.setCookie).toBeDefined();
  });
});
