import SqliteDatabase from 'better-sqlite3';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingMessages, enquiryMessages, staffListMessages } from '../../src/domain/bookingRules';
import { identification, startOrderingServer, tuesdayEvening, type Answer, type OrderingServer } from './orderingServer';

// The booking request, the catering enquiry and their staff lists over real HTTP (docs/restaurant-pages.md).
// The server's clock stands at 18:00 on Tuesday 24 November 2026 (GMT); the demo restaurant opens 17:00–22:30
// on Tuesdays to Thursdays and is closed on Mondays.

let ordering: OrderingServer;
let staffToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  staffToken = await ordering.staffToken();
});
afterAll(() => ordering?.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

const referencePattern = (prefix: string) => new RegExp(`^${prefix}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$`);
const validBooking = {
  date: '2026-11-25',
  time: '19:30',
  partySize: 4,
  name: 'Ada Lovelace',
  phone: '0113 496 0999',
  email: 'ada@example.com',
  notes: 'A high chair, please',
};
const validEnquiry = {
  eventDate: '2026-12-24',
  guests: 40,
  budget: 'about £15 a head',
  name: 'Ada Lovelace',
  phone: '07700 900123',
  email: 'ada@example.com',
  message: 'A family party at home',
};
const phoneMessage = 'must be a UK phone number, for example 0113 496 0123';
const emailMessage = 'must be an email address, for example name@example.com';

/** The rows of every table, so "wrote nothing" means nothing anywhere. */
function rowCounts(): Record<string, number> {
  const sqlite = new SqliteDatabase(ordering.sqliteFile, { readonly: true });
  try {
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{
      name: string;
    }>;
    return Object.fromEntries(
      tables.map(({ name }) => [name, (sqlite.prepare(`select count(*) as count from "${name}"`).get() as { count: number }).count]),
    );
  } finally {
    sqlite.close();
  }
}

async function postText(path: string, body: string): Promise<Answer> {
  const response = await fetch(`${ordering.server.url}/api${path}`, {
    method: 'POST',
    headers: { ...identification, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** `token` null sends no token at all. */
const staffList = (path: string, from: string, to: string, token: string | null = staffToken) =>
  ordering.call(`/kitchen/${path}?from=${from}&to=${to}`, { token: token ?? undefined });

describe('POST /booking/request', () => {
  it('stores a valid request under a B- reference, which the staff list shows', async () => {
    const answer = await ordering.post('/booking/request', validBooking);
    expect(answer.status).toBe(200);
    const { bookingRef } = answer.body.data;
    expect(bookingRef).toMatch(referencePattern('B'));

    const listed = await staffList('bookings', '2026-11-25', '2026-11-25');
    expect(listed.status).toBe(200);
    expect(listed.body.data.bookings).toContainEqual({ bookingRef, ...validBooking, receivedAt: tuesdayEvening.toISOString() });
  });

  it('takes a request for today at the first time after the lead time, trimmed and without notes', async () => {
    const answer = await ordering.post('/booking/request', {
      ...validBooking,
      date: '2026-11-24',
      time: '19:00',
      name: '  Grace Hopper ',
      notes: undefined,
    });
    expect(answer.status).toBe(200);
    const listed = await staffList('bookings', '2026-11-24', '2026-11-24');
    expect(listed.body.data.bookings).toContainEqual(
      expect.objectContaining({ bookingRef: answer.body.data.bookingRef, name: 'Grace Hopper', notes: '' }),
    );
  });

  const invalidRequests: Array<[string, Record<string, unknown>, { field: string; message: string }]> = [
    ['a past date', { date: '2026-11-23' }, { field: 'date', message: bookingMessages.dateInPast }],
    ['a closed day', { date: '2026-11-30' }, { field: 'date', message: bookingMessages.dateClosed }],
    ['a time outside the opening hours', { time: '16:30' }, { field: 'time', message: bookingMessages.timeOutsideHours }],
    ['a time after the last seating', { time: '22:00' }, { field: 'time', message: bookingMessages.timeOutsideHours }],
    ['a time inside the lead time', { date: '2026-11-24', time: '18:45' }, { field: 'time', message: bookingMessages.timeTooSoon }],
    ['a party of 0', { partySize: 0 }, { field: 'partySize', message: bookingMessages.partySizeTooSmall }],
    ['a party of 21', { partySize: 21 }, { field: 'partySize', message: bookingMessages.partySizeTooLarge }],
    ['a bad phone number', { phone: '12345' }, { field: 'phone', message: phoneMessage }],
    ['a bad email', { email: 'ada@' }, { field: 'email', message: emailMessage }],
    ['an empty name', { name: '  ' }, { field: 'name', message: bookingMessages.nameEmpty }],
    ['too-long notes', { notes: 'x'.repeat(1001) }, { field: 'notes', message: bookingMessages.notesTooLong }],
    ['a party size as text', { partySize: '4' }, { field: 'partySize', message: 'must be a whole number' }],
    ['a missing phone', { phone: undefined }, { field: 'phone', message: 'is required' }],
    ['an unknown field', { tableNumber: 12 }, { field: 'tableNumber', message: 'is not allowed' }],
  ];

  it.each(invalidRequests)('refuses %s with that field’s message and stores nothing', async (_case, changes, failure) => {
    const before = rowCounts();
    const answer = await ordering.post('/booking/request', { ...validBooking, ...changes });
    expect(answer).toEqual({ status: 400, body: { errorMessage: null, validationErrors: [failure] } });
    expect(rowCounts()).toEqual(before);
  });

  it('refuses malformed JSON and stores nothing', async () => {
    const before = rowCounts();
    expect(await postText('/booking/request', '{"date": "2026-11-25",')).toEqual({
      status: 400,
      body: { errorMessage: null, validationErrors: [{ field: 'body', message: 'must be valid JSON' }] },
    });
    expect(rowCounts()).toEqual(before);
  });

  it('reports every invalid field at once', async () => {
    const before = rowCounts();
    const answer = await ordering.post('/booking/request', {
      date: '2026-11-24',
      time: '18:30',
      partySize: 21,
      name: '',
      phone: 'none',
      email: 'none',
      notes: '',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.validationErrors).toEqual([
      { field: 'time', message: bookingMessages.timeTooSoon },
      { field: 'partySize', message: bookingMessages.partySizeTooLarge },
      { field: 'name', message: bookingMessages.nameEmpty },
      { field: 'phone', message: phoneMessage },
      { field: 'email', message: emailMessage },
    ]);
    expect(rowCounts()).toEqual(before);
  });
});

describe('POST /catering/enquiry', () => {
  it('stores a valid enquiry under a C- reference, which the staff list shows', async () => {
    const answer = await ordering.post('/catering/enquiry', validEnquiry);
    expect(answer.status).toBe(200);
    const { enquiryRef } = answer.body.data;
    expect(enquiryRef).toMatch(referencePattern('C'));

    const listed = await staffList('cateringEnquiries', '2026-12-01', '2026-12-31');
    expect(listed.status).toBe(200);
    expect(listed.body.data.enquiries).toContainEqual({ enquiryRef, ...validEnquiry, receivedAt: tuesdayEvening.toISOString() });
  });

  const invalidEnquiries: Array<[string, Record<string, unknown>, { field: string; message: string }]> = [
    ['an event tomorrow', { eventDate: '2026-11-25' }, { field: 'eventDate', message: enquiryMessages.eventDateTooSoon }],
    ['an event more than a year ahead', { eventDate: '2027-11-25' }, { field: 'eventDate', message: enquiryMessages.eventDateTooFarAhead }],
    ['9 guests', { guests: 9 }, { field: 'guests', message: enquiryMessages.guestsTooFew }],
    ['501 guests', { guests: 501 }, { field: 'guests', message: enquiryMessages.guestsTooMany }],
    ['a short message', { message: 'Party' }, { field: 'message', message: enquiryMessages.messageTooShort }],
    ['a bad phone number', { phone: '999' }, { field: 'phone', message: phoneMessage }],
    ['guests as text', { guests: '40' }, { field: 'guests', message: 'must be a whole number' }],
    ['an unknown field', { venue: 'Garden' }, { field: 'venue', message: 'is not allowed' }],
  ];

  it.each(invalidEnquiries)('refuses %s with that field’s message and stores nothing', async (_case, changes, failure) => {
    const before = rowCounts();
    const answer = await ordering.post('/catering/enquiry', { ...validEnquiry, ...changes });
    expect(answer).toEqual({ status: 400, body: { errorMessage: null, validationErrors: [failure] } });
    expect(rowCounts()).toEqual(before);
  });

  it('reports every invalid field at once, and refuses malformed JSON, storing nothing', async () => {
    const before = rowCounts();
    const answer = await ordering.post('/catering/enquiry', { ...validEnquiry, eventDate: '2026-11-24', guests: 0, email: 'x' });
    expect(answer.body.validationErrors).toEqual([
      { field: 'eventDate', message: enquiryMessages.eventDateTooSoon },
      { field: 'guests', message: enquiryMessages.guestsTooFew },
      { field: 'email', message: emailMessage },
    ]);
    expect((await postText('/catering/enquiry', 'guests=40')).body.validationErrors).toEqual([
      { field: 'body', message: 'must be valid JSON' },
    ]);
    expect(rowCounts()).toEqual(before);
  });
});

describe('GET /booking/times/{date}', () => {
  it('offers today’s quarter hours from an hour from now to the last seating', async () => {
    const today = await ordering.call('/booking/times/2026-11-24');
    expect(today.status).toBe(200);
    expect(today.body.data.date).toBe('2026-11-24');
    expect(today.body.data.times[0]).toBe('19:00');
    expect(today.body.data.times.at(-1)).toBe('21:30');

    ordering.now = new Date('2026-11-24T18:20:00Z');
    expect((await ordering.call('/booking/times/2026-11-24')).body.data.times[0]).toBe('19:30');
  });

  it('offers none on a closed day, a past day or beyond 60 days', async () => {
    for (const date of ['2026-11-30', '2026-11-23', '2027-01-24']) {
      expect(await ordering.call(`/booking/times/${date}`)).toEqual({ status: 200, body: { data: { date, times: [] } } });
    }
  });

  it('refuses a day that does not exist', async () => {
    expect(await ordering.call('/booking/times/2026-02-30')).toEqual({
      status: 400,
      body: { errorMessage: null, validationErrors: [{ field: 'date', message: bookingMessages.dateFormat }] },
    });
  });
});

describe('the staff lists', () => {
  let forgedToken: string;
  let customerToken: string;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256');
    forgedToken = await new SignJWT({ ...decodeJwt(staffToken) })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    customerToken = await ordering.customerToken();
  });

  it.each([
    ['no token', () => null, 401],
    ['a forged token', () => forgedToken, 401],
    ['a signed-in customer outside the kitchen group', () => customerToken, 403],
  ])('refuse %s and change nothing', async (_who, token, status) => {
    expect((await ordering.post('/booking/request', validBooking)).status).toBe(200);
    const before = rowCounts();
    for (const path of ['bookings', 'cateringEnquiries']) {
      const answer = await staffList(path, '2026-11-24', '2026-12-31', token());
      expect(answer.status).toBe(status);
      expect(answer.body.data).toBeUndefined();
      if (status === 403) expect(answer.body.errorMessage).toBe("This is for the restaurant's staff only");
    }
    expect(rowCounts()).toEqual(before);
  });

  it.each(['bookings', 'cateringEnquiries'])('%s: refuse a range over 62 days or ending before it starts', async (path) => {
    expect((await staffList(path, '2026-11-24', '2027-01-25')).status).toBe(200);
    expect(await staffList(path, '2026-11-24', '2027-01-26')).toEqual({
      status: 400,
      body: { errorMessage: null, validationErrors: [{ field: 'to', message: staffListMessages.rangeTooLong }] },
    });
    expect(await staffList(path, '2026-11-24', '2026-11-23')).toEqual({
      status: 400,
      body: { errorMessage: null, validationErrors: [{ field: 'to', message: staffListMessages.toBeforeFrom }] },
    });
  });

  it('list bookings by date and time', async () => {
    for (const [date, time] of [
      ['2026-12-03', '20:00'],
      ['2026-12-02', '21:00'],
      ['2026-12-03', '17:15'],
    ]) {
      expect((await ordering.post('/booking/request', { ...validBooking, date, time })).status).toBe(200);
    }
    const listed = await staffList('bookings', '2026-12-02', '2026-12-03');
    expect(listed.body.data.bookings.map(({ date, time }: { date: string; time: string }) => `${date} ${time}`)).toEqual([
      '2026-12-02 21:00',
      '2026-12-03 17:15',
      '2026-12-03 20:00',
    ]);
  });
});
