import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseTimedOutRequests } from '../../src/server/autoRefusalSweep';
import type { AcceptanceRepository } from '../../src/server/db/acceptanceRepository';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { acceptOrder, cancelOrder, setKitchenStatus } from '../../src/server/domain/acceptance';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';
import { changeAcceptance, requestAcceptance } from '../../src/server/services/acceptance';

const confirmedAt = '2026-11-24T18:00:00.000Z';
/** Due at 18:20, the restaurant's time to answer starting at the request (`at`). */
const dueAtSix20From = (at: string) => () => ({ updateTime: '2026-11-24T18:20:00.000Z', answerFrom: at });

describe.each(databaseTargets)('the acceptance repository on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let acceptance: AcceptanceRepository;
  let count = 0;

  async function confirmedBasket(): Promise<{ basketId: string; orderRef: string }> {
    count += 1;
    const basketId = `basket-${count}`;
    const orderRef = `order-${count}`;
    await repositories.orders.createBasket({ basketId, orderBuilderRef: `ref-${count}`, menuVersion: 1, now: confirmedAt });
    const confirmed = await repositories.orders.confirmBasket(basketId, () => undefined, orderRef, confirmedAt);
    expect(confirmed.outcome).toBe('confirmed');
    return { basketId, orderRef };
  }

  async function requested(at = confirmedAt): Promise<{ basketId: string; orderRef: string }> {
    const order = await confirmedBasket();
    expect((await requestAcceptance(repositories, order.basketId, dueAtSix20From(at), at, 'customer')).outcome).toBe('requested');
    return order;
  }

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db);
    acceptance = repositories.acceptance;
  });
  afterAll(() => database.dispose());

  it('requests acceptance once for a confirmed basket, whatever the number of concurrent calls', async () => {
    const { basketId, orderRef } = await confirmedBasket();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => requestAcceptance(repositories, basketId, dueAtSix20From(confirmedAt), confirmedAt, 'customer')));
    expect(outcomes.map(({ outcome }) => outcome).sort()).toEqual(['existing', 'existing', 'existing', 'existing', 'requested']);
    expect(await acceptance.find({ orderRef })).toEqual({
      basketId,
      orderRef,
      orderNumber: expect.any(Number),
      requestedAt: confirmedAt,
      answerFrom: confirmedAt,
      orderType: 0,
      paymentType: 0,
      status: 0,
      updateTime: '2026-11-24T18:20:00.000Z',
      proposedTime: null,
      refusalReason: null,
      cancelledAt: null,
      kitchenStatus: null,
      kitchenStatusChangedAt: null,
      unavailableLines: [],
    });
    expect(await acceptance.history({ basketId })).toEqual([
      { at: confirmedAt, change: 'acceptanceStatus', from_value: null, to_value: 'Requested', actor: 'customer' },
    ]);
  });

  it('knows no unknown or unconfirmed basket', async () => {
    expect(await requestAcceptance(repositories, 'no-such-basket', dueAtSix20From(confirmedAt), confirmedAt, 'customer')).toEqual({ outcome: 'missing' });
    await repositories.orders.createBasket({ basketId: 'unconfirmed', orderBuilderRef: 'ref-unconfirmed', menuVersion: 1, now: confirmedAt });
    expect(await requestAcceptance(repositories, 'unconfirmed', dueAtSix20From(confirmedAt), confirmedAt, 'customer')).toEqual({ outcome: 'unconfirmed' });
    expect(await acceptance.find({ basketId: 'unconfirmed' })).toBeUndefined();
    expect(await changeAcceptance(repositories, { orderRef: 'no-such-order' }, (current) => acceptOrder(current, confirmedAt), confirmedAt, 'system')).toEqual({
      outcome: 'missing',
    });
  });

  it('lets exactly one of a concurrent cancel and accept win, and records only the winner', async () => {
    for (let round = 0; round < 10; round += 1) {
      const { basketId } = await requested();
      const [cancel, accept] = await Promise.all([
        changeAcceptance(repositories, { basketId }, (current) => cancelOrder(current, confirmedAt, '0113 496 0123'), confirmedAt, 'customer'),
        changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, confirmedAt), confirmedAt, 'kitchen:staff'),
      ]);
      expect([cancel.outcome, accept.outcome].sort()).toEqual(['changed', 'refused']);
      const stored = await acceptance.find({ basketId });
      const history = await acceptance.history({ basketId });
      if (cancel.outcome === 'changed') {
        expect(stored).toMatchObject({ status: 0, cancelledAt: confirmedAt, kitchenStatus: null });
        expect(history.map((event) => event.change)).toEqual(['acceptanceStatus', 'cancelled']);
      } else {
        expect(stored).toMatchObject({ status: 2, cancelledAt: null, kitchenStatus: 0 });
        expect(history.map((event) => event.actor)).toEqual(['customer', 'kitchen:staff', 'kitchen:staff']);
      }
    }
  });

  it('writes nothing for a refused or a no-op decision', async () => {
    const { basketId } = await requested();
    await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, confirmedAt), confirmedAt, 'kitchen:staff');
    const before = [await acceptance.find({ basketId }), await acceptance.history({ basketId })];
    expect((await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, '2026-11-24T18:05:00.000Z'), confirmedAt, 'kitchen:staff')).outcome).toBe(
      'unchanged',
    );
    expect((await changeAcceptance(repositories, { basketId }, (current) => setKitchenStatus(current, 6, confirmedAt), confirmedAt, 'kitchen:staff')).outcome).toBe(
      'refused',
    );
    expect([await acceptance.find({ basketId }), await acceptance.history({ basketId })]).toEqual(before);
  });

  it('finds the orders confirmed in a time without an acceptance request, and only those', async () => {
    const forgotten = await confirmedBasket();
    const asked = await requested();
    const found = await acceptance.findConfirmedWithoutRequest('2026-11-24T17:59:00.000Z', confirmedAt);
    expect(found).toContain(forgotten.basketId);
    expect(found).not.toContain(asked.basketId);
    expect(await acceptance.findConfirmedWithoutRequest('2026-11-24T18:00:01.000Z', '2026-11-24T18:10:00.000Z')).toEqual([]);
  });

  it('refuses timed-out requests in a sweep, and only those', async () => {
    const timedOut = await requested('2026-11-24T17:00:00.000Z');
    const recent = await requested('2026-11-24T17:55:00.000Z');
    const cancelled = await requested('2026-11-24T17:00:00.000Z');
    // Requested at 17:00 while closed: the restaurant's time to answer starts at 19:00.
    const preOrder = await confirmedBasket();
    await requestAcceptance(repositories, preOrder.basketId, () => ({ updateTime: '2026-11-24T20:00:00.000Z', answerFrom: '2026-11-24T19:00:00.000Z' }), '2026-11-24T17:00:00.000Z', 'customer');
    await changeAcceptance(repositories, cancelled, (current) => cancelOrder(current, confirmedAt, '0113 496 0123'), confirmedAt, 'customer');

    const refused = await refuseTimedOutRequests({ repositories, now: new Date('2026-11-24T18:00:00Z'), timeoutSeconds: 600 });
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(await acceptance.find(timedOut)).toMatchObject({
      status: 3,
      refusalReason: 'The restaurant did not respond in time. Please order again or phone 0113 496 0123.',
    });
    expect((await acceptance.history(timedOut)).at(-1)).toMatchObject({ actor: 'system', change: 'refusalReason' });
    expect(await acceptance.find(recent)).toMatchObject({ status: 0, refusalReason: null });
    expect(await acceptance.find(cancelled)).toMatchObject({ status: 0, refusalReason: null });
    expect(await acceptance.find(preOrder)).toMatchObject({ status: 0, refusalReason: null, answerFrom: '2026-11-24T19:00:00.000Z' });
    expect(await acceptance.findWaitingSince('2026-11-24T19:00:00.000Z')).toContain(preOrder.basketId);
    expect(await acceptance.findWaitingSince('2026-11-24T17:50:00.000Z')).toEqual([]);
  });

  it("lists the kitchen's orders: recent ones and older active ones, newest first", async () => {
    const oldActive = await requested('2026-11-20T18:00:00.000Z');
    await changeAcceptance(repositories, oldActive, (current) => acceptOrder(current, confirmedAt), confirmedAt, 'kitchen:staff');
    const oldFinished = await requested('2026-11-20T18:01:00.000Z');
    await changeAcceptance(repositories, oldFinished, (current) => acceptOrder(current, confirmedAt), confirmedAt, 'kitchen:staff');
    await changeAcceptance(repositories, oldFinished, (current) => setKitchenStatus(current, 4, confirmedAt), confirmedAt, 'kitchen:staff');
    const recent = await requested('2026-11-24T19:00:00.000Z');

    const listed = await acceptance.listForKitchen('2026-11-23T19:30:00.000Z');
    const refs = listed.map((order) => order.orderRef);
    expect(refs[0]).toBe(recent.orderRef);
    expect(refs).toContain(oldActive.orderRef);
    expect(refs).not.toContain(oldFinished.orderRef);
    const requestedAt = listed.map((order) => order.requestedAt);
    expect(requestedAt).toEqual([...requestedAt].sort().reverse());
  });

  it('keeps the kitchen status to accepted orders and the actor to the three kinds', async () => {
    const { basketId } = await requested();
    await expect(database.db.updateTable('order_acceptances').set({ kitchen_status: 0 }).where('basket_id', '=', basketId).execute()).rejects.toThrow();
    await expect(
      database.db
        .insertInto('order_events')
        .values({ basket_id: basketId, event_no: 99, at: confirmedAt, change: 'cancelled', from_value: null, to_value: null, actor: 'someone' })
        .execute(),
    ).rejects.toThrow();
  });
});
