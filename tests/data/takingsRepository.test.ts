import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { londonDaysInstants, takingsOf } from '../../src/server/domain/takings';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// The takings' query on both dialects (docs/back-office.md, "Takings"): the orders placed in London days, found by
// their confirmation instant, with their payment and acceptance.

describe.each(databaseTargets)('the takings on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let count = 0;

  /** A confirmed order placed at `confirmedAt`, paid as said, with an acceptance when given. */
  async function placed(
    confirmedAt: string,
    {
      paymentSource,
      acceptance,
      orderType = 1,
    }: { paymentSource?: string; acceptance?: { status: number; refusal_reason?: string; cancelled_at?: string; kitchen_status?: number }; orderType?: number } = {},
  ): Promise<string> {
    count += 1;
    const basketId = `basket-${count}`;
    await repositories.orders.createBasket({ basketId, orderBuilderRef: `ref-${count}`, menuVersion: 1, now: confirmedAt });
    await database.db
      .updateTable('baskets')
      .set({
        order_ref: `order-${count}`,
        order_number: count,
        order_date: confirmedAt.slice(0, 10),
        name: `Customer ${count}`,
        confirmed_at: confirmedAt,
        status: 7,
        order_type: orderType,
        payment_type: paymentSource === undefined ? 1 : 2,
        original_item_cost: 1000 * count,
        discount: 100,
        item_cost: 1000 * count - 100,
        bag_charge: 10,
        delivery_charge: orderType === 2 ? 150 : 0,
        total_cost: 1000 * count - 100 + 10 + (orderType === 2 ? 150 : 0),
      })
      .where('basket_id', '=', basketId)
      .execute();
    if (paymentSource !== undefined) {
      await database.db
        .insertInto('payments')
        .values({
          basket_id: basketId,
          paypal_order_id: `paypal-${count}`,
          payment_source: paymentSource,
          state: 'authorised',
          amount_pence: 1000,
          authorization_id: `authorisation-${count}`,
          capture_id: null,
          refund_id: null,
          created_at: confirmedAt,
          updated_at: confirmedAt,
        })
        .execute();
    }
    if (acceptance !== undefined) {
      await database.db
        .insertInto('order_acceptances')
        .values({
          basket_id: basketId,
          status: acceptance.status,
          requested_at: confirmedAt,
          update_time: new Date(Date.parse(confirmedAt) + 20 * 60_000).toISOString(),
          proposed_time: null,
          refusal_reason: acceptance.refusal_reason ?? null,
          cancelled_at: acceptance.cancelled_at ?? null,
          kitchen_status: acceptance.kitchen_status ?? null,
          kitchen_status_changed_at: null,
        })
        .execute();
    }
    return `order-${count}`;
  }

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, database.storage);
    // 1 July 2026 in London (BST) runs from 30 June 23:00 to 1 July 23:00 UTC.
    await placed('2026-06-30T22:59:59.999Z');
    await placed('2026-06-30T23:00:00.000Z', { paymentSource: 'paypal', acceptance: { status: 2, kitchen_status: 6 } });
    await placed('2026-07-01T12:00:00.000Z', { paymentSource: 'card', orderType: 2, acceptance: { status: 2, kitchen_status: 0 } });
    await placed('2026-07-01T18:00:00.000Z', { acceptance: { status: 3, refusal_reason: 'Closing early' } });
    await placed('2026-07-01T22:59:59.999Z', { acceptance: { status: 0, cancelled_at: '2026-07-01T23:01:00.000Z' } });
    await placed('2026-07-01T23:00:00.000Z');
    // Not confirmed: never in the takings.
    await repositories.orders.createBasket({ basketId: 'abandoned', orderBuilderRef: 'abandoned', menuVersion: 1, now: '2026-07-01T12:00:00.000Z' });
  });
  afterAll(() => database.dispose());

  it("reads the orders confirmed in a London summer day, with each order's payment and acceptance", async () => {
    const { fromInstant, beforeInstant } = londonDaysInstants({ from: '2026-07-01', to: '2026-07-01' });
    expect({ fromInstant, beforeInstant }).toEqual({ fromInstant: '2026-06-30T23:00:00.000Z', beforeInstant: '2026-07-01T23:00:00.000Z' });
    const rows = await repositories.takings.ordersPlaced(fromInstant, beforeInstant);
    expect(rows.map((row) => row.orderRef)).toEqual(['order-2', 'order-3', 'order-4', 'order-5']);
    expect(rows[1]).toEqual({
      orderRef: 'order-3',
      orderNumber: 3,
      name: 'Customer 3',
      confirmedAt: '2026-07-01T12:00:00.000Z',
      orderType: 2,
      paymentType: 2,
      paymentSource: 'card',
      paidInCashInstead: false,
      originalItemCostPence: 3000,
      discountPence: 100,
      deliveryChargePence: 150,
      bagChargePence: 10,
      totalCostPence: 3060,
      requestedTime: null,
      sourceType: 'Website',
      cardOnCollection: false,
      acceptance: { status: 2, refusalReason: null, cancelledAt: null, kitchenStatus: 0, updateTime: '2026-07-01T12:20:00.000Z' },
    });

    const takings = takingsOf(rows);
    expect(takings.orders.map((order) => [order.payment, order.status, order.counted])).toEqual([
      ['paypal', 'completed', true],
      ['card', 'accepted', true],
      ['cash', 'refused', false],
      ['cash', 'cancelled', false],
    ]);

    // PayPal's hold of order-2 ran out and was not renewed: it is paid at the till, and counted as cash.
    await database.db.updateTable('payments').set({ honour_outcome: 'cash' }).where('basket_id', '=', 'basket-2').execute();
    const paidAtTheTill = await repositories.takings.ordersPlaced(fromInstant, beforeInstant);
    expect(paidAtTheTill[0]).toMatchObject({ orderRef: 'order-2', paymentSource: 'paypal', paidInCashInstead: true });
    expect(takingsOf(paidAtTheTill).orders[0].payment).toBe('cash');
    await database.db.updateTable('payments').set({ honour_outcome: null }).where('basket_id', '=', 'basket-2').execute();
    expect(takings.totals).toEqual({ orders: 2, itemTotalPence: 5000, discountPence: 200, deliveryPence: 150, bagPence: 20, totalPence: 4970 });
    // Due 20 minutes after placing, in London's clock: 00:20 and 13:20 BST.
    expect(takings.busiestSlots).toEqual([
      { time: '00:15', orders: 1 },
      { time: '13:15', orders: 1 },
    ]);
  });

  it('reads a winter day from London midnight, which is UTC midnight', async () => {
    const { fromInstant, beforeInstant } = londonDaysInstants({ from: '2026-06-30', to: '2026-06-30' });
    expect((await repositories.takings.ordersPlaced(fromInstant, beforeInstant)).map((row) => row.orderRef)).toEqual(['order-1']);
    expect(londonDaysInstants({ from: '2026-12-01', to: '2026-12-31' })).toEqual({
      fromInstant: '2026-12-01T00:00:00.000Z',
      beforeInstant: '2027-01-01T00:00:00.000Z',
    });
  });
});
