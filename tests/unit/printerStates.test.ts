import { describe, expect, it } from 'vitest';
import { allergyNoteOf } from '../../src/domain/allergyNotes';
import { printerStateLabel, printersHoldingTickets } from '../../src/domain/printerStates';

const printer = (changes: Record<string, unknown> = {}) => ({
  printerId: 1,
  name: 'Kitchen',
  state: 'ready' as const,
  checkedAt: '2026-11-24T18:00:00.000Z',
  offlineSince: null,
  lastError: null,
  jobsWaiting: 0,
  oldestWaitingSince: null,
  ...changes,
});

describe("the dashboard's printer states", () => {
  it('says ready, offline since a London time, or not used yet, with the tickets waiting', () => {
    expect(printerStateLabel(printer())).toBe('Ready');
    expect(printerStateLabel(printer({ state: 'offline', offlineSince: '2026-11-24T18:05:00.000Z', jobsWaiting: 2 }))).toBe('Offline since 18:05 · 2 tickets waiting');
    expect(printerStateLabel(printer({ state: 'offline', offlineSince: '2026-07-01T17:05:00.000Z', jobsWaiting: 1 }))).toBe('Offline since 18:05 · 1 ticket waiting');
    expect(printerStateLabel(printer({ state: 'unknown', checkedAt: null }))).toBe('Not used yet');
  });

  it('alerts once a job has waited more than a minute', () => {
    const waiting = printer({ jobsWaiting: 1, oldestWaitingSince: '2026-11-24T18:00:00.000Z' });
    expect(printersHoldingTickets([waiting, printer()], new Date('2026-11-24T18:01:00.000Z'))).toEqual([]);
    expect(printersHoldingTickets([waiting, printer()], new Date('2026-11-24T18:01:00.001Z'))).toEqual([waiting]);
  });
});

describe('the allergens a customer notes', () => {
  it('finds the 14 allergens by the words customers use, as whole words', () => {
    expect(allergyNoteOf(['No prawns please', 'nut allergy'])).toEqual({ allergens: ['crustaceans', 'tree-nuts'], mentionsAllergy: true });
    expect(allergyNoteOf(['Peanut free, coeliac', ''])).toEqual({ allergens: ['cereals-containing-gluten', 'peanuts'], mentionsAllergy: false });
    expect(allergyNoteOf(['Coconut rice, extra eggplant sauce'])).toEqual({ allergens: [], mentionsAllergy: false });
    expect(allergyNoteOf(['lactose intolerant'])).toEqual({ allergens: ['milk'], mentionsAllergy: true });
  });
});
