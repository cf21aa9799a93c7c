import type { Kysely, NotNull } from 'kysely';
import type { AcceptanceStatusValue, KitchenStatusValue } from '../../domain/orderEnums';
import type { PlacedOrderRow } from '../domain/takings';
import type { DatabaseSchema } from './schema';

// The orders the owner's takings are made of (src/server/domain/takings.ts): every confirmed order placed in a range,
// with how it was paid and what became of it, in one query.

export interface TakingsRepository {
  /** The orders confirmed from `fromInstant` up to, not including, `beforeInstant` (ISO instants in UTC), oldest first. */
  ordersPlaced(fromInstant: string, beforeInstant: string): Promise<PlacedOrderRow[]>;
}

export function createTakingsRepository(db: Kysely<DatabaseSchema>): TakingsRepository {
  return {
    async ordersPlaced(fromInstant, beforeInstant) {
      const rows = await db
        .selectFrom('baskets')
        .leftJoin('order_acceptances', 'order_acceptances.basket_id', 'baskets.basket_id')
        .leftJoin('payments', 'payments.basket_id', 'baskets.basket_id')
        .select([
          'baskets.order_ref',
          'baskets.order_number',
          'baskets.name',
          'baskets.confirmed_at',
          'baskets.order_type',
          'baskets.payment_type',
          'baskets.card_on_collection',
          'baskets.source_type',
          'baskets.original_item_cost',
          'baskets.discount',
          'baskets.delivery_charge',
          'baskets.bag_charge',
          'baskets.total_cost',
          'baskets.requested_time',
          'payments.payment_source',
          'payments.honour_outcome',
          'order_acceptances.status',
          'order_acceptances.refusal_reason',
          'order_acceptances.cancelled_at',
          'order_acceptances.kitchen_status',
          'order_acceptances.update_time',
        ])
        .where('baskets.confirmed_at', '>=', fromInstant)
        .where('baskets.confirmed_at', '<', beforeInstant)
        // Confirming sets them all (migration 0018 numbered the orders confirmed before it).
        .$narrowType<{ order_ref: NotNull; order_number: NotNull; confirmed_at: NotNull }>()
        .orderBy('baskets.confirmed_at')
        .orderBy('baskets.order_ref')
        .execute();
      return rows.map((row) => ({
        orderRef: row.order_ref,
        orderNumber: row.order_number,
        name: row.name,
        confirmedAt: row.confirmed_at,
        orderType: row.order_type,
        paymentType: row.payment_type,
        paymentSource: row.payment_source,
        paidInCashInstead: row.honour_outcome === 'cash',
        cardOnCollection: row.card_on_collection === 1,
        sourceType: row.source_type,
        originalItemCostPence: row.original_item_cost,
        discountPence: row.discount,
        deliveryChargePence: row.delivery_charge,
        bagChargePence: row.bag_charge,
        totalCostPence: row.total_cost,
        requestedTime: row.requested_time,
        acceptance:
          row.status === null || row.update_time === null
            ? null
            : {
                status: row.status as AcceptanceStatusValue,
                refusalReason: row.refusal_reason,
                cancelledAt: row.cancelled_at,
                kitchenStatus: row.kitchen_status as KitchenStatusValue | null,
                updateTime: row.update_time,
              },
      }));
    },
  };
}
