import type { Migration } from 'kysely';
import { accounts } from './accounts';
import { backOfficeAudit } from './backOfficeAudit';
import { basketsAndLines } from './basketsAndLines';
import { bookingsAndEnquiries } from './bookingsAndEnquiries';
import { deliveryZoneAreas } from './deliveryZoneAreas';
import { hoursSettingsBusy } from './hoursSettingsBusy';
import { kitchenListIndex } from './kitchenListIndex';
import { menuDraftsSoldOut } from './menuDraftsSoldOut';
import { mediaPhotos } from './mediaPhotos';
import { menuItemHighlighted } from './menuItemHighlighted';
import { menuItemNumberChinese } from './menuItemNumberChinese';
import { notificationCashInstead } from './notificationCashInstead';
import { orderAcceptance } from './orderAcceptance';
import { pageDrafts } from './pageDrafts';
import { paymentOutboxClaims } from './paymentOutboxClaims';
import { orderNotifications } from './orderNotifications';
import { orderNumbers } from './orderNumbers';
import { payments } from './payments';
import { phoneOrderKeys } from './phoneOrderKeys';
import { printJobPaymentChanged } from './printJobPaymentChanged';
import { phoneOrders } from './phoneOrders';
import { preOrders } from './preOrders';
import { refusedLines } from './refusedLines';
import { restaurantMenusPages } from './restaurantMenusPages';
import { sharePhoto } from './sharePhoto';
import { takeawayCashPayment } from './takeawayCashPayment';
import { takeawayOrderLimits } from './takeawayOrderLimits';
import { ticketPrinting } from './ticketPrinting';
import { waitingRequestsIndex } from './waitingRequestsIndex';

// Listed statically, not read from a folder, so the server runs the same from source (tsx),
// from a bundle, or in tests. Kysely applies them in the alphabetical order of these names.
export const migrations: Record<string, Migration> = {
  '0001-restaurant-menus-pages': restaurantMenusPages,
  '0002-baskets-and-lines': basketsAndLines,
  '0003-order-acceptance': orderAcceptance,
  '0004-bookings-and-enquiries': bookingsAndEnquiries,
  '0005-accounts': accounts,
  '0006-payments': payments,
  '0007-takeaway-cash-payment': takeawayCashPayment,
  '0008-takeaway-order-limits': takeawayOrderLimits,
  '0009-waiting-requests-index': waitingRequestsIndex,
  '0010-kitchen-list-index': kitchenListIndex,
  '0011-menu-item-highlighted': menuItemHighlighted,
  '0012-back-office-audit': backOfficeAudit,
  '0013-menu-drafts-sold-out': menuDraftsSoldOut,
  '0014-hours-settings-busy': hoursSettingsBusy,
  '0015-delivery-zone-areas': deliveryZoneAreas,
  '0016-order-notifications': orderNotifications,
  '0017-pre-orders': preOrders,
  '0018-order-numbers': orderNumbers,
  '0019-refused-lines': refusedLines,
  '0022-menu-item-number-chinese': menuItemNumberChinese,
  '0023-media-photos': mediaPhotos,
  '0024-ticket-printing': ticketPrinting,
  '0025-phone-orders': phoneOrders,
  '0026-page-drafts': pageDrafts,
  '0027-share-photo': sharePhoto,
  '0028-payment-outbox-claims': paymentOutboxClaims,
  '0029-notification-cash-instead': notificationCashInstead,
  '0030-print-job-payment-changed': printJobPaymentChanged,
  '0031-phone-order-keys': phoneOrderKeys,
};
