import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

type BookingOperation = 'getBookingTimes' | 'createBookingRequest' | 'createCateringEnquiry' | 'listBookingRequests' | 'listCateringEnquiries';

// Issue 5 builds these (docs/restaurant-pages.md); until then the contract answers 501.
export const bookingHandlers: Pick<HandlerMap, BookingOperation> = {
  getBookingTimes: () => notAvailableYet('getBookingTimes'),
  createBookingRequest: () => notAvailableYet('createBookingRequest'),
  createCateringEnquiry: () => notAvailableYet('createCateringEnquiry'),
  listBookingRequests: () => notAvailableYet('listBookingRequests'),
  listCateringEnquiries: () => notAvailableYet('listCateringEnquiries'),
};
