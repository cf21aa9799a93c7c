import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';

// A booking or an enquiry whose answer was lost on a patchy signal, sent again from the form that keeps everything
// typed (docs/restaurant-pages.md): the same request within ten minutes is the first one, not a second table for staff.
// A server of its own, as booking.test.ts spends the enquiries' hourly budget.

let ordering: OrderingServer;
let staffToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  staffToken = await ordering.staffToken();
});
afterAll(() => ordering.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

const booking = { date: '2026-11-27', time: '19:30', partySize: 4, name: 'Resent Booker', phone: '0113 496 0999', email: 'ada@example.com', notes: '' };
const enquiry = { eventDate: '2026-12-24', guests: 40, budget: 'about £15 a head', name: 'Resent Party', phone: '07700 900123', email: 'ada@example.com', message: 'A family party at home' };
const listed = async (path: string, from: string, to: string) => (await ordering.call(`/kitchen/${path}?from=${from}&to=${to}`, { token: staffToken })).body.data;

describe('the same request sent again', () => {
  it('is the first booking within ten minutes, stored once; another time, or the same later, is a booking of its own', async () => {
    const first = (await ordering.post('/booking/request', booking)).body.data.bookingRef;
    expect((await ordering.post('/booking/request', { ...booking, name: '  Resent Booker ' })).body.data.bookingRef).toBe(first);
    expect((await listed('bookings', booking.date, booking.date)).bookings.map((row: { bookingRef: string }) => row.bookingRef)).toEqual([first]);

    const otherTime = (await ordering.post('/booking/request', { ...booking, time: '20:00' })).body.data.bookingRef;
    expect(otherTime).not.toBe(first);
    ordering.now = new Date(tuesdayEvening.getTime() + 11 * 60_000);
    const later = (await ordering.post('/booking/request', booking)).body.data.bookingRef;
    expect([first, otherTime]).not.toContain(later);
  });

  it('is the first enquiry within ten minutes, stored once; one with other guests is an enquiry of its own', async () => {
    const first = (await ordering.post('/catering/enquiry', enquiry)).body.data.enquiryRef;
    expect((await ordering.post('/catering/enquiry', enquiry)).body.data.enquiryRef).toBe(first);
    expect((await listed('cateringEnquiries', enquiry.eventDate, enquiry.eventDate)).enquiries.map((row: { enquiryRef: string }) => row.enquiryRef)).toEqual([first]);
    expect((await ordering.post('/catering/enquiry', { ...enquiry, guests: 41 })).body.data.enquiryRef).not.toBe(first);
  });
});
