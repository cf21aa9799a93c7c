import { bookingRequestsIn, bookingTimesOn, cateringEnquiriesIn, enquireAboutCatering, requestBooking } from '../services/bookings';
import type { HandlerMap } from './handlerTypes';

type BookingOperation =
  'getBookingTimes' | 'createBookingRequest' | 'createCateringEnquiry' | 'listBookingRequests' | 'listCateringEnquiries';

// The restaurant's own pages (docs/restaurant-pages.md); the use-cases are services/bookings.ts.
export const bookingHandlers: Pick<HandlerMap, BookingOperation> = {
  async getBookingTimes(request) {
    const { date } = request.params;
    return { data: { date, times: await bookingTimesOn(request.server, date) } };
  },

  async createBookingRequest(request) {
    return { data: { bookingRef: await requestBooking(request.server, request.body) } };
  },

  async createCateringEnquiry(request) {
    return { data: { enquiryRef: await enquireAboutCatering(request.server, request.body) } };
  },

  async listBookingRequests(request) {
    return { data: { bookings: await bookingRequestsIn(request.server, request.query) } };
  },

  async listCateringEnquiries(request) {
    return { data: { enquiries: await cateringEnquiriesIn(request.server, request.query) } };
  },
};
