import type { components } from '../../src/api/schema.gen';

type OpeningPeriod = components['schemas']['OpeningPeriod'];

// The demo restaurant's week (closed on Mondays), with a Friday that runs past midnight and a Sunday lunch.
export const demoWeek: OpeningPeriod[] = [
  { day: 0, opens: '16:00', closes: '22:00' },
  { day: 0, opens: '12:00', closes: '14:00' },
  { day: 2, opens: '17:00', closes: '22:30' },
  { day: 3, opens: '17:00', closes: '22:30' },
  { day: 4, opens: '17:00', closes: '22:30' },
  { day: 5, opens: '17:00', closes: '00:30' },
  { day: 6, opens: '17:00', closes: '23:30' },
];
