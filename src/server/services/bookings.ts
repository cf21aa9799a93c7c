import { bookingMessages } from '../../domain/bookingRules';
import { isCalendarDate } from '../../domain/londonClock';
import {
  validateBookingRequest,
  validateCateringEnquiry,
  validateStaffListRange,
  type BookingRequest,
  type CateringEnquiry,
  type DateRange,
  type Validated,
} from '../domain/bookingRequests';
import { bookingTimes, type BookingClock } from '../domain/bookingTimes';
import { storeUnderNewReference } from '../domain/customerReferences';
import { ApiError } from '../errors';
import { restaurantOf } from './restaurant';
import type { ServiceContext } from './serviceContext';

// The restaurant's own pages (docs/restaurant-pages.md): booking times, a booking request, a catering enquiry, and the
// kitchen's lists of both. A refusal names every invalid field (400), and nothing has been written when it is thrown.

async function bookingClock({ repositories, clock }: ServiceContext): Promise<BookingClock> {
  const restaurant = await restaurantOf(repositories);
  return { now: clock(), openingPeriods: restaurant.openingHours, specialDays: restaurant.specialDays ?? [] };
}

function valueOrRefusal<Value>(validated: Validated<Value>): Value {
  if (!validated.ok) throw new ApiError(400, null, validated.failures);
  return validated.value;
}

/** The times a table can be asked for on `date`. */
export async function bookingTimesOn(context: ServiceContext, date: string): Promise<string[]> {
  if (!isCalendarDate(date)) throw new ApiError(400, null, [{ field: 'date', message: bookingMessages.dateFormat }]);
  return bookingTimes(date, await bookingClock(context));
}

/**
 * How long the same request sent again is taken for a resend: a phone on a patchy signal whose answer was lost, which
 * the form invites to send again with everything still typed. Staff would otherwise see two tables for one party.
 */
const RESEND_WINDOW_MS = 10 * 60_000;

const resendSince = (now: Date) => new Date(now.getTime() - RESEND_WINDOW_MS).toISOString();

/** Stores a booking request under a new reference, which it answers; the same request resent answers its first reference. */
export async function requestBooking(context: ServiceContext, asked: BookingRequest): Promise<string> {
  const clock = await bookingClock(context);
  const booking = valueOrRefusal(validateBookingRequest(asked, clock));
  const { bookings } = context.repositories;
  const resent = await bookings.sameBookingRequestSince(booking, resendSince(clock.now));
  if (resent !== undefined) return resent;
  return storeUnderNewReference('B-', (reference) => bookings.addBookingRequest(reference, booking, clock.now.toISOString()));
}

/** Stores a catering enquiry under a new reference, which it answers; the same enquiry resent answers its first reference. */
export async function enquireAboutCatering({ repositories, clock }: ServiceContext, asked: CateringEnquiry): Promise<string> {
  const now = clock();
  const enquiry = valueOrRefusal(validateCateringEnquiry(asked, now));
  const resent = await repositories.bookings.sameCateringEnquirySince(enquiry, resendSince(now));
  if (resent !== undefined) return resent;
  return storeUnderNewReference('C-', (reference) => repositories.bookings.addCateringEnquiry(reference, enquiry, now.toISOString()));
}

/** The booking requests for the days asked for. */
export function bookingRequestsIn({ repositories }: ServiceContext, range: DateRange) {
  return repositories.bookings.listBookingRequests(valueOrRefusal(validateStaffListRange(range)));
}

/** The catering enquiries for the days asked for. */
export function cateringEnquiriesIn({ repositories }: ServiceContext, range: DateRange) {
  return repositories.bookings.listCateringEnquiries(valueOrRefusal(validateStaffListRange(range)));
}
