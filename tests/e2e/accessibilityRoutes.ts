/**
 * Every route of the app (its path as the generated route tree names it) under the accessibility test that runs axe on
 * it, at phone and desktop widths (accessibility.spec.ts). Each test checks that it met each of its routes, and
 * tests/unit/accessibilityRoutes.test.ts that together they name every route: a new route needs an axe check here.
 */
export const AXE_CHECKED_ROUTES = {
  'the information pages': ['/', '/home', '/restaurant', '/apps', '/privacy', '/cookies', '/terms', '/about-us', '/$page', '/gallery'],
  'the sign-in, help and form pages': [
    '/login',
    '/register',
    '/confirmAccount',
    '/forgotpassword',
    '/track',
    '/updateRequired',
    '/sorry',
    '/$page',
    '/fix-issue',
    '/booking',
    '/dine-at-home',
    '/paymentIssue',
  ],
  'a guest cash collection order': [
    '/order',
    '/basket',
    '/contact',
    '/orderTime',
    '/checkout',
    '/fix-issue',
    '/restaurant-confirmation',
    '/order-cancel-error',
    '/confirmation',
    '/track',
  ],
  'a delivery order paid with PayPal, then cancelled': [
    '/delivery',
    '/payment',
    '/paymentProcessing',
    '/order-cancelled',
  ],
  'the kitchen': ['/kitchen', '/kitchen/ticket/$orderId', '/kitchen/bookings', '/kitchen/printers'],
  'the account pages': ['/createAccount', '/account', '/updateProfile', '/addAddress', '/accountQR', '/vouchers', '/viewOrder'],
  'the back office': ['/manage', '/manage/', '/manage/audit', '/manage/menu', '/manage/pages', '/manage/zones', '/manage/printers', '/manage/customers', '/manage/takings', '/manage/hours', '/manage/settings'],
} as const satisfies Record<string, readonly string[]>;

export type AxeTestName = keyof typeof AXE_CHECKED_ROUTES;
export type CheckedRoute<Test extends AxeTestName> = (typeof AXE_CHECKED_ROUTES)[Test][number];
