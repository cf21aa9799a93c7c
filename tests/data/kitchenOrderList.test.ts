import {
  CompiledQuery,
  createQueryId,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseTimedOutRequests } from '../../src/server/autoRefusalSweep';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import type { BasketToSave, ConfirmationPayment } from '../../src/server/db/orderRepository';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import type { PricedLine } from '../../src/server/domain/basket';
import { kitchenOrderList } from '../../src/server/services/kitchenTickets';
import { restaurantOf } from '../../src/server/services/restaurant';
import { kitchenTicketOf } from '../../src/server/services/orderViews';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';
import { requestAcceptance } from '../../src/server/services/acceptance';

// The kitchen dashboard reads its list every 5 seconds all evening: the list's baskets and payments are read in batches,
// each exactly as the one-order reads give it, in a number of queries that does not grow with the evening's orders.

const now = new Date('2026-11-24T19:00:00.000Z');
const requestedAt = '2026-11-24T18:58:00.000Z';
const timeoutSeconds = 600;

const line = (itemId: number, quantity: number): PricedLine => ({
  categoryId: 1,
  itemId,
  configId: itemId === 101 ? 1012 : null,
  configOption: itemId === 101 ? 'Large bag' : null,
  quantity,
  title: `Item ${itemId}`,
  itemCostPence: 400 + itemId,
  lineCostPence: (400 + itemId) * quantity,
  specialRequest: quantity > 1 ? 'no onions' : '',
});

/** A collection basket of `lines`, paid in cash (1) or online (2). */
function basketToSave(basketId: string, lines: PricedLine[], paymentType: 1 | 2): BasketToSave {
  const items = lines.reduce((sum, priced) => sum + priced.lineCostPence, 0);
  return {
    basketId,
    accountSub: null,
    status: 6,
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: 'Linux',
    appVersion: '1.0.81',
    orderType: 1,
    ignoreTimeOffset: false,
    name: `Customer of ${basketId}`,
    phone: '0113 496 0999',
    email: `${basketId}@example.com`,
    paymentType,
    cardOnCollection: false,
    requestedTime: null,
    asap: true,
    notes: `Notes of ${basketId}`,
    deliveryAddress: null,
    deliveryZoneId: null,
    lines,
    vouchers: [],
    pricing: {
      originalItemCostPence: items,
      discountPence: 0,
      profileDiscountPence: 0,
      discountPercent: 0,
      itemCostPence: items,
      bagChargePence: 10,
      deliveryChargePence: 0,
      totalCostPence: items + 10,
    },
  };
}

/** Counts the statements a Kysely instance runs (each one answers a result once), and keeps the queries (and subqueries) built. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  built: RootOperationNode[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.built.push(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

describe.each(databaseTargets)('the kitchen list on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let counted: Repositories;
  const counter = new QueryCounter();
  let count = 0;

  /** A confirmed order of `lines` waiting for the restaurant's answer; paid online, its money held by PayPal. */
  async function requestedOrder(lines: PricedLine[], paymentType: 1 | 2): Promise<{ basketId: string; orderRef: string }> {
    count += 1;
    const basketId = `basket-${count}`;
    const orderRef = `order-${String(count).padStart(3, '0')}`;
    await repositories.orders.createBasket({ basketId, orderBuilderRef: `ref-${count}`, menuVersion: 1, now: requestedAt });
    expect((await repositories.orders.saveBasket(basketToSave(basketId, lines, paymentType), requestedAt)).outcome).toBe('saved');
    let payment: ConfirmationPayment | undefined;
    if (paymentType === 2) {
      const payPalOrderId = `PAYPAL-${count}`;
      const paymentSource = count % 2 === 0 ? 'card' : 'paypal';
      expect((await repositories.payments.link({ basketId, payPalOrderId, paymentSource }, requestedAt)).outcome).toBe('linked');
      payment = { step: 'authorised', authorisation: { payPalOrderId, authorizationId: `AUTH-${count}`, amountPence: 1000, fundingSource: paymentSource } };
    }
    expect((await repositories.orders.confirmBasket(basketId, () => undefined, orderRef, requestedAt, null, payment)).outcome).toBe('confirmed');
    const dueAt = () => ({ updateTime: '2026-11-24T19:20:00.000Z', answerFrom: requestedAt });
    expect((await requestAcceptance(repositories, basketId, dueAt, requestedAt, 'customer')).outcome).toBe('requested');
    return { basketId, orderRef };
  }

  /** PayPal steps that have failed `attempts` times each and are not done yet (the ticket shows the most failed). */
  async function failingSteps(basketId: string, steps: Array<{ operation: 'capture' | 'refund'; attempts: number }>) {
    await database.db
      .insertInto('payment_outbox')
      .values(
        steps.map(({ operation, attempts }) => ({
          basket_id: basketId,
          operation,
          created_at: requestedAt,
          done_at: null,
          attempts,
          last_error: `${operation} failed ${attempts} times`,
          next_attempt_at: requestedAt,
        })),
      )
      .execute();
  }

  /** The queries the list runs and its answer. */
  async function countedList() {
    counter.count = 0;
    counter.built = [];
    const list = await kitchenOrderList({ repositories: counted, now, timeoutSeconds });
    return { queries: counter.count, list };
  }

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, database.storage);
    counted = createRepositories(database.db.withPlugin(counter), database.storage);
  });
  afterAll(() => database.dispose());

  it('runs as many queries for 20 orders as for one', async () => {
    const first = await requestedOrder([line(101, 2)], 2);
    // The cooks' names of each dish come from the published menu, which a list reads into its cache for a while: each
    // count follows a list that warmed it.
    await countedList();
    const one = await countedList();
    expect(one.list.orders.map((order) => order.orderRef)).toEqual([first.orderRef]);
    // Refusing timed-out requests, the list, the baskets, their lines and the payments.
    expect(one.queries).toBe(5);

    const more = [];
    for (let order = 0; order < 19; order += 1) {
      more.push(await requestedOrder([line(102, 1), line(103, order + 1)], order % 3 === 0 ? 2 : 1));
    }
    await countedList();
    const twenty = await countedList();
    const orderRefs = [first, ...more].map((order) => order.orderRef);
    expect(twenty.list.orders.map((order) => order.orderRef).sort()).toEqual(orderRefs.sort());
    expect(twenty.queries).toBe(one.queries);
  });

  const compiled = (node: RootOperationNode) => database.db.getExecutor().compileQuery(node, createQueryId());

  /** The plan the database takes for a query the list built; PostgreSQL's as it would be on tables too large to read whole. */
  async function planOf(node: RootOperationNode): Promise<string> {
    const query = compiled(node);
    return database.db.transaction().execute(async (transaction) => {
      if (target.name === 'postgres') await sql`set local enable_seqscan = off`.execute(transaction);
      const explain = target.name === 'sqlite' ? 'explain query plan' : 'explain';
      const explained = CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]);
      const { rows } = await transaction.executeQuery<Record<string, string>>(explained);
      return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
    });
  }

  it('finds that nothing has timed out in one query, through the index of waiting requests', async () => {
    counter.count = 0;
    counter.built = [];
    expect(await refuseTimedOutRequests({ repositories: counted, now, timeoutSeconds })).toBe(0);
    expect(counter.count).toBe(1);
    const plan = await planOf(counter.built[0]);
    const throughTheIndex = /USING INDEX order_acceptances_answer_from \(status=\? AND cancelled_at=\? AND answer_from<\?\)/;
    expect(plan).toMatch(target.name === 'sqlite' ? throughTheIndex : /order_acceptances_answer_from/);
  });

  it("finds the day's orders and the older ones still open through indexes, without walking every request", async () => {
    await countedList();
    const list = counter.built.find((node) => compiled(node).sql.startsWith('select "order_acceptances".*'));
    const plan = await planOf(list!);
    expect(plan).toMatch(/order_acceptances_requested_at/);
    expect(plan).toMatch(/order_acceptances_answer_from/);
    expect(plan).toMatch(/order_acceptances_in_kitchen/);
    expect(plan).not.toMatch(target.name === 'sqlite' ? /SCAN order_acceptances/ : /Seq Scan on order_acceptances/);
  });

  it('reads many baskets exactly as it reads each one, lines in their order, and leaves out the unknown', async () => {
    const orders = [
      await requestedOrder([line(101, 1), line(102, 3), line(103, 2), line(104, 1)], 1),
      await requestedOrder([line(105, 1)], 2),
      await requestedOrder([line(103, 4), line(101, 1)], 1),
    ];
    await repositories.orders.createBasket({ basketId: 'empty-basket', orderBuilderRef: 'ref-empty', menuVersion: 1, now: requestedAt });
    const basketIds = [...orders.map((order) => order.basketId), 'empty-basket'];

    const baskets = await repositories.orders.findBaskets([...basketIds, 'no-such-basket', basketIds[0]]);
    expect([...baskets.keys()].sort()).toEqual([...basketIds].sort());
    for (const basketId of basketIds) expect(baskets.get(basketId)).toEqual(await repositories.orders.findBasket(basketId));
    expect(baskets.get(orders[0].basketId)?.lines.map((priced) => priced.itemId)).toEqual([101, 102, 103, 104]);
    expect(baskets.get('empty-basket')?.lines).toEqual([]);
    expect(await repositories.orders.findBaskets([])).toEqual(new Map());
  });

  it("reads many orders' payments exactly as it reads each one, with each one's most failed step", async () => {
    const [cash, paid, failing, twiceFailing] = [
      await requestedOrder([line(101, 1)], 1),
      await requestedOrder([line(102, 1)], 2),
      await requestedOrder([line(103, 1)], 2),
      await requestedOrder([line(104, 1)], 2),
    ];
    await failingSteps(failing.basketId, [{ operation: 'capture', attempts: 3 }]);
    await failingSteps(twiceFailing.basketId, [
      { operation: 'capture', attempts: 2 },
      { operation: 'refund', attempts: 4 },
    ]);
    const basketIds = [cash, paid, failing, twiceFailing].map((order) => order.basketId);

    const payments = await repositories.ticketPayments.findMany(basketIds);
    expect([...payments.keys()].sort()).toEqual([paid.basketId, failing.basketId, twiceFailing.basketId].sort());
    for (const basketId of basketIds) expect(payments.get(basketId)).toEqual(await repositories.ticketPayments.find(basketId));
    expect(payments.get(paid.basketId)).toEqual({ paymentSource: expect.any(String), state: 'authorised', honourOutcome: null, failingStep: undefined });
    expect(payments.get(failing.basketId)?.failingStep).toEqual({ operation: 'capture', attempts: 3, lastError: 'capture failed 3 times' });
    expect(payments.get(twiceFailing.basketId)?.failingStep).toEqual({ operation: 'refund', attempts: 4, lastError: 'refund failed 4 times' });
  });

  it('answers the tickets the one-order reads give, in the order of the list', async () => {
    const { list } = await countedList();
    const acceptances = await repositories.acceptance.listForKitchen(new Date(now.getTime() - 24 * 3_600_000).toISOString());
    const oneByOne = [];
    // The cooks' names of each dish (its menu number and Chinese name) come from the menu as published now.
    const menu = await repositories.menus.getMenu((await restaurantOf(repositories)).menuId);
    const dishes = new Map(menu!.categories.flatMap((category) => category.items).map((item) => [item.itemId, item]));
    for (const acceptance of acceptances) {
      const basket = await repositories.orders.findBasket(acceptance.basketId);
      const ticket = kitchenTicketOf(acceptance, basket!, await repositories.ticketPayments.find(acceptance.basketId), timeoutSeconds);
      const named = ticket.orderItems.map((line) => {
        const dish = dishes.get(line.itemId);
        return dish ? { ...line, menuNumber: dish.menuNumber, chineseName: dish.chineseName, chineseScript: dish.chineseScript } : line;
      });
      oneByOne.push({ ...ticket, orderItems: named });
    }
    expect(list.orders).toEqual(oneByOne);
    expect(new Set(list.orders.map((ticket) => ticket.name)).size).toBe(count);
    expect(list.orders.filter((ticket) => ticket.payment.problem !== null)).toHaveLength(2);
  });
});
