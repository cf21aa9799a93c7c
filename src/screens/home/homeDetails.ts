import type { components } from '../../api/schema.gen';
import { formatGbp, poundsToPence } from '../../domain/money';
import { hoursOn, type OpeningPeriod, type SpecialDay } from '../../domain/openingHours';

type MenuItem = components['schemas']['MenuItem'];
type TakeawaySettings = components['schemas']['TakeawaySettings'];

/** "Today 17:00–23:00", a split day's periods joined, or "Closed today"; a special day on `date` gives its own. */
export function todaysHoursText(periods: readonly OpeningPeriod[], dayOfWeek: number, specialDays: readonly SpecialDay[] = [], date?: string): string {
  const hours = hoursOn(periods, dayOfWeek, specialDays, date);
  return hours.length > 0 ? `Today ${hours.join(', ')}` : 'Closed today';
}

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** The restaurant's lead times for what can be ordered online: collection only where it is allowed, nothing with online ordering off. */
export function leadTimeLines(settings: TakeawaySettings, onlineOrderingAvailable: boolean): string[] {
  if (!onlineOrderingAvailable) return [];
  return [
    ...(settings.allowCollection ? [`Collection in about ${minutesText(settings.collectionLeadMinutes)}`] : []),
    `Delivery in about ${minutesText(settings.deliveryLeadMinutes)}`,
  ];
}

/** A dish's price as the menu charges it: with options that cost different amounts, "from" its cheapest. */
export function dishPriceText(item: MenuItem): string {
  const extras = item.configItems.map((option) => poundsToPence(option.extraCost));
  const cheapestExtra = extras.length > 0 ? Math.min(...extras) : 0;
  const price = formatGbp(poundsToPence(item.itemCost) + cheapestExtra);
  return extras.some((extra) => extra !== cheapestExtra) ? `from ${price}` : price;
}
