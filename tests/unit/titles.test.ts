import { describe, expect, it } from 'vitest';
import { TITLE_SEPARATOR, titleFor } from '../../src/domain/pageTitles';

const NAME = 'Golden Dragon';

// SPEC §2's title table, row by row.
const SPEC_TITLE_TABLE: ReadonlyArray<[string, string]> = [
  ['/restaurant', 'Visit the restaurant'],
  ['/apps', 'Our Apps'],
  ['/gallery', 'Gallery'],
  ['/order', 'Add items to your order'],
  ['/basket', 'Manage your order basket'],
  ['/contact', 'Enter your contact details'],
  ['/delivery', 'Enter your delivery details'],
  ['/orderTime', 'Select your order time'],
  ['/checkout', 'Order Checkout'],
  ['/payment', 'Payment details'],
  ['/paymentIssue', 'There has been a payment issue'],
  ['/confirmation', 'Your order confirmation'],
  ['/track', 'Track your order'],
  ['/updateRequired', 'An update is required for your App'],
  ['/fix-issue', 'Fix your order issue'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookie Policy'],
  ['/terms', 'Terms of Use'],
  ['/about-us', 'About Us'],
  ['/login', 'Login to your account'],
  ['/register', 'Register for your account'],
  ['/confirmAccount', 'Confirm your account details'],
  ['/createAccount', 'Create your account'],
  ['/forgotpassword', 'Register for an account'],
  ['/account', 'Your account details'],
  ['/updateProfile', 'Update your profile'],
  ['/addAddress', 'Add an address to your profile'],
  ['/viewOrder', 'View previous orders'],
  ['/vouchers', 'View your vouchers'],
];

describe('titleFor', () => {
  it('puts the trading name before the suffix with one separator', () => {
    expect(TITLE_SEPARATOR).toBe(' | ');
  });

  it.each(SPEC_TITLE_TABLE)('%s is titled "%s" after the name', (path, suffix) => {
    expect(titleFor(path, NAME)).toBe(`Golden Dragon | ${suffix}`);
  });

  it('gives /forgotPassword, as SPEC also writes it, the same title as /forgotpassword', () => {
    expect(titleFor('/forgotPassword', NAME)).toBe('Golden Dragon | Register for an account');
  });

  it.each([
    ['/booking', 'Book a table'],
    ['/dine-at-home', 'Dine at home'],
    ['/sorry', 'Sorry, something went wrong'],
    ['/restaurant-confirmation', 'Waiting for the restaurant'],
    ['/order-cancelled', 'Your order has been cancelled'],
    ['/order-cancel-error', 'Your order could not be cancelled'],
    ['/kitchen', 'Kitchen'],
    ['/kitchen/bookings', 'Bookings'],
    ['/kitchen/printers', 'Printers'],
    ['/manage/printers', 'Printers'],
  ])('gives %s, which the table leaves out, the suffix "%s"', (path, suffix) => {
    expect(titleFor(path, NAME)).toBe(`Golden Dragon | ${suffix}`);
  });

  it.each(['/', '/home', '/no-such-page', '/paymentProcessing', '/a/b/c'])('titles %s with the trading name alone', (path) => {
    expect(titleFor(path, NAME)).toBe('Golden Dragon');
  });

  it('ignores a trailing slash', () => {
    expect(titleFor('/privacy/', NAME)).toBe('Golden Dragon | Privacy Policy');
  });

  it('uses the suffix alone when the trading name is not known', () => {
    expect(titleFor('/sorry', undefined)).toBe('Sorry, something went wrong');
    expect(titleFor('/', undefined)).toBe('');
  });
});
