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

    const listed = await bookings.listBookingRequests({ from: '2026-11-24', to: '2026-11-25' });
    expect(listed.map((record) => record.bookingRef)).toEqual(['B-FIRST2', 'B-EARLY2', 'B-LATE22']);
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
});
