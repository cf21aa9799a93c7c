import type { components } from '../../api/schema.gen';
import { usePageNow } from '../../components/useNow';
import { orderingRefusal } from '../../../machines/orderJourney/journeyFacts';

// Often enough that a busy-mode pause ending lets the customer order again within half a minute.
const CLOCK_REFRESH_MS = 30_000;

/**
 * For the public ordering pages (`/order`, `/contact`): why ordering is refused now (switched off, or paused by busy
 * mode, with when it resumes), on the page's clock, and that clock for what else the page says of it.
 */
export function useOrderingRefusal(restaurant: components['schemas']['RestaurantData'] | undefined): { now: Date; refused?: { reason?: string } } {
  const now = usePageNow(CLOCK_REFRESH_MS);
  const refused = restaurant === undefined ? undefined : orderingRefusal(restaurant, now);
  return refused === undefined ? { now } : { now, refused };
}
