import { describe, expect, it } from 'vitest';
import { usableStoreLink } from '../../src/screens/apps/appLinks';
import { addressLines } from '../../src/components/restaurant/addressLines';
import {
  directionsUrl,
  openingStatus,
  openingStatusText,
  openingWeek,
  takeawayToday,
  type OpeningStatus,
} from '../../src/screens/restaurant/restaurantDetails';
import { demoWeek } from './demoWeek';


const address = { address1: '12 Market Street', address2: 'Headingley', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS6 2AB' };

const hours = demoWeek;

const at = (dayOfWeek: number, time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return { date: '2026-11-22', dayOfWeek, minutes: hour * 60 + minute };
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

describe('open now, opening later or closed', () => {
  const cases: Array<[string, ReturnType<typeof at>, string]> = [
    ['before the opening', at(2, '16:59'), 'Opens at 17:00'],
    ['at the opening', at(2, '17:00'), 'Open now, until 22:30'],
    ['a minute before closing', at(2, '22:29'), 'Open now, until 22:30'],
    ['at the closing', at(2, '22:30'), 'Closed for the rest of today'],
    ['between two openings of the day', at(0, '15:00'), 'Opens at 16:00'],
    ['in the second opening of the day', at(0, '16:30'), 'Open now, until 22:00'],
    ['on a day without hours', at(1, '18:00'), 'Closed today'],
    ['late on a night that runs past midnight', at(5, '23:45'), 'Open now, until 00:30'],
    ['after midnight, still in the night before', at(6, '00:15'), 'Open now, until 00:30'],
    ['after that night has closed', at(6, '00:30'), 'Opens at 17:00'],
  ];
  it.each(cases)('%s', (_when, now, text) => {
    expect(openingStatusText(openingStatus(hours, now))).toBe(text);
  });
});

describe('takeaway today', () => {
  const open: OpeningStatus = { kind: 'open', until: '22:30' };
  const opensLater: OpeningStatus = { kind: 'opensLater', at: '17:00' };

  it('offers collection and delivery while ordering is on and the restaurant opens today', () => {
    expect(takeawayToday({ onlineOrderingAvailable: true, allowCollection: true }, open)).toEqual(['Collection is available today.', 'Delivery is available today.']);
    expect(takeawayToday({ onlineOrderingAvailable: true, allowCollection: true }, opensLater)).toEqual(['Collection is available today.', 'Delivery is available today.']);
  });

  it('says when collection is switched off', () => {
    expect(takeawayToday({ onlineOrderingAvailable: true, allowCollection: false }, open)).toEqual(['Collection is not available today.', 'Delivery is available today.']);
  });

  it('promises nothing when online ordering is off, whatever else is set', () => {
    expect(takeawayToday({ onlineOrderingAvailable: false, allowCollection: true }, open)).toEqual([
      'Online ordering is unavailable at the moment, so collection and delivery cannot be ordered here today.',
    ]);
  });

  it('promises nothing for today once the restaurant has closed, or on a closed day', () => {
    for (const status of [{ kind: 'closedToday' }, { kind: 'closedForTheDay' }] as const) {
      expect(takeawayToday({ onlineOrderingAvailable: true, allowCollection: true }, status)).toEqual(['We are closed for the rest of today, so there is no collection or delivery today.']);
    }
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
