import { describe, expect, it } from 'vitest';
import { usableStoreLink } from '../../src/domain/appLinks';
import { addressLines } from '../../src/components/restaurant/addressLines';
import { londonWallClock } from '../../src/domain/londonClock';
import { openingStateAt } from '../../src/domain/openingHours';
import { directionsUrl, openingWeek, takeawayToday, type TakeawaySwitches } from '../../src/screens/restaurant/restaurantDetails';
import { demoWeek } from './demoWeek';

const address = { address1: '12 Market Street', address2: 'Headingley', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS6 2AB' };

const hours = demoWeek;

/** "Takeaway today" at an instant, as the page reads it: the opening state of the demo week and today on London's calendar. */
const takeawayAt = (instant: string, switches: TakeawaySwitches = { onlineOrderingAvailable: true, allowCollection: true }) => {
  const now = new Date(instant);
  return takeawayToday(switches, openingStateAt(now, hours), londonWallClock(now).date);
};

describe('the address', () => {
  it('is one part per line, the postcode last (SPEC §3)', () => {
    expect(addressLines(address)).toEqual(['12 Market Street', 'Headingley', 'Leeds', 'West Yorkshire', 'LS6 2AB']);
  });

  it('leaves out the parts that are empty', () => {
    expect(addressLines({ ...address, address2: '', county: ' ' })).toEqual(['12 Market Street', 'Leeds', 'LS6 2AB']);
  });

  it('is searched for on a map as written', () => {
    expect(directionsUrl(address)).toBe('https://www.google.com/maps/search/?api=1&query=12%20Market%20Street%2C%20Headingley%2C%20Leeds%2C%20West%20Yorkshire%2C%20LS6%202AB');
  });
});

describe('the week of opening hours', () => {
  it('runs Monday to Sunday, marks today, says Closed for a day without hours and lists a split day earliest first', () => {
    expect(openingWeek(hours, 0)).toEqual([
      { name: 'Monday', hours: [], isToday: false },
      { name: 'Tuesday', hours: ['17:00–22:30'], isToday: false },
      { name: 'Wednesday', hours: ['17:00–22:30'], isToday: false },
      { name: 'Thursday', hours: ['17:00–22:30'], isToday: false },
      { name: 'Friday', hours: ['17:00–00:30'], isToday: false },
      { name: 'Saturday', hours: ['17:00–23:30'], isToday: false },
      { name: 'Sunday', hours: ['12:00–14:00', '16:00–22:00'], isToday: true },
    ]);
  });
});

describe('takeaway today', () => {
  const available = ['Collection is available today.', 'Delivery is available today.'];
  const closedForToday = ['We are closed for the rest of today, so there is no collection or delivery today.'];
  // November is GMT, so these instants are London's clock: Sunday 22 November 2026 to Saturday 28 November.
  const cases: Array<[string, string, string[]]> = [
    ['before the opening', '2026-11-24T16:59:00Z', available],
    ['while open', '2026-11-24T22:29:00Z', available],
    ['at the closing', '2026-11-24T22:30:00Z', closedForToday],
    ['between two openings of the day', '2026-11-22T15:00:00Z', available],
    ['on a day without hours', '2026-11-23T18:00:00Z', closedForToday],
    ['after midnight, still in the night before', '2026-11-28T00:15:00Z', available],
    ['when that night has closed, with an opening later today', '2026-11-28T00:30:00Z', available],
  ];
  it.each(cases)('%s', (_when, instant, lines) => {
    expect(takeawayAt(instant)).toEqual(lines);
  });

  it('says when collection is switched off', () => {
    expect(takeawayAt('2026-11-24T18:00:00Z', { onlineOrderingAvailable: true, allowCollection: false })).toEqual([
      'Collection is not available today.',
      'Delivery is available today.',
    ]);
  });

  it('promises nothing when online ordering is off, whatever else is set', () => {
    expect(takeawayAt('2026-11-24T18:00:00Z', { onlineOrderingAvailable: false, allowCollection: true })).toEqual([
      'Online ordering is unavailable at the moment, so collection and delivery cannot be ordered here today.',
    ]);
  });
});

describe('app store links', () => {
  it('offers an https link as it is', () => {
    expect(usableStoreLink('https://apps.apple.com/gb/app/golden-dragon-headingley/id0000000000')).toBe('https://apps.apple.com/gb/app/golden-dragon-headingley/id0000000000');
  });

  it('offers nothing for an empty, malformed or insecure link', () => {
    expect(usableStoreLink('')).toBeUndefined();
    expect(usableStoreLink('   ')).toBeUndefined();
    expect(usableStoreLink('coming soon')).toBeUndefined();
    expect(usableStoreLink('http://play.google.com/store/apps/details?id=x')).toBeUndefined();
    expect(usableStoreLink('javascript:alert(1)')).toBeUndefined();
  });
});
