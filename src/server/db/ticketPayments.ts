import type { Kysely } from 'kysely';
import type { TicketPaymentFacts } from '../domain/kitchenPayment';
import type { DatabaseSchema } from './schema';

// What the kitchen ticket shows of an order's payment (src/server/domain/kitchenPayment.ts): read only.

export interface TicketPaymentReader {
  /** The basket's payment through PayPal and its most often failed step not done yet; undefined without a payment. */
  find(basketId: string): Promise<TicketPaymentFacts | undefined>;
}

export function createTicketPaymentReader(db: Kysely<DatabaseSchema>): TicketPaymentReader {
  return {
    async find(basketId) {
      const row = await db
        .selectFrom('payments')
        .leftJoin('payment_outbox', (join) =>
          join
            .onRef('payment_outbox.basket_id', '=', 'payments.basket_id')
            .on('payment_outbox.done_at', 'is', null)
            .on('payment_outbox.attempts', '>', 0),
        )
        .select(['payments.payment_source', 'payments.state', 'payment_outbox.operation', 'payment_outbox.attempts', 'payment_outbox.last_error'])
        .where('payments.basket_id', '=', basketId)
        .orderBy('payment_outbox.attempts', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        paymentSource: row.payment_source,
        state: row.state,
        failingStep:
          row.operation === null || row.attempts === null ? undefined : { operation: row.operation, attempts: row.attempts, lastError: row.last_error },
      };
    },
  };
}
