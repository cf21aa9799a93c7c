import type { FastifyInstance } from 'fastify';
import { bookingMessages } from '../../domain/bookingRules';
import { isCalendarDate } from '../../domain/londonClock';
import { validateBookingRequest, validateCateringEnquiry, validateStaffListRange, type Validated } from '../domain/bookingRequests';
import { bookingTimes, type BookingClock } from '../domain/bookingTimes';
import { storeUnderNewReference } from '../domain/customerReferences';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { restaurantOf } from '../services/restaurant';

type BookingOperation =
  'getBookingTimes' | 'createBookingRequest' | 'createCateringEnquiry' | 'listBookingRequests' | 'listCateringEnquiries';

async function bookingClock(server: FastifyInstance): Promise<BookingClock> {
  const restaurant = await restaurantOf(server.repositories);
  return { now: server.clock(), openingPeriods: restaurant.openingHours, specialDays: restaurant.specialDays ?? [] };
}

/** The valid value, or a 400 naming every invalid field; nothing has been written when it is thrown. */
function valueOrRefusal<Value>(validated: Validated<Value>): Value {
  if (!validated.ok) throw new ApiError(400, null, validated.failures);
  return validated.value;
}

// The restaurant's own pages (docs/restaurant-pages.md): booking times, a booking request, a catering enquiry,
// and the kitchen's lists of both.
export const bookingHandlers: Pick<HandlerMap, BookingOperation> = {
  async getBookingTimes(request) {
    const { date } = request.params;
    if (!isCalendarDate(date)) throw new ApiError(400, null, [{ field: 'date', message: bookingMessages.dateFormat }]);
    return { data: { date, times: bookingTimes(date, await bookingClock(request.server)) } };
  },

  async createBookingRequest(request) {
    const clock = await bookingClock(request.server);
    const booking = valueOrRefusal(validateBookingRequest(request.body, clock));
    const bookingRef = await storeUnderNewReference('B-', (reference) =>
      request.server.repositories.bookings.addBookingRequest(reference, booking, clock.now.toISOString()),
    );
    return { data: { bookingRef } };
  },

  async createCateringEnquiry(request) {
    const now = request.server.clock();
    const enquiry = valueOrRefusal(validateCateringEnquiry(request.body, now));
    const enquiryRef = await storeUnderNewReference('C-', (reference) =>
      request.server.repositories.bookings.addCateringEnquiry(reference, enquiry, now.toISOString()),
    );
    return { data: { enquiryRef } };
  },

  async listBookingRequests(request) {
    const days = valueOrRefusal(validateStaffListRange(request.query));
    return { data: { bookings: await request.server.repositories.bookings.listBookingRequests(days) } };
  },

  async listCateringEnquiries(request) {
    const days = valueOrRefusal(validateStaffListRange(request.query));
    return { data: { enquiries: await request.server.repositories.bookings.listCateringEnquiries(days) } };
  },
};
