import { describe, expect, it } from 'vitest';
import { openingStateText } from '../../src/domain/openingStateText';
import { specialDaysAhead } from '../../src/screens/restaurant/restaurantDetails';
import { todaysHoursText } from '../../src/screens/home/homeDetails';
import { busyExtraMinutesAt, busyMessage, busyPauseMessage, busyStaffLabel } from '../../src/domain/busyMode';
import { hoursOn, openingStateAt, specialDaysFrom, type SpecialDay } from '../../src/domain/openingHours';
import { openingHoursFailures, type OpeningHoursEdit } from '../../src/domain/openingHoursRules';
import { takeawaySettingsFailures } from '../../src/domain/takeawaySettingsRules';
import { availableTimeSlots, fullSlotsOf, isAsapAvailable } from '../../src/server/domain/slots';

// The one opening rule (src/domain/openingHours.ts) with the owner's special days, which the pages, the bookings and the
// order slots all read; busy mode read against the clock; the rules the owner's forms and the server share.

const demoHours = [
  { day: 0, opens: '16:00', closes: '22:00' },
  { day: 2, opens: '17:00', closes: '22:30' },
  { day: 3, opens: '17:00', closes: '22:30' },
  { day: 4, opens: '17:00', closes: '22:30' },
  { day: 5, opens: '17:00', closes: '23:30' },
  { day: 6, opens: '17:00', closes: '23:30' },
];
// 24 November 2026 is a Tuesday; London keeps GMT in November.
const tuesdayClosed: SpecialDay = { date: '2026-11-24', message: 'Closed for a family wedding', sessions: [] };
const wednesdayLunch: SpecialDay = { date: '2026-11-25', message: 'Lunch only today', sessions: [{ opens: '12:00', closes: '14:30' }] };

describe('the opening rule with special days', () => {
  it('a closure day is closed all day, says why, and opens next on the following opening', () => {
    expect(openingStateAt(new Date('2026-11-24T18:00:00Z'), demoHours)).toEqual({ open: true, closes: '22:30' });
    expect(openingStateAt(new Date('2026-11-24T18:00:00Z'), demoHours, [tuesdayClosed])).toEqual({
      open: false,
      next: { date: '2026-11-25', day: 3, opens: '17:00' },
      notice: 'Closed for a family wedding',
    });
  });

  it("a special day's own sessions replace its weekday's", () => {
    const specialDays = [wednesdayLunch];
    expect(openingStateAt(new Date('2026-11-25T13:00:00Z'), demoHours, specialDays)).toEqual({ open: true, closes: '14:30', notice: 'Lunch only today' });
    expect(openingStateAt(new Date('2026-11-25T18:00:00Z'), demoHours, specialDays)).toMatchObject({ open: false, next: { date: '2026-11-26', opens: '17:00' } });
    expect(hoursOn(demoHours, 3, specialDays, '2026-11-25')).toEqual(['12:00–14:30']);
    expect(hoursOn(demoHours, 3, specialDays, '2026-12-02')).toEqual(['17:00–22:30']);
  });

  it('an evening session past midnight on a special day still runs into the next day, with its message', () => {
    const lateNight: SpecialDay = { date: '2026-12-31', message: "New Year's Eve: open late", sessions: [{ opens: '18:00', closes: '02:00' }] };
    expect(openingStateAt(new Date('2027-01-01T01:30:00Z'), demoHours, [lateNight])).toEqual({ open: true, closes: '02:00', notice: "New Year's Eve: open late" });
  });

  it("while the evening before still runs past midnight into a closure day, the closure's message waits for it to close", () => {
    const lateEveryDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '17:00', closes: '01:00' }));
    const christmasDay: SpecialDay = { date: '2026-12-25', message: 'Closed for Christmas Day', sessions: [] };
    // 00:30 on Christmas Day, in Christmas Eve's evening.
    const stillChristmasEve = openingStateAt(new Date('2026-12-25T00:30:00Z'), lateEveryDay, [christmasDay]);
    expect(openingStateText(stillChristmasEve, '2026-12-25')).toBe('Open now · until 01:00');
    const closed = openingStateAt(new Date('2026-12-25T01:30:00Z'), lateEveryDay, [christmasDay]);
    expect(openingStateText(closed, '2026-12-25')).toBe('Closed for Christmas Day · opens Saturday at 17:00');
  });

  it('no slots are offered on a closure day, nor ASAP; the next opening is offered instead', () => {
    const query = { now: new Date('2026-11-24T18:00:00Z'), openingPeriods: demoHours, specialDays: [tuesdayClosed], leadMinutes: 20 };
    const offered = availableTimeSlots(query);
    expect(offered.asapAvailable).toBe(false);
    expect(isAsapAvailable(query)).toBe(false);
    expect(offered.slots.some((slot) => slot.startsWith('2026-11-24'))).toBe(false);
    expect(offered.opensAt).toBe('2026-11-25T17:00:00.000Z');
  });

  it("the pages put a special day's message first, and today's hours are its own", () => {
    const now = new Date('2026-11-24T18:00:00Z');
    expect(openingStateText(openingStateAt(now, demoHours, [tuesdayClosed]), '2026-11-24')).toBe('Closed for a family wedding · opens Wednesday at 17:00');
    expect(todaysHoursText(demoHours, 2, [tuesdayClosed], '2026-11-24')).toBe('Closed today');
    expect(todaysHoursText(demoHours, 3, [wednesdayLunch], '2026-11-25')).toBe('Today 12:00–14:30');
    expect(specialDaysAhead([wednesdayLunch], '2026-11-24')).toEqual([{ date: '2026-11-25', text: 'Wednesday 25 November 2026: Lunch only today (12:00–14:30)' }]);
  });

  it('lists the special days from today on, earliest first', () => {
    expect(specialDaysFrom([wednesdayLunch, tuesdayClosed, { ...tuesdayClosed, date: '2026-11-20' }], '2026-11-24').map((day) => day.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
  });
});

describe('slot length and orders per slot', () => {
  const now = new Date('2026-11-24T18:00:00Z');
  it('offers slots of the length chosen', () => {
    expect(availableTimeSlots({ now, openingPeriods: demoHours, leadMinutes: 20, slotMinutes: 10 }).slots.slice(0, 2)).toEqual(['2026-11-24T18:20:00.000Z', '2026-11-24T18:30:00.000Z']);
  });

  it('a slot holding the most orders it takes is not offered, and ASAP falling in it is not either', () => {
    const fullSlots = fullSlotsOf(['2026-11-24T18:30:00.000Z', '2026-11-24T18:17:00.000Z', '2026-11-24T18:45:00.000Z'], 15, 2);
    expect([...fullSlots]).toEqual([Date.parse('2026-11-24T18:30:00Z')]);
    const offered = availableTimeSlots({ now, openingPeriods: demoHours, leadMinutes: 20, fullSlots });
    expect(offered.slots[0]).toBe('2026-11-24T18:45:00.000Z');
    expect(offered.asapAvailable).toBe(false);
    expect(fullSlotsOf(['2026-11-24T18:30:00.000Z'], 15, null).size).toBe(0);
  });
});

describe('busy mode against the clock', () => {
  const pause = { paused: true, pausedUntil: '2026-11-24T19:30:00.000Z', extraMinutes: 0 };
  it('refuses with the time ordering resumes, until that time', () => {
    expect(busyPauseMessage(pause, new Date('2026-11-24T19:00:00Z'))).toBe("We're very busy: online ordering resumes at 19:30");
    expect(busyPauseMessage(pause, new Date('2026-11-24T19:30:00Z'))).toBeUndefined();
    expect(busyPauseMessage({ paused: true, extraMinutes: 0 }, new Date('2026-11-30T19:30:00Z'))).toMatch(/^We're very busy: online ordering is paused/);
  });

  it('says how much longer orders take, and adds it to every lead time', () => {
    const slower = { paused: false, extraMinutes: 20 };
    expect(busyMessage(slower, new Date('2026-11-24T19:00:00Z'))).toBe('Orders are taking 20 minutes longer tonight');
    expect(busyMessage(slower, new Date('2026-11-24T12:00:00Z'))).toBe('Orders are taking 20 minutes longer today');
    expect(busyExtraMinutesAt(slower, new Date())).toBe(20);
    expect(busyMessage(undefined, new Date())).toBeUndefined();
  });

  it("says on the kitchen's staff bar whether it is on, and until when", () => {
    const at = new Date('2026-11-24T19:00:00Z');
    expect(busyStaffLabel(undefined, at)).toBe('Busy mode: off');
    expect(busyStaffLabel({ paused: true, pausedUntil: '2026-11-24T19:30:00Z', extraMinutes: 0 }, at)).toBe('Busy mode: orders paused until 19:30');
    expect(busyStaffLabel({ paused: true, pausedUntil: '2026-11-24T19:30:00Z', extraMinutes: 0 }, new Date('2026-11-24T19:30:00Z'))).toBe('Busy mode: off');
    expect(busyStaffLabel({ paused: true, extraMinutes: 0 }, at)).toBe('Busy mode: orders paused until switched back');
    expect(busyStaffLabel({ paused: false, extraMinutes: 20 }, at)).toBe('Busy mode: 20 extra minutes on every order');
  });
});

describe("the owner's fields", () => {
  const hours: OpeningHoursEdit = { weekly: demoHours, specialDays: [], collectionLeadMinutes: 20, deliveryLeadMinutes: 45, slotMinutes: 15, ordersPerSlot: null };
  it('accepts the demo hours and a lunch with an evening past midnight', () => {
    expect(openingHoursFailures(hours)).toEqual([]);
    expect(openingHoursFailures({ ...hours, weekly: [{ day: 2, opens: '12:00', closes: '14:00' }, { day: 2, opens: '18:00', closes: '00:30' }] })).toEqual([]);
  });

  it('names each refused field', () => {
    expect(
      openingHoursFailures({
        ...hours,
        weekly: [{ day: 2, opens: '17:00', closes: '17:00' }, { day: 4, opens: '7pm', closes: '22:00' }],
        specialDays: [tuesdayClosed, { ...tuesdayClosed, message: 'again' }, { date: '2026-02-30', message: 'x', sessions: [] }],
        collectionLeadMinutes: -5,
        ordersPerSlot: 0,
      }),
    ).toEqual([
      { field: 'weekly[0].closes', message: 'A session must close at a different time from when it opens' },
      { field: 'weekly[1].opens', message: 'Enter a time such as 17:30' },
      { field: 'specialDays[1].date', message: 'This date is already a special day' },
      { field: 'specialDays[2].date', message: 'Enter a date such as 2026-12-25' },
      { field: 'collectionLeadMinutes', message: 'The collection lead time must be a whole number from 0 to 240 minutes' },
      { field: 'ordersPerSlot', message: 'The most orders per slot must be a whole number from 1 to 100, or no limit' },
    ]);
  });

  it('refuses a minimum above the largest order and an amount with part of a penny', () => {
    const settings = {
      allowOrdering: true, allowCollection: true, allowCashPayment: true, minimumCollectionOrderValue: 10, minimumFreeOrderValue: 15,
      standardDeliveryCharge: 2.5, bagCharge: 0.1, maximumCashOrderValue: 150, maximumOrderValue: 500, acceptanceTimeoutSeconds: 600,
      orderDaysAhead: 0,
    };
    expect(takeawaySettingsFailures(settings)).toEqual([]);
    expect(takeawaySettingsFailures({ ...settings, standardDeliveryCharge: 2.555, minimumFreeOrderValue: 60, maximumOrderValue: 50, maximumCashOrderValue: 40 })).toEqual([
      { field: 'standardDeliveryCharge', message: 'The delivery charge must be an amount in pounds and pence' },
      { field: 'minimumFreeOrderValue', message: 'The minimum delivery order must not be more than the largest order' },
    ]);
  });
});
