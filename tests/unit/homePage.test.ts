import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { londonWallClock } from '../../src/domain/londonClock';
import { openingStateAt, type OpeningPeriod } from '../../src/domain/openingHours';
import { openingStateText } from '../../src/domain/openingStateText';
import { dishPriceText, leadTimeLines, todaysHoursText } from '../../src/screens/home/homeDetails';
import { isAsapAvailable } from '../../src/server/domain/slots';
import { demoWeek } from './demoWeek';

type MenuItem = components['schemas']['MenuItem'];
type TakeawaySettings = components['schemas']['TakeawaySettings'];

const hours = demoWeek;

/** The home page's line at an instant, as the page reads it: the state, and today on London's calendar. */
const statusAt = (instant: string, periods: readonly OpeningPeriod[] = hours) => {
  const now = new Date(instant);
  return openingStateText(openingStateAt(now, periods), londonWallClock(now).date);
};

describe('open now, or when the restaurant opens next', () => {
  // November is GMT, so these instants are London's clock: Sunday 22 November 2026 to Saturday 28 November.
  const cases: Array<[string, string, string]> = [
    ['a second before the opening', '2026-11-24T16:59:59Z', 'Closed · opens today at 17:00'],
    ['at the opening', '2026-11-24T17:00:00Z', 'Open now · until 22:30'],
    ['a second before closing', '2026-11-24T22:29:59Z', 'Open now · until 22:30'],
    ['at the closing', '2026-11-24T22:30:00Z', 'Closed · opens Wednesday at 17:00'],
    ['between two openings of the day', '2026-11-22T15:00:00Z', 'Closed · opens today at 16:00'],
    ['after the last opening before a closed day', '2026-11-22T22:00:00Z', 'Closed · opens Tuesday at 17:00'],
    ['on the closed day', '2026-11-23T12:00:00Z', 'Closed · opens Tuesday at 17:00'],
    ['late on a night that runs past midnight', '2026-11-27T23:45:00Z', 'Open now · until 00:30'],
    ['after midnight, still in the night before', '2026-11-28T00:15:00Z', 'Open now · until 00:30'],
    ['when that night has closed', '2026-11-28T00:30:00Z', 'Closed · opens today at 17:00'],
  ];
  it.each(cases)('%s', (_when, instant, text) => {
    expect(statusAt(instant)).toBe(text);
  });

  it("reads London's summer clock, whatever the device's", () => {
    // Tuesday 23 June 2026: 15:59 UTC is 16:59 BST, 16:00 UTC is 17:00 BST.
    expect(statusAt('2026-06-23T15:59:00Z')).toBe('Closed · opens today at 17:00');
    expect(statusAt('2026-06-23T16:00:00Z')).toBe('Open now · until 22:30');
  });

  it('names the day a week ahead when the restaurant opens once a week', () => {
    expect(statusAt('2026-11-24T23:00:00Z', [{ day: 2, opens: '17:00', closes: '22:30' }])).toBe('Closed · opens Tuesday at 17:00');
  });

  it('says only Closed when there are no hours at all', () => {
    expect(statusAt('2026-11-24T18:00:00Z', [])).toBe('Closed');
  });

  it('is open exactly when ordering offers ASAP without a lead time: one rule for both', () => {
    // Every quarter hour of a GMT week and a BST week.
    for (const weekStart of [Date.parse('2026-11-22T00:00:00Z'), Date.parse('2026-06-21T00:00:00Z')]) {
      for (let instant = weekStart; instant < weekStart + 7 * 86_400_000; instant += 15 * 60_000) {
        const now = new Date(instant);
        expect(openingStateAt(now, hours).open, now.toISOString()).toBe(isAsapAvailable({ now, openingPeriods: hours, leadMinutes: 0 }));
      }
    }
  });
});

describe("today's hours", () => {
  it('lists a split day earliest first', () => {
    expect(todaysHoursText(hours, 0)).toBe('Today 12:00–14:00, 16:00–22:00');
  });

  it('shows a night past midnight as the restaurant writes it', () => {
    expect(todaysHoursText(hours, 5)).toBe('Today 17:00–00:30');
  });

  it('says Closed today on a day without hours', () => {
    expect(todaysHoursText(hours, 1)).toBe('Closed today');
  });
});

describe('lead times', () => {
  const settings = { allowCollection: true, collectionLeadMinutes: 20, deliveryLeadMinutes: 45 } as TakeawaySettings;

  it("gives the restaurant's own collection and delivery times", () => {
    expect(leadTimeLines(settings, true)).toEqual(['Collection in about 20 minutes', 'Delivery in about 45 minutes']);
    expect(leadTimeLines({ ...settings, collectionLeadMinutes: 1, deliveryLeadMinutes: 60 }, true)).toEqual([
      'Collection in about 1 minute',
      'Delivery in about 60 minutes',
    ]);
  });

  it('promises no collection the restaurant does not offer, and nothing with online ordering off', () => {
    expect(leadTimeLines({ ...settings, allowCollection: false }, true)).toEqual(['Delivery in about 45 minutes']);
    expect(leadTimeLines(settings, false)).toEqual([]);
  });
});

describe("a highlighted dish's price", () => {
  const dish = (itemCost: number, extraCosts: number[]): MenuItem => ({
    itemId: 1,
    categoryId: 1,
    title: 'Crispy Aromatic Duck',
    description: '',
    extendedDescription: '',
    itemOrder: 1,
    itemCost,
    allergens: [],
    dietary: [],
    available: true,
    configItems: extraCosts.map((extraCost, index) => ({ configId: index + 1, configItem: `Option ${index + 1}`, extraCost })),
  });

  it('is the menu price of a dish without options', () => {
    expect(dishPriceText(dish(12.9, []))).toBe('£12.90');
  });

  it('starts from the cheapest option when the options cost different amounts', () => {
    expect(dishPriceText(dish(9.5, [0, 8, 22.5]))).toBe('from £9.50');
    expect(dishPriceText(dish(8.1, [0.2, 0.7]))).toBe('from £8.30');
  });

  it('is one price when every option costs the same', () => {
    expect(dishPriceText(dish(6, [0.5, 0.5]))).toBe('£6.50');
  });
});
