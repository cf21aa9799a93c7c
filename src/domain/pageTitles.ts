import { normalisePath } from './paths';

/** Between the restaurant's trading name and the page's suffix, for every document title. */
export const TITLE_SEPARATOR = ' | ';

/**
 * SPEC §2's title table, plus suffixes chosen for the public routes that the table leaves out
 * (`/booking`, `/dine-at-home`, `/sorry`). The home page (`/`, `/home`) and any path not listed
 * (the splash, generic content pages, routes SPEC gives no title) show the trading name alone.
 * Keys are lower case because routes match case-insensitively (`/forgotPassword` is `/forgotpassword`).
 */
const TITLE_SUFFIXES: Readonly<Record<string, string>> = {
  '/restaurant': 'Visit the restaurant',
  '/apps': 'Our Apps',
  '/gallery': 'Gallery',
  '/booking': 'Book a table',
  '/dine-at-home': 'Dine at home',
  '/order': 'Add items to your order',
  '/basket': 'Manage your order basket',
  '/contact': 'Enter your contact details',
  '/delivery': 'Enter your delivery details',
  '/ordertime': 'Select your order time',
  '/checkout': 'Order Checkout',
  '/payment': 'Payment details',
  '/paymentissue': 'There has been a payment issue',
  '/confirmation': 'Your order confirmation',
  '/track': 'Track your order',
  '/updaterequired': 'An update is required for your App',
  '/fix-issue': 'Fix your order issue',
  '/privacy': 'Privacy Policy',
  '/cookies': 'Cookie Policy',
  '/terms': 'Terms of Use',
  '/about-us': 'About Us',
  '/login': 'Login to your account',
  '/register': 'Register for your account',
  '/confirmaccount': 'Confirm your account details',
  '/createaccount': 'Create your account',
  // SPEC's table gives the forgotten-password page this text; kept to the letter.
  '/forgotpassword': 'Register for an account',
  '/account': 'Your account details',
  '/updateprofile': 'Update your profile',
  '/addaddress': 'Add an address to your profile',
  '/vieworder': 'View previous orders',
  '/vouchers': 'View your vouchers',
  '/sorry': 'Sorry, something went wrong',
  // The acceptance screens SPEC's table leaves out (docs/acceptance-and-kitchen.md), titled by what they say.
  '/restaurant-confirmation': 'Waiting for the restaurant',
  '/order-cancelled': 'Your order has been cancelled',
  '/order-cancel-error': 'Your order could not be cancelled',
  // The staff's dashboard and its Bookings view (docs/acceptance-and-kitchen.md); not in SPEC's table.
  '/kitchen': 'Kitchen',
  '/kitchen/bookings': 'Bookings',
  '/kitchen/printers': 'Printers',
  // The owner's back office (docs/back-office.md); not in SPEC's table.
  '/manage': 'Back office',
  '/manage/menu': 'Menu',
  '/manage/hours': 'Opening hours',
  '/manage/settings': 'Takeaway settings',
  '/manage/zones': 'Delivery zones',
  '/manage/printers': 'Printers',
  '/manage/customers': 'Customers and loyalty',
  '/manage/takings': 'Takings',
  '/manage/audit': 'Audit',
};

export function titleSuffixFor(pathname: string): string | undefined {
  return TITLE_SUFFIXES[normalisePath(pathname)];
}

/** Without a trading name (core data failed to load) the suffix stands alone. */
export function titleFor(pathname: string, restaurantName: string | undefined): string {
  const suffix = titleSuffixFor(pathname);
  if (!restaurantName) return suffix ?? '';
  return suffix ? `${restaurantName}${TITLE_SEPARATOR}${suffix}` : restaurantName;
}
