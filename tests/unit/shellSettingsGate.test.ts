import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, returnPathAfterSettingsLoad } from '../../src/domain/routeFacts';
import { factsAt } from '../../src/server/seo/routeFacts';

const SPEC_PUBLIC_PATHS = [
  '', '/', '/home', '/order', '/booking', '/contact', '/track', '/restaurant', '/updateRequired', '/fix-issue',
  '/privacy', '/cookies', '/terms', '/about-us', '/apps', '/dine-at-home', '/login', '/register', '/gallery',
];

// SPEC §2's guarded account routes and the identity steps before them: the stored session (or the form) is their state.
const ACCOUNT_PATHS = ['/account', '/accountQR', '/updateProfile', '/addAddress', '/createAccount', '/viewOrder', '/vouchers', '/confirmAccount', '/forgotPassword'];

// The ordering pages whose state (the basket's, the payment's, the order's) the browser keeps.
const ORDERING_PATHS = ['/order', '/basket', '/delivery', '/contact', '/orderTime', '/checkout', '/payment', '/paymentProcessing', '/restaurant-confirmation', '/confirmation', '/order-cancelled'];

// The staff's pages: their state is on the server and in the stored session (the tablet's bookmark, a printed ticket's tab).
const STAFF_PATHS = ['/kitchen', '/kitchen/bookings', '/kitchen/printers', '/kitchen/ticket/GD-1', '/manage', '/manage/menu', '/manage/audit'];

/** Where a first load at `path` goes once the settings load, by the start rule of the route that serves it. */
function startAt(path: string): string {
  return returnPathAfterSettingsLoad(path, path === '' ? undefined : factsAt(path)?.start);
}

describe('the settings gate, by the routes’ start facts', () => {
  it('returns to /home when no path was requested', () => {
    expect(DEFAULT_RETURN_PATH).toBe('/home');
    expect(startAt('')).toBe('/home');
  });

  it.each(SPEC_PUBLIC_PATHS.filter((path) => path !== ''))('keeps a start on the public path %s', (path) => {
    expect(factsAt(path)?.start).toBe('public');
    expect(startAt(path)).toBe(path);
  });

  it.each([...ACCOUNT_PATHS, ...ORDERING_PATHS, ...STAFF_PATHS])('keeps a start on %s, whose state the device restores', (path) => {
    expect(startAt(path)).toBe(path);
  });

  it.each(['/paymentIssue', '/order-cancel-error', '/sorry'])('sends a start on %s, whose state a fresh start does not have, through /', (path) => {
    expect(startAt(path)).toBe('/');
  });

  it('names exactly SPEC §2’s public paths public, among the app’s fixed routes', () => {
    const appPaths = [...SPEC_PUBLIC_PATHS, ...ACCOUNT_PATHS, ...ORDERING_PATHS, ...STAFF_PATHS, '/paymentIssue', '/order-cancel-error', '/sorry'];
    const publicOnes = appPaths.filter((path) => path !== '' && factsAt(path)?.start === 'public');
    expect(new Set(publicOnes)).toEqual(new Set(SPEC_PUBLIC_PATHS.filter((path) => path !== '')));
  });

  it('keeps a path that is no route of the app, so that it reaches the restaurant’s page or the splash', () => {
    expect(returnPathAfterSettingsLoad('/no-such-page', undefined)).toBe('/no-such-page');
    expect(startAt('/no-such-page')).toBe('/no-such-page');
  });

  it('matches whatever the case or trailing slash', () => {
    expect(startAt('/updaterequired')).toBe('/updaterequired');
    expect(startAt('/order/')).toBe('/order/');
    expect(startAt('/PaymentIssue')).toBe('/');
  });
});
