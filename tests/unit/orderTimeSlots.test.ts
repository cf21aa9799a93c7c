import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupSlotsByDay, slotDayLabel, slotLabel, slotTimeLabel } from '../../src/domain/timeSlotLabels';
import { availableTimeSlots } from '../../src/server/domain/slots';

// Sunday 22 November 2026, 15:00 in London (GMT, so UTC too).
const now = new Date('2026-11-22T15:00:00Z');

describe('time slot labels', () => {
  it('reads a slot on London time with a day a customer understands', () => {
    expect(slotLabel('2026-11-22T18:15:00Z', now)).toBe('Today 18:15');
    expect(slotLabel('2026-11-23T17:30:00Z', now)).toBe('Tomorrow 17:30');
    expect(slotLabel('2026-11-24T17:30:00Z', now)).toBe('Tuesday 24 November 17:30');
  });

  it('uses British Summer Time when London does', () => {
    expect(slotLabel('2026-07-10T17:00:00Z', new Date('2026-07-10T09:00:00Z'))).toBe('Today 18:00');
  });

  it('counts the day change at London midnight, not UTC midnight', () => {
    // 23:30 UTC on 9 July is 00:30 on 10 July in London.
    expect(slotLabel('2026-07-09T23:30:00Z', new Date('2026-07-09T12:00:00Z'))).toBe('Tomorrow 00:30');
  });

  it("groups the server's slots by day in time order, each day named by the server's clock", () => {
    const groups = groupSlotsByDay({
      slots: ['2026-11-22T18:30:00Z', '2026-11-22T18:15:00Z', '2026-11-24T17:00:00Z'],
      serverTime: now.toISOString(),
    });
    expect(groups).toEqual([
      { day: 'Today', slots: [{ value: '2026-11-22T18:15:00Z', time: '18:15' }, { value: '2026-11-22T18:30:00Z', time: '18:30' }] },
      { day: 'Tuesday 24 November', slots: [{ value: '2026-11-24T17:00:00Z', time: '17:00' }] },
    ]);
  });

  describe('on a device whose clock is wrong', () => {
    afterEach(() => vi.useRealTimers());
    // Tuesday 24 November, 18:00 on the server; open 17:00–23:00, a 30-minute lead.
    const serverNow = new Date('2026-11-24T18:00:00Z');
    const evening = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '17:00', closes: '23:00' }));
    const offered = { ...availableTimeSlots({ now: serverNow, openingPeriods: evening, leadMinutes: 30 }), serverTime: serverNow.toISOString() };

    it('shows every slot the server offered, under "Today", with the clock 2 or 5 hours fast', () => {
      for (const hoursFast of [2, 5]) {
        vi.useFakeTimers({ now: serverNow.getTime() + hoursFast * 3_600_000 });
        const groups = groupSlotsByDay(offered);
        expect(groups.map((group) => group.day), `${hoursFast} h fast`).toEqual(['Today']);
        expect(groups[0].slots.map((slot) => slot.value)).toEqual(offered.slots);
        expect(groups[0].slots[0].time).toBe('18:30');
      }
    });

    it('does not call tonight "Tomorrow" on a clock a day slow', () => {
      vi.useFakeTimers({ now: serverNow.getTime() - 24 * 3_600_000 });
      expect(groupSlotsByDay(offered).map((group) => group.day)).toEqual(['Today']);
    });
  });

  it('reads days and times as Intl does on London time, across a year, midnights and the clock changes', () => {
    // What the labels were made with before they were worked out without Intl (src/domain/londonClock.ts says why).
    const intlDayKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
    const intlTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const intlDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long' });
    const intlDayLabel = (slot: Date, at: Date) => {
      const days = Math.round((Date.parse(intlDayKey.format(slot)) - Date.parse(intlDayKey.format(at))) / 86_400_000);
      return days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : intlDate.format(slot);
    };
    const disagreements: string[] = [];
    for (let slotMs = Date.UTC(2026, 0, 1); slotMs < Date.UTC(2027, 3, 1); slotMs += 47 * 60_000) {
      const slot = new Date(slotMs);
      // Asked on the slot's own day, the day before and well before, some of them across London's midnight.
      for (const at of [new Date(slotMs - 2 * 3_600_000), new Date(slotMs - 25 * 3_600_000), new Date(slotMs - 9 * 86_400_000)]) {
        const expected = `${intlDayLabel(slot, at)} ${intlTime.format(slot)}`;
        const actual = `${slotDayLabel(slot, at)} ${slotTimeLabel(slot)}`;
        if (actual !== expected) disagreements.push(`${slot.toISOString()} asked at ${at.toISOString()}: Intl says ${expected}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
