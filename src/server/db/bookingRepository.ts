import type { Kysely } from 'kysely';
import type { components } from '../../api/schema.gen';
import type { DateRange, ValidBookingRequest, ValidCateringEnquiry } from '../domain/bookingRequests';
import type { DatabaseSchema } from './schema';
import { londonDaysInstants } from '../domain/takings';

type BookingRecord = components['schemas']['BookingRecord'];
type CateringEnquiryRecord = components['schemas']['CateringEnquiryRecord'];

/** 'referenceTaken' when another row already has the reference, so the caller can draw another. */
export type StoreOutcome = 'stored' | 'referenceTaken';

export interface BookingRepository {
  addBookingRequest(bookingRef: string, request: ValidBookingRequest, receivedAt: string): Promise<StoreOutcome>;
  addCateringEnquiry(enquiryRef: string, enquiry: ValidCateringEnquiry, receivedAt: string): Promise<StoreOutcome>;
  /** The reference of the same request, field for field, received at or after `since`: a resend, not a second table. */
  sameBookingRequestSince(request: ValidBookingRequest, since: string): Promise<string | undefined>;
  /** The reference of the same enquiry, field for field, received at or after `since`. */
  sameCateringEnquirySince(enquiry: ValidCateringEnquiry, since: string): Promise<string | undefined>;
  /** Requests for the days of the range, by date and time, then in the order they arrived. */
  listBookingRequests(days: DateRange): Promise<BookingRecord[]>;
  /** Enquiries whose event falls on the days of the range, by event date, then in the order they arrived. */
  listCateringEnquiries(days: DateRange): Promise<CateringEnquiryRecord[]>;
}

// SQLite (better-sqlite3) and PostgreSQL name a clash on a primary key or unique column differently.
const uniqueViolationCodes = new Set(['SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE', '23505']);

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && uniqueViolationCodes.has(String((error as { code?: unknown }).code));
}

/** `syncToDisk` runs after every stored request or enquiry: one the customer was told is received must survive a power cut. */
export function createBookingRepository(db: Kysely<DatabaseSchema>, syncToDisk: () => Promise<void>): BookingRepository {
  async function stored(insert: Promise<unknown>): Promise<StoreOutcome> {
    try {
      await insert;
    } catch (error) {
      if (isUniqueViolation(error)) return 'referenceTaken';
      throw error;
    }
    await syncToDisk();
    return 'stored';
  }

  return {
    addBookingRequest: (bookingRef, request, receivedAt) =>
      stored(
        db
          .insertInto('booking_requests')
          .values({
            booking_ref: bookingRef,
            booking_date: request.date,
            booking_time: request.time,
            party_size: request.partySize,
            name: request.name,
            phone: request.phone,
            email: request.email,
            notes: request.notes,
            received_at: receivedAt,
          })
          .execute(),
      ),

    addCateringEnquiry: (enquiryRef, enquiry, receivedAt) =>
      stored(
        db
          .insertInto('catering_enquiries')
          .values({
            enquiry_ref: enquiryRef,
            event_date: enquiry.eventDate,
            guests: enquiry.guests,
            budget: enquiry.budget,
            name: enquiry.name,
            phone: enquiry.phone,
            email: enquiry.email,
            message: enquiry.message,
            received_at: receivedAt,
          })
          .execute(),
      ),

    async sameBookingRequestSince(request, since) {
      const row = await db
        .selectFrom('booking_requests')
        .select('booking_ref')
        .where('booking_date', '=', request.date)
        .where('booking_time', '=', request.time)
        .where('party_size', '=', request.partySize)
        .where('name', '=', request.name)
        .where('phone', '=', request.phone)
        .where('email', '=', request.email)
        .where('notes', '=', request.notes)
        .where('received_at', '>=', since)
        .orderBy('received_at')
        .executeTakeFirst();
      return row?.booking_ref;
    },

    async sameCateringEnquirySince(enquiry, since) {
      const row = await db
        .selectFrom('catering_enquiries')
        .select('enquiry_ref')
        .where('event_date', '=', enquiry.eventDate)
        .where('guests', '=', enquiry.guests)
        .where('budget', '=', enquiry.budget)
        .where('name', '=', enquiry.name)
        .where('phone', '=', enquiry.phone)
        .where('email', '=', enquiry.email)
        .where('message', '=', enquiry.message)
        .where('received_at', '>=', since)
        .orderBy('received_at')
        .executeTakeFirst();
      return row?.enquiry_ref;
    },

    async listBookingRequests({ from, to }) {
      // A request received in the range is listed with the range's own, so that staff see a booking or an enquiry
      // for a later day on the day it arrives, not only once that day is in view.
      const received = londonDaysInstants({ from, to });
      const rows = await db
        .selectFrom('booking_requests')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('booking_date', '>=', from), eb('booking_date', '<=', to)]),
            eb.and([eb('received_at', '>=', received.fromInstant), eb('received_at', '<', received.beforeInstant)]),
          ]),
        )
        .orderBy('booking_date')
        .orderBy('booking_time')
        .orderBy('received_at')
        .orderBy('booking_ref')
        .execute();
      return rows.map((row) => ({
        bookingRef: row.booking_ref,
        date: row.booking_date,
        time: row.booking_time,
        partySize: row.party_size,
        name: row.name,
        phone: row.phone,
        email: row.email,
        notes: row.notes,
        receivedAt: row.received_at,
      }));
    },

    async listCateringEnquiries({ from, to }) {
      // A request received in the range is listed with the range's own, so that staff see a booking or an enquiry
      // for a later day on the day it arrives, not only once that day is in view.
      const received = londonDaysInstants({ from, to });
      const rows = await db
        .selectFrom('catering_enquiries')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('event_date', '>=', from), eb('event_date', '<=', to)]),
            eb.and([eb('received_at', '>=', received.fromInstant), eb('received_at', '<', received.beforeInstant)]),
          ]),
        )
        .orderBy('event_date')
        .orderBy('received_at')
        .orderBy('enquiry_ref')
        .execute();
      return rows.map((row) => ({
        enquiryRef: row.enquiry_ref,
        eventDate: row.event_date,
        guests: row.guests,
        budget: row.budget,
        name: row.name,
        phone: row.phone,
        email: row.email,
        message: row.message,
        receivedAt: row.received_at,
      }));
    },
  };
}
