import { describe, expect, it } from 'vitest';
import { availableTimeSlots, isAsapAvailable, isAvailableSlot, isBeyondDaysAhead, type SlotQuery } from '../../src/server/domain/slots';
import { openingStateAt } from '../../src/domain/openingHours';
import { slotLabel } from '../../src/domain/timeSlotLabels';

// The demo restaurant's week: closed on Mondays (day 1).
const demoHours = [
  { day: 0, opens: '16:00', closes: '22:00' },
  { day: 2, opens: '17:00', closes: '22:30' },
  { day: 3, opens: '17:00', closes: '22:30' },
  { day: 4, opens: '17:00', closes: '22:30' },
  { day: 5, opens: '17:00', closes: '23:30' },
  { day: 6, opens: '17:00', closes: '23:30' },
];

// In November London keeps GMT, so local time equals UTC; 24 November 2026 is a Tuesday.
const at = (iso: string) => new Date(iso);

describe('time slots in Europe/London', () => {
  it('offers quarter-hour slots from now plus the lead time to closing while open, and ASAP', () => {
    const result = availableTimeSlots({ now: at('2026-11-24T18:02:00Z'), openingPeriods: demoHours, leadMinutes: 20 });
    expect(result.asapAvailable).toBe(true);
    expect(result.opensAt).toBeUndefined();
    expect(result.slots[0]).toBe('2026-11-24T18:30:00.000Z');
    expect(result.slots.at(-1)).toBe('2026-11-24T22:30:00.000Z');
    expect(result.slots).toHaveLength(17);
  });

  it('never offers a slot sooner than the lead time, and the lead differs by order type', () => {
    const now = at('2026-11-24T18:00:00Z');
    for (const leadMinutes of [20, 45]) {
      const { slots } = availableTimeSlots({ now, openingPeriods: demoHours, leadMinutes });
      expect(slots.every((slot) => Date.parse(slot) >= now.getTime() + leadMinutes * 60_000)).toBe(true);
      expect(slots.every((slot) => new Date(slot).getUTCMinutes() % 15 === 0)).toBe(true);
    }
    expect(availableTimeSlots({ now, openingPeriods: demoHours, leadMinutes: 20 }).slots[0]).toBe('2026-11-24T18:30:00.000Z');
    expect(availableTimeSlots({ now, openingPeriods: demoHours, leadMinutes: 45 }).slots[0]).toBe('2026-11-24T18:45:00.000Z');
  });

  it("offers the next opening's slots on a closed Monday, without ASAP", () => {
    const result = availableTimeSlots({ now: at('2026-11-23T12:00:00Z'), openingPeriods: demoHours, leadMinutes: 20 });
    expect(result.asapAvailable).toBe(false);
    expect(result.opensAt).toBe('2026-11-24T17:00:00.000Z');
    expect(result.slots[0]).toBe('2026-11-24T17:30:00.000Z');
    expect(availableTimeSlots({ now: at('2026-11-23T18:00:00Z'), openingPeriods: demoHours, leadMinutes: 0 }).asapAvailable).toBe(false);
  });

  it('moves to the next opening when the lead time runs past closing', () => {
    const result = availableTimeSlots({ now: at('2026-11-24T22:20:00Z'), openingPeriods: demoHours, leadMinutes: 20 });
    expect(result.asapAvailable).toBe(false);
    expect(result.opensAt).toBe('2026-11-25T17:00:00.000Z');
    expect(result.slots[0]).toBe('2026-11-25T17:30:00.000Z');
  });

  it('keeps British Summer Time: 17:00 in July is 16:00 UTC', () => {
    const result = availableTimeSlots({ now: at('2026-07-14T16:00:00Z'), openingPeriods: demoHours, leadMinutes: 45 });
    expect(result.asapAvailable).toBe(true);
    expect(result.slots[0]).toBe('2026-07-14T16:45:00.000Z');
    expect(result.slots.at(-1)).toBe('2026-07-14T21:30:00.000Z');
  });

  it('follows the clocks going forward on the last Sunday of March', () => {
    const result = availableTimeSlots({ now: at('2026-03-29T10:00:00Z'), openingPeriods: demoHours, leadMinutes: 20 });
    expect(result.opensAt).toBe('2026-03-29T15:00:00.000Z');
    expect(result.slots[0]).toBe('2026-03-29T15:30:00.000Z');
  });

  it('closes at the first 01:00 on the night the clocks go back (Saturday 24 October 2026, open 17:00–01:00)', () => {
    const lateSaturday = [{ day: 6, opens: '17:00', closes: '01:00' }];
    // 22:00 BST.
    const now = at('2026-10-24T21:00:00Z');
    const { slots } = availableTimeSlots({ now, openingPeriods: lateSaturday, leadMinutes: 15 });
    // 01:00 BST is 00:00 UTC; nothing is offered in the hour the clocks then repeat.
    expect(slots.at(-1)).toBe('2026-10-25T00:00:00.000Z');
    expect(slots.slice(-3).map((slot) => slotLabel(slot, now))).toEqual(['Tomorrow 00:30', 'Tomorrow 00:45', 'Tomorrow 01:00']);
    expect(new Set(slots.map((slot) => slotLabel(slot, now))).size).toBe(slots.length);
    expect(openingStateAt(at('2026-10-24T23:30:00Z'), lateSaturday)).toEqual({ open: true, closes: '01:00' });
    // 01:30 BST, half an hour after closing.
    expect(openingStateAt(at('2026-10-25T00:30:00Z'), lateSaturday).open).toBe(false);
    expect(isAvailableSlot('2026-10-25T01:00:00.000Z', { now, openingPeriods: lateSaturday, leadMinutes: 15 })).toBe(false);
  });

  it('offers the hour the clocks go back once, on its first pass, when the evening runs through it (17:00–02:00)', () => {
    const laterSaturday = [{ day: 6, opens: '17:00', closes: '02:00' }];
    const now = at('2026-10-24T21:00:00Z');
    const { slots } = availableTimeSlots({ now, openingPeriods: laterSaturday, leadMinutes: 15 });
    const labels = slots.map((slot) => slotLabel(slot, now));
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.slice(-6)).toEqual(['Tomorrow 00:45', 'Tomorrow 01:00', 'Tomorrow 01:15', 'Tomorrow 01:30', 'Tomorrow 01:45', 'Tomorrow 02:00']);
    // 01:45 BST (00:45 UTC), then 02:00 GMT (02:00 UTC): the second 01:00–01:45 is left out.
    expect(slots.slice(-2)).toEqual(['2026-10-25T00:45:00.000Z', '2026-10-25T02:00:00.000Z']);
    // Still open through the repeated hour.
    expect(openingStateAt(at('2026-10-25T01:30:00Z'), laterSaturday)).toEqual({ open: true, closes: '02:00' });
  });

  it('reads back-to-back sessions (12:00–14:00, 14:00–22:00) as one opening: the seam once, ASAP across it', () => {
    const lunchThenEvening = [2, 3].flatMap((day) => [{ day, opens: '12:00', closes: '14:00' }, { day, opens: '14:00', closes: '22:00' }]);
    const { slots } = availableTimeSlots({ now: at('2026-11-24T11:00:00Z'), openingPeriods: lunchThenEvening, leadMinutes: 0 });
    expect(slots.filter((slot) => slot === '2026-11-24T14:00:00.000Z')).toHaveLength(1);
    expect(new Set(slots).size).toBe(slots.length);
    // 13:50 with a 20-minute lead: ready at 14:10, while the restaurant is still open.
    const tenToTwo = { now: at('2026-11-24T13:50:00Z'), openingPeriods: lunchThenEvening, leadMinutes: 20 };
    expect(availableTimeSlots(tenToTwo).asapAvailable).toBe(true);
    expect(isAsapAvailable(tenToTwo)).toBe(true);
    expect(openingStateAt(at('2026-11-24T13:00:00Z'), lunchThenEvening)).toEqual({ open: true, closes: '22:00' });
  });

  it('handles a period that closes after midnight', () => {
    const lateFriday = [{ day: 5, opens: '18:00', closes: '00:30' }];
    // Saturday 28 November 00:10: still inside Friday's opening.
    const result = availableTimeSlots({ now: at('2026-11-28T00:10:00Z'), openingPeriods: lateFriday, leadMinutes: 15 });
    expect(result.asapAvailable).toBe(true);
    expect(result.slots).toEqual(['2026-11-28T00:30:00.000Z']);
    const afterClosing = availableTimeSlots({ now: at('2026-11-28T00:31:00Z'), openingPeriods: lateFriday, leadMinutes: 0 });
    expect(afterClosing.asapAvailable).toBe(false);
    expect(afterClosing.opensAt).toBe('2026-12-04T18:00:00.000Z');
  });

  it('checks a requested time against the slots offered now', () => {
    const query = { now: at('2026-11-24T18:02:00Z'), openingPeriods: demoHours, leadMinutes: 20 };
    expect(isAvailableSlot('2026-11-24T19:00:00.000Z', query)).toBe(true);
    expect(isAvailableSlot('2026-11-24T19:00:00+00:00', query)).toBe(true);
    expect(isAvailableSlot('2026-11-24T18:15:00.000Z', query)).toBe(false);
    expect(isAvailableSlot('2026-11-24T19:05:00.000Z', query)).toBe(false);
    expect(isAvailableSlot('2026-11-24T23:00:00.000Z', query)).toBe(false);
    expect(isAvailableSlot('not a time', query)).toBe(false);
  });

  it('offers nothing when the restaurant never opens', () => {
    expect(availableTimeSlots({ now: at('2026-11-24T18:00:00Z'), openingPeriods: [], leadMinutes: 20 })).toEqual({ asapAvailable: false, slots: [] });
  });

  it('answers ASAP alone exactly as the full slot list does, through a week, a clock change and past midnight', () => {
    const lateHours = [...demoHours, { day: 1, opens: '20:00', closes: '01:30' }];
    const start = Date.parse('2026-10-22T00:00:00Z'); // the week of the change to GMT on 25 October
    for (let instant = start; instant < start + 8 * 24 * 60 * 60_000; instant += 7 * 60_000) {
      for (const leadMinutes of [0, 20, 45]) {
        const query = { now: new Date(instant), openingPeriods: lateHours, leadMinutes };
        expect(isAsapAvailable(query), new Date(instant).toISOString()).toBe(availableTimeSlots(query).asapAvailable);
      }
    }
  });
});

describe('the days customers may order for, past midnight (docs/back-office.md, "Orders for later")', () => {
  // Open 17:00–01:00 every day: each evening's last hour is on the next London date.
  const lateEveryDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '17:00', closes: '01:00' }));
  const query = (now: string, changes: Partial<SlotQuery> = {}): SlotQuery => ({ now: at(now), openingPeriods: lateEveryDay, leadMinutes: 20, ...changes });
  /** Every slot offered is neither beyond the days ahead nor refused as unavailable. */
  const everyOfferedSlotIsAccepted = (slotQuery: SlotQuery) => {
    const { slots } = availableTimeSlots(slotQuery);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(isBeyondDaysAhead(slot, slotQuery), slot).toBe(false);
      expect(isAvailableSlot(slot, slotQuery), slot).toBe(true);
    }
    return slots;
  };

  it("accepts tonight's slots after midnight, on the next London date, and refuses tomorrow evening's", () => {
    const tuesdayEight = query('2026-11-24T20:00:00Z');
    const slots = everyOfferedSlotIsAccepted(tuesdayEight);
    expect(slots).toContain('2026-11-25T00:15:00.000Z');
    expect(slots.at(-1)).toBe('2026-11-25T01:00:00.000Z');
    expect(isBeyondDaysAhead('2026-11-25T17:30:00.000Z', tuesdayEight)).toBe(true);
    // A time in no opening goes by its own date.
    expect(isBeyondDaysAhead('2026-11-25T12:00:00.000Z', tuesdayEight)).toBe(true);
    // Still inside Tuesday's evening after midnight, its last slots are accepted, and today (Wednesday) with them.
    const afterMidnight = everyOfferedSlotIsAccepted(query('2026-11-25T00:05:00Z'));
    expect(afterMidnight.slice(0, 3)).toEqual(['2026-11-25T00:30:00.000Z', '2026-11-25T00:45:00.000Z', '2026-11-25T01:00:00.000Z']);
    expect(afterMidnight.at(-1)).toBe('2026-11-26T01:00:00.000Z');
  });

  it("keeps \"today only\" to tonight's evening late on, when its first slot left is after midnight", () => {
    // Tuesday 22:00 and 23:30 (the first slot left is then 00:00 on Wednesday), a 30-minute lead.
    for (const now of ['2026-11-24T22:00:00Z', '2026-11-24T23:30:00Z']) {
      const lateTuesday = query(now, { leadMinutes: 30, daysAhead: 0 });
      const slots = everyOfferedSlotIsAccepted(lateTuesday);
      expect(slots.at(-1), now).toBe('2026-11-25T01:00:00.000Z');
      expect(isAvailableSlot('2026-11-25T19:00:00.000Z', lateTuesday), now).toBe(false);
      expect(isBeyondDaysAhead('2026-11-25T19:00:00.000Z', lateTuesday), now).toBe(true);
    }
  });

  it('accepts the whole next evening, past midnight, for a pre-order placed while closed', () => {
    for (const now of ['2026-11-24T01:30:00Z', '2026-11-24T10:00:00Z']) {
      const closed = query(now);
      expect(availableTimeSlots(closed).opensAt, now).toBe('2026-11-24T17:00:00.000Z');
      expect(everyOfferedSlotIsAccepted(closed)).toContain('2026-11-25T00:45:00.000Z');
      expect(isBeyondDaysAhead('2026-11-25T17:30:00.000Z', closed), now).toBe(true);
    }
    // Closed all Tuesday: Wednesday's evening is the next opening, Thursday's first hour with it.
    const closedTuesday = query('2026-11-24T18:00:00Z', { specialDays: [{ date: '2026-11-24', message: 'Closed for a wedding', sessions: [] }] });
    expect(everyOfferedSlotIsAccepted(closedTuesday)).toContain('2026-11-26T00:30:00.000Z');
    expect(isBeyondDaysAhead('2026-11-26T17:30:00.000Z', closedTuesday)).toBe(true);
  });

  it("accepts the last allowed day's evening past midnight when ordering days ahead, and refuses the day after", () => {
    const twoDaysAhead = query('2026-11-24T20:00:00Z', { daysAhead: 2 });
    const slots = everyOfferedSlotIsAccepted(twoDaysAhead);
    expect(slots).toContain('2026-11-27T00:15:00.000Z');
    expect(slots.at(-1)).toBe('2026-11-27T01:00:00.000Z');
    expect(isBeyondDaysAhead('2026-11-27T17:30:00.000Z', twoDaysAhead)).toBe(true);
    expect(isBeyondDaysAhead('2026-11-28T00:15:00.000Z', twoDaysAhead)).toBe(true);
  });
});
