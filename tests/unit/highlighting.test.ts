import { describe, expect, it } from 'vitest';
import { ACCOUNT_LINK_SECTION, TOP_NAVIGATION } from '../../src/components/navigation';
import { factsAt } from '../../src/server/seo/routeFacts';
import { isCurrentPath, isNavigationCurrent } from '../../src/shell/highlighting';

const TAKE_AWAY = ['/order', '/basket', '/contact', '/delivery', '/orderTime', '/checkout', '/payment', '/paymentIssue', '/confirmation'];
const ACCOUNT = ['/login', '/register', '/forgotpassword', '/account', '/updateProfile', '/addAddress', '/viewOrder', '/vouchers'];
const NEITHER = ['/', '/home', '/restaurant', '/gallery', '/booking', '/dine-at-home', '/apps', '/track', '/privacy', '/cookies', '/terms', '/about-us', '/sorry', '/confirmAccount', '/createAccount', '/paymentProcessing', '/no-such-page'];

const takeAway = TOP_NAVIGATION.find((item) => item.label === 'Take Away')!;
const account = { to: '/account', ...ACCOUNT_LINK_SECTION };

/** As the header decides it: from the facts of the route that serves the path. */
function isTakeAwayHighlighted(path: string): boolean {
  return isNavigationCurrent(takeAway, factsAt(path), path);
}

function isAccountHighlighted(path: string): boolean {
  return isNavigationCurrent(account, factsAt(path), path);
}

describe('navigation highlighting', () => {
  it.each(TAKE_AWAY)('highlights Take Away, and not the account icon, on %s', (path) => {
    expect(isTakeAwayHighlighted(path)).toBe(true);
    expect(isAccountHighlighted(path)).toBe(false);
  });

  it.each(ACCOUNT)('highlights the account icon, and not Take Away, on %s', (path) => {
    expect(isAccountHighlighted(path)).toBe(true);
    expect(isTakeAwayHighlighted(path)).toBe(false);
  });

  it.each(NEITHER)('highlights neither on %s', (path) => {
    expect(isTakeAwayHighlighted(path)).toBe(false);
    expect(isAccountHighlighted(path)).toBe(false);
  });

  it('matches /forgotPassword as SPEC also writes it, and ignores a trailing slash', () => {
    expect(isAccountHighlighted('/forgotPassword')).toBe(true);
    expect(isTakeAwayHighlighted('/basket/')).toBe(true);
  });

  it('marks each plain top item current on its own route only', () => {
    for (const item of TOP_NAVIGATION.filter((each) => each.section === undefined)) {
      const current = NEITHER.filter((path) => TOP_NAVIGATION.some((each) => isNavigationCurrent(each, factsAt(path), path) && each === item));
      expect(current, item.label).toEqual([item.to]);
    }
  });

  it('marks a plain item current only on its own path', () => {
    expect(isCurrentPath('/privacy', '/privacy')).toBe(true);
    expect(isCurrentPath('/Privacy/', '/privacy')).toBe(true);
    expect(isCurrentPath('/terms', '/privacy')).toBe(false);
    expect(isCurrentPath('/privacy-extra', '/privacy')).toBe(false);
  });
});
