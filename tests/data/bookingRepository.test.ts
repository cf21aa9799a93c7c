import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRepository } from '../../src/server/db/bookingRepository';
import { migrateToLatest } from '../../src/server/db/database';
import { createRepositories } from '../../src/server/db/repositories';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

const receivedAt = '2026-11-24T18:00:00.000Z';
const contact = { name: 'Ada Lovelace', phone: '0113 496 0999', email: 'ada@example.com' };
const booking = (date: string, time: string) => ({ date, time, partySize: 4, ...contact, notes: '' });
const enquiry = (eventDate: string) => ({
  eventDate,
  guests: 40,
  budget: 'about £15 a head',
  ...contact,
  message: 'A family party at home',
});

describe.each(databaseTargets)('the booking repository on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let bookings: BookingRepository;
  let syncs = 0;

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    bookings = createRepositories(database.db, {
      syncToDisk: async () => {
        syncs += 1;
      },
    }).bookings;
  });
  afterAll(() => database.dispose());

  it('stores a request, syncs it to disk, and lists the requests of a range of days by date and time', async () => {
    const syncsBefore = syncs;
    expect(await bookings.addBookingRequest('B-LATE22', booking('2026-11-25', '21:00'), receivedAt)).toBe('stored');
    expect(await bookings.addBookingRequest('B-EARLY2', booking('2026-11-25', '17:30'), '2026-11-24T18:05:00.000Z')).toBe('stored');
    expect(await bookings.addBookingRequest('B-FIRST2', booking('2026-11-24', '19:00'), receivedAt)).toBe('stored');
    expect(await bookings.addBookingRequest('B-AFTER2', booking('2026-11-26', '19:00'), receivedAt)).toBe('stored');
    expect(syncs - syncsBefore).toBe(4);

    // B-AFTER2, for the 26th, was received on the 24th: listed with the days it arrived on too.
    const listed = await bookings.listBookingRequests({ from: '2026-11-24', to: '2026-11-25' });
    expect(listed.map((record) => record.bookingRef)).toEqual(['B-FIRST2', 'B-EARLY2', 'B-LATE22', 'B-AFTER2']);
    expect(listed[1]).toEqual({ bookingRef: 'B-EARLY2', ...booking('2026-11-25', '17:30'), receivedAt: '2026-11-24T18:05:00.000Z' });
    expect(await bookings.listBookingRequests({ from: '2026-11-27', to: '2026-12-31' })).toEqual([]);
  });

  it('answers referenceTaken for a reference already given, changing nothing and syncing nothing', async () => {
    expect(await bookings.addBookingRequest('B-TAKEN2', booking('2026-12-01', '19:00'), receivedAt)).toBe('stored');
    const syncsBefore = syncs;
    expect(await bookings.addBookingRequest('B-TAKEN2', { ...booking('2026-12-01', '20:00'), name: 'Someone else' }, receivedAt)).toBe(
      'referenceTaken',
    );
    expect(syncs).toBe(syncsBefore);
    expect(await bookings.listBookingRequests({ from: '2026-12-01', to: '2026-12-01' })).toEqual([
      { bookingRef: 'B-TAKEN2', ...booking('2026-12-01', '19:00'), receivedAt },
    ]);
  });

  it('stores enquiries, lists them by event date, and answers referenceTaken for a reference already given', async () => {
    const syncsBefore = syncs;
    expect(await bookings.addCateringEnquiry('C-LATER2', enquiry('2027-01-10'), receivedAt)).toBe('stored');
    expect(await bookings.addCateringEnquiry('C-SOON22', enquiry('2026-12-24'), receivedAt)).toBe('stored');
    expect(await bookings.addCateringEnquiry('C-SOON22', enquiry('2026-12-25'), receivedAt)).toBe('referenceTaken');
    expect(syncs - syncsBefore).toBe(2);

    expect(await bookings.listCateringEnquiries({ from: '2026-12-01', to: '2027-01-31' })).toEqual([
      { enquiryRef: 'C-SOON22', ...enquiry('2026-12-24'), receivedAt },
      { enquiryRef: 'C-LATER2', ...enquiry('2027-01-10'), receivedAt },
    ]);
    expect(await bookings.listCateringEnquiries({ from: '2026-12-25', to: '2027-01-09' })).toEqual([]);
  });

  it("lists an enquiry for a far-off event, and a booking for a later day, with the London day each was received on", async () => {
    expect(await bookings.addCateringEnquiry('C-SUMMER', enquiry('2027-06-12'), '2026-11-23T00:30:00.000Z')).toBe('stored');
    expect(await bookings.addBookingRequest('B-XMAS22', booking('2026-12-24', '19:00'), '2026-11-23T23:59:00.000Z')).toBe('stored');
    const day = { from: '2026-11-23', to: '2026-11-23' };
    expect((await bookings.listCateringEnquiries(day)).map((record) => record.enquiryRef)).toEqual(['C-SUMMER']);
    expect((await bookings.listBookingRequests(day)).map((record) => record.bookingRef)).toEqual(['B-XMAS22']);
    // Not with the day before nor the day after (London is on GMT in November).
    for (const other of ['2026-11-22', '2026-11-24']) {
      expect((await bookings.listCateringEnquiries({ from: other, to: other })).map((record) => record.enquiryRef)).not.toContain('C-SUMMER');
      expect((await bookings.listBookingRequests({ from: other, to: other })).map((record) => record.bookingRef)).not.toContain('B-XMAS22');
    }
  });
});
