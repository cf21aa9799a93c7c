import type { Kysely } from 'kysely';
import { AcceptanceStatus, KitchenStatus } from '../../domain/orderEnums';
import type { DatabaseSchema } from './schema';

// What the most orders per slot counts (docs/back-office.md, "Opening hours"): confirmed orders that are neither refused
// nor cancelled (by the customer or by the kitchen, refunded after too), at the time they are due: the restaurant's once
// it has answered or asked, else the customer's slot.

/** Kitchen statuses that free the slot: nothing is left to cook (a refund follows a cancel or a completed order). */
const SLOT_FREEING_KITCHEN_STATUSES = [KitchenStatus.Cancelled, KitchenStatus.Refunded];

export interface SlotLoadReader {
  /** The due times (ISO instants) of the orders due from `from` to `to`, both included. */
  dueTimesBetween(from: string, to: string): Promise<string[]>;
}

export function createSlotLoadReader(db: Kysely<DatabaseSchema>): SlotLoadReader {
  return {
    async dueTimesBetween(from, to) {
      const rows = await db
        .selectFrom('baskets')
        .leftJoin('order_acceptances', 'order_acceptances.basket_id', 'baskets.basket_id')
        .select((eb) => eb.fn.coalesce('order_acceptances.update_time', 'baskets.requested_time').as('due'))
        .where('baskets.confirmed_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('order_acceptances.basket_id', 'is', null),
            eb.and([
              eb('order_acceptances.status', '!=', AcceptanceStatus.Refused),
              eb('order_acceptances.cancelled_at', 'is', null),
              // NULL (no kitchen status yet) is never "not in" a list in SQL, so it is let through by name.
              eb.or([eb('order_acceptances.kitchen_status', 'is', null), eb('order_acceptances.kitchen_status', 'not in', SLOT_FREEING_KITCHEN_STATUSES)]),
            ]),
          ]),
        )
        .where((eb) => eb.between(eb.fn.coalesce('order_acceptances.update_time', 'baskets.requested_time'), from, to))
        .execute();
      return rows.flatMap((row) => (row.due === null ? [] : [row.due]));
    },
  };
}
