import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, PUBLIC_PATHS, isAccountPath, isPublicPath, returnPathAfterSettingsLoad } from '../../src/shell/settingsGate';

const SPEC_PUBLIC_PATHS = [
  '', '/', '/home', '/order', '/booking', '/contact', '/track', '/restaurant', '/updateRequired', '/fix-issue',
  '/privacy', '/cookies', '/terms', '/about-us', '/apps', '/dine-at-home', '/login', '/register', '/gallery',
];

const APP_ROUTES_NOT_PUBLIC = ['/basket', '/checkout', '/payment', '/account', '/vouchers', '/sorry', '/confirmAccount', '/forgotpassword', '/createAccount'];

// SPEC §2's guarded account routes and the identity steps before them: the stored session (or the form) is their state.
const ACCOUNT_PATHS = ['/account', '/accountQR', '/updateProfile', '/addAddress', '/createAccount', '/viewOrder', '/vouchers', '/confirmAccount', '/forgotPassword'];

describe('the settings gate', () => {
  it('holds exactly SPEC §2 public-path list', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual([...SPEC_PUBLIC_PATHS].sort());
  });

  it.each(SPEC_PUBLIC_PATHS.filter((path) => path !== ''))('returns to the public path %s once settings load', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(returnPathAfterSettingsLoad(path, true)).toBe(path);
  });

  it('returns to /home when no path was requested', () => {
    expect(DEFAULT_RETURN_PATH).toBe('/home');
    expect(returnPathAfterSettingsLoad('', true)).toBe('/home');
  });

  it.each(APP_ROUTES_NOT_PUBLIC)('checks settings using / when the app starts on %s', (path) => {
    expect(isPublicPath(path)).toBe(false);
    expect(returnPathAfterSettingsLoad(path, true)).toBe('/');
  });

  it.each(ACCOUNT_PATHS)('keeps the account page %s on a reload, as the root route asks for it', (path) => {
    expect(isAccountPath(path)).toBe(true);
    expect(returnPathAfterSettingsLoad(path, true, isAccountPath(path))).toBe(path);
  });

  it('does not count the ordering steps or the error page as account pages', () => {
    for (const path of ['/basket', '/checkout', '/sorry', '/login', '/accounts']) expect(isAccountPath(path)).toBe(false);
  });

  it('keeps a path that is no route of the app, so that it reaches the splash', () => {
    expect(returnPathAfterSettingsLoad('/no-such-page', false)).toBe('/no-such-page');
  });

  it('matches public paths whatever their case or trailing slash', () => {
    expect(isPublicPath('/updaterequired')).toBe(true);
    expect(isPublicPath('/order/')).toBe(true);
  });
});
