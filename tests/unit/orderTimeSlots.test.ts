import { describe, expect, it } from 'vitest';
import { groupSlotsByDay, slotDayLabel, slotLabel, slotTimeLabel } from '../../src/domain/timeSlotLabels';

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

  it('groups slots by day in time order and never offers one in the past', () => {
    const groups = groupSlotsByDay(
      ['2026-11-22T18:30:00Z', '2026-11-22T14:45:00Z', '2026-11-22T18:15:00Z', '2026-11-24T17:00:00Z'],
      now,
    );
    expect(groups).toEqual([
      { day: 'Today', slots: [{ value: '2026-11-22T18:15:00Z', time: '18:15' }, { value: '2026-11-22T18:30:00Z', time: '18:30' }] },
      { day: 'Tuesday 24 November', slots: [{ value: '2026-11-24T17:00:00Z', time: '17:00' }] },
    ]);
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
