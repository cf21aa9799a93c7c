import type { Kysely } from 'kysely';
import type { TicketPaymentFacts } from '../domain/kitchenPayment';
import { readInBatches } from './inBatches';
import type { DatabaseSchema } from './schema';

// What the kitchen ticket shows of an order's payment (src/server/domain/kitchenPayment.ts): read only.

export interface TicketPaymentReader {
  /** The basket's payment through PayPal and its most often failed step not done yet; undefined without a payment. */
  find(basketId: string): Promise<TicketPaymentFacts | undefined>;
  /** The same for each of `basketIds` that has a payment, by basketId, in one query per IDS_PER_STATEMENT ids (the kitchen list). */
  findMany(basketIds: readonly string[]): Promise<Map<string, TicketPaymentFacts>>;
}

export function createTicketPaymentReader(db: Kysely<DatabaseSchema>): TicketPaymentReader {
  const findMany = async (basketIds: readonly string[]) => {
    const rows = await readInBatches(basketIds, (batch) =>
      db
        .selectFrom('payments')
        .leftJoin('payment_outbox', (join) =>
          join
            .onRef('payment_outbox.basket_id', '=', 'payments.basket_id')
            .on('payment_outbox.done_at', 'is', null)
            .on('payment_outbox.attempts', '>', 0),
        )
        .select(['payments.basket_id', 'payments.payment_source', 'payments.state', 'payments.honour_outcome'])
        .select(['payment_outbox.operation', 'payment_outbox.attempts', 'payment_outbox.last_error'])
        .where('payments.basket_id', 'in', batch)
        // A payment's rows are all without a failed step or all with one, so the first row of each is its most failed.
        .orderBy('payment_outbox.attempts', 'desc')
        .execute(),
    );
    const payments = new Map<string, TicketPaymentFacts>();
    for (const row of rows) {
      if (payments.has(row.basket_id)) continue;
      payments.set(row.basket_id, {
        paymentSource: row.payment_source,
        state: row.state,
        honourOutcome: row.honour_outcome,
        failingStep:
          row.operation === null || row.attempts === null ? undefined : { operation: row.operation, attempts: row.attempts, lastError: row.last_error },
      });
    }
    return payments;
  };
  return {
    find: async (basketId) => (await findMany([basketId])).get(basketId),
    findMany,
  };
}
