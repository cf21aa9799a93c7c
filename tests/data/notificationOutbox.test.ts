import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KitchenStatus, OrderType, type OrderTypeValue } from '../../src/domain/orderEnums';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createNotificationOutbox, type NotificationOutbox } from '../../src/server/db/notificationRepository';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { acceptOrder, cancelOrder, proposeTime, refuseOrder, setKitchenStatus } from '../../src/server/domain/acceptance';
import { registerDevice, stopNotifications } from '../../src/server/services/devices';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';
import { changeAcceptance, requestAcceptance } from '../../src/server/services/acceptance';

// The notification outbox (docs/notifications.md): each moment of an order is queued for every recipient the order has,
// in the transaction of the change, once; a delivery is claimed by one worker at a time, and a lapsed claim is taken over.

const placedAt = '2026-11-24T18:00:00.000Z';
const dueAt = () => ({ updateTime: '2026-11-24T18:20:00.000Z', answerFrom: placedAt });
const later = (minutes: number) => new Date(Date.parse(placedAt) + minutes * 60_000).toISOString();

describe.each(databaseTargets)('the notification outbox on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let outbox: NotificationOutbox;
  let kicks = 0;
  let count = 0;
  /** The services' context at the instant `now`. */
  const at = (now: string) => ({ repositories, clock: () => new Date(now) });

  async function placedOrder(options: { email?: string; tokens?: string[]; orderType?: OrderTypeValue } = {}): Promise<{ basketId: string; orderRef: string }> {
    count += 1;
    const basketId = `notified-basket-${count}`;
    const orderRef = `notified-order-${count}`;
    await repositories.orders.createBasket({ basketId, orderBuilderRef: `notified-ref-${count}`, menuVersion: 1, now: placedAt });
    await database.db
      .updateTable('baskets')
      .set({ email: options.email ?? `customer${count}@example.com`, order_type: options.orderType ?? OrderType.Collection })
      .where('basket_id', '=', basketId)
      .execute();
    for (const token of options.tokens ?? []) await registerDevice(at(placedAt), basketId, token);
    expect((await repositories.orders.confirmBasket(basketId, () => undefined, orderRef, placedAt)).outcome).toBe('confirmed');
    expect((await requestAcceptance(repositories, basketId, dueAt, placedAt, 'customer')).outcome).toBe('requested');
    return { basketId, orderRef };
  }

  const deliveriesOf = (basketId: string) =>
    database.db
      .selectFrom('notification_deliveries')
      .select(['moment', 'channel', 'recipient', 'detail', 'done_at', 'outcome'])
      .where('basket_id', '=', basketId)
      .orderBy('id')
      .execute();

  /** Claims and completes everything due, as a worker that sends without fail would. */
  async function sendAllDue(at: string): Promise<void> {
    for (let due = await outbox.claimDue(at, at, 100); due.length > 0; due = await outbox.claimDue(at, at, 100)) {
      for (const delivery of due) await outbox.complete(delivery, 'sent', at);
    }
  }

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, {
      onNotificationQueued: () => {
        kicks += 1;
      },
    });
    outbox = createNotificationOutbox(database.db);
  });
  afterAll(() => database.dispose());

  it('queues the receipt by email when the order reaches the restaurant, and kicks the worker', async () => {
    const kicksBefore = kicks;
    const { basketId } = await placedOrder({ email: 'ann@example.com' });
    expect(await deliveriesOf(basketId)).toEqual([
      { moment: 'placed', channel: 'email', recipient: 'ann@example.com', detail: '{}', done_at: null, outcome: null },
    ]);
    expect(kicks - kicksBefore).toBe(1);
  });

  it('queues each change for every channel the order has, with what the moment said, and the kitchen progress only for phones', async () => {
    const { basketId } = await placedOrder({ email: 'bob@example.com', tokens: ['token-a', 'token-b'] });
    await database.db
      .insertInto('web_push_subscriptions')
      .values({ basket_id: basketId, endpoint: 'https://push.example/1', p256dh: 'key', auth: 'secret', created_at: placedAt })
      .execute();
    const proposed = later(40);
    await changeAcceptance(repositories, { basketId }, (current) => proposeTime(current, proposed, later(1)), later(1), 'kitchen:sub');
    const rows = await deliveriesOf(basketId);
    expect(rows.filter((row) => row.moment === 'timeProposed').map((row) => [row.channel, row.recipient])).toEqual([
      ['email', 'bob@example.com'],
      ['nativePush', 'token-a'],
      ['nativePush', 'token-b'],
      ['webPush', 'https://push.example/1'],
    ]);
    expect(JSON.parse(rows.find((row) => row.moment === 'timeProposed')!.detail)).toEqual({ time: proposed });
  });

  it('tells the kitchen progress of a collection and of a delivery by the moments the customer cares about', async () => {
    const collection = await placedOrder({ tokens: ['token-c'] });
    const delivery = await placedOrder({ tokens: ['token-d'], orderType: OrderType.Delivery });
    for (const { basketId } of [collection, delivery]) {
      await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, later(2)), later(2), 'kitchen:sub');
      const steps =
        basketId === collection.basketId
          ? [KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.Completed]
          : [KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery, KitchenStatus.Completed];
      for (const [index, status] of steps.entries()) {
        await changeAcceptance(repositories, { basketId }, (current) => setKitchenStatus(current, status, later(3 + index)), later(3 + index), 'kitchen:sub');
      }
    }
    const pushed = async (basketId: string) => (await deliveriesOf(basketId)).filter((row) => row.channel === 'nativePush').map((row) => row.moment);
    expect(await pushed(collection.basketId)).toEqual(['placed', 'accepted', 'cooking', 'readyToCollect', 'completed']);
    expect(await pushed(delivery.basketId)).toEqual(['placed', 'accepted', 'cooking', 'outForDelivery', 'completed']);
    const emailed = (await deliveriesOf(collection.basketId)).filter((row) => row.channel === 'email').map((row) => row.moment);
    expect(emailed).toEqual(['placed', 'accepted']);
  });

  it('queues a refusal with its reason and a cancellation, and nothing for a change that changes nothing', async () => {
    const refused = await placedOrder();
    await changeAcceptance(repositories, { basketId: refused.basketId }, (current) => refuseOrder(current, 'We have run out of duck'), later(1), 'kitchen:sub');
    await changeAcceptance(repositories, { basketId: refused.basketId }, (current) => refuseOrder(current, 'We have run out of duck'), later(2), 'kitchen:sub');
    const refusedRows = await deliveriesOf(refused.basketId);
    expect(refusedRows.map((row) => row.moment)).toEqual(['placed', 'refused']);
    expect(JSON.parse(refusedRows[1]!.detail)).toEqual({ reason: 'We have run out of duck' });

    const cancelled = await placedOrder();
    await changeAcceptance(repositories, { basketId: cancelled.basketId }, (current) => cancelOrder(current, later(1), '0113 496 0123'), later(1), 'customer');
    expect((await deliveriesOf(cancelled.basketId)).map((row) => row.moment)).toEqual(['placed', 'cancelled']);
  });

  it('gives each due delivery to one of two claims made at the same moment', async () => {
    await sendAllDue(later(6));
    const orders = await Promise.all(Array.from({ length: 6 }, () => placedOrder({ tokens: ['shared-token'] })));
    for (const { basketId } of orders) await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, later(6)), later(6), 'kitchen:sub');
    const claimedIds: number[][] = [];
    for (;;) {
      const claims = await Promise.all([outbox.claimDue(later(7), later(8), 100), outbox.claimDue(later(7), later(8), 100)]);
      if (claims.every((claim) => claim.length === 0)) break;
      const [first, second] = claims.map((claim) => claim.map((delivery) => delivery.id));
      expect(first!.filter((id) => second!.includes(id))).toEqual([]);
      claimedIds.push(...claims.map((claim) => claim.map((delivery) => delivery.id)));
      for (const delivery of claims.flat()) await outbox.complete(delivery, 'sent', later(7));
    }
    // placed and accepted, each by email and by push, for each order
    expect(new Set(claimedIds.flat()).size).toBe(orders.length * 4);
  });

  it("sends one recipient's deliveries in the order of the changes: the next only once the one before is done", async () => {
    await sendAllDue(later(8));
    const { basketId } = await placedOrder({ tokens: ['ordered-token'] });
    await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, later(8.5)), later(8.5), 'kitchen:sub');
    const claimedMoments = async () => (await outbox.claimDue(later(9), later(9.5), 100)).filter((delivery) => delivery.basketId === basketId);
    const first = await claimedMoments();
    expect(first.map((delivery) => [delivery.channel, delivery.moment])).toEqual([
      ['email', 'placed'],
      ['nativePush', 'placed'],
    ]);
    // The receipt fails and waits for its retry: the email after it waits too, while the phone's goes on.
    await outbox.recordFailure(first[0]!, 'SMTP 421', later(30));
    await outbox.complete(first[1]!, 'sent', later(9));
    expect((await claimedMoments()).map((delivery) => [delivery.channel, delivery.moment])).toEqual([['nativePush', 'accepted']]);
    await sendAllDue(later(30));
    expect((await deliveriesOf(basketId)).map((row) => [row.channel, row.moment, row.outcome])).toEqual([
      ['email', 'placed', 'sent'],
      ['nativePush', 'placed', 'sent'],
      ['email', 'accepted', 'sent'],
      ['nativePush', 'accepted', 'sent'],
    ]);
  });

  it('takes over a claim that lapsed (its server died mid-send), and never one that is done', async () => {
    await sendAllDue(later(9));
    const { basketId } = await placedOrder();
    const [claimed] = await outbox.claimDue(later(10), later(11), 100);
    expect(claimed?.basketId).toBe(basketId);
    expect(await outbox.claimDue(later(10.5), later(11.5), 100)).toEqual([]);
    const [takenOver] = await outbox.claimDue(later(11), later(12), 100);
    expect(takenOver?.id).toBe(claimed?.id);
    await outbox.complete(takenOver!, 'sent', later(11));
    expect(await outbox.claimDue(later(30), later(31), 100)).toEqual([]);
  });

  it('tries a failed delivery again at its next attempt time, counting the attempts', async () => {
    const { basketId } = await placedOrder();
    const [claimed] = (await outbox.claimDue(later(20), later(21), 100)).filter((delivery) => delivery.basketId === basketId);
    await outbox.recordFailure(claimed!, 'SMTP 421 try later', later(25));
    expect((await outbox.claimDue(later(24), later(25), 100)).map((delivery) => delivery.id)).not.toContain(claimed!.id);
    const [again] = (await outbox.claimDue(later(25), later(26), 100)).filter((delivery) => delivery.basketId === basketId);
    expect(again).toMatchObject({ id: claimed!.id, attempts: 1 });
    await outbox.complete(again!, 'sent', later(25));
  });

  it("drops the pushes queued when the customer stops notifications, queues no more, keeps the emails, and lifts the stop on a new registration", async () => {
    await sendAllDue(later(26));
    const { basketId } = await placedOrder({ email: 'stopper@example.com', tokens: ['token-stop'] });
    expect(await stopNotifications(at(later(27)), basketId)).toBe('registered');
    expect((await deliveriesOf(basketId)).map((row) => [row.moment, row.channel, row.outcome])).toEqual([
      ['placed', 'email', null],
      ['placed', 'nativePush', 'stopped'],
    ]);
    // The stop covers the pushes only: the email asking the customer to accept a new time still goes (the order is never
    // cooked until they answer), as do those saying what became of their money.
    const proposed = later(60);
    await changeAcceptance(repositories, { basketId }, (current) => proposeTime(current, proposed, later(28)), later(28), 'kitchen:sub');
    await changeAcceptance(repositories, { basketId }, (current) => cancelOrder(current, later(29), '0113 496 0123'), later(29), 'customer');
    expect((await deliveriesOf(basketId)).slice(2).map((row) => [row.moment, row.channel])).toEqual([
      ['timeProposed', 'email'],
      ['cancelled', 'email'],
    ]);
    const refused = await placedOrder({ email: 'refused-stopper@example.com', tokens: ['token-stop-refused'] });
    await stopNotifications(at(later(27)), refused.basketId);
    await changeAcceptance(repositories, { basketId: refused.basketId }, (current) => refuseOrder(current, 'We have run out of duck'), later(28), 'kitchen:sub');
    expect((await deliveriesOf(refused.basketId)).filter((row) => row.outcome === null).map((row) => [row.moment, row.channel, row.recipient])).toEqual([
      ['placed', 'email', 'refused-stopper@example.com'],
      ['refused', 'email', 'refused-stopper@example.com'],
    ]);
    expect(await stopNotifications(at(later(27)), 'no-such-basket')).toBe('missing');

    const lifted = await placedOrder({ tokens: ['token-lifted'] });
    await stopNotifications(at(later(27)), lifted.basketId);
    expect(await registerDevice(at(later(29)), lifted.basketId, 'token-lifted')).toBe('registered');
    await changeAcceptance(repositories, { basketId: lifted.basketId }, (current) => acceptOrder(current, later(30)), later(30), 'kitchen:sub');
    expect((await deliveriesOf(lifted.basketId)).map((row) => [row.moment, row.channel])).toContainEqual(['accepted', 'nativePush']);
  });

  it('stores a token once however often it is sent, and drops a token reported gone from every order with what it had queued', async () => {
    await sendAllDue(later(31));
    const first = await placedOrder({ tokens: ['token-gone', 'token-gone'] });
    const second = await placedOrder({ tokens: ['token-gone'] });
    expect(await database.db.selectFrom('device_tokens').select('basket_id').where('device_token', '=', 'token-gone').execute()).toHaveLength(2);
    for (const { basketId } of [first, second]) await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, later(32)), later(32), 'kitchen:sub');
    await outbox.dropRecipient('nativePush', 'token-gone', later(33));
    expect(await database.db.selectFrom('device_tokens').select('basket_id').where('device_token', '=', 'token-gone').execute()).toEqual([]);
    for (const { basketId } of [first, second]) {
      expect((await deliveriesOf(basketId)).filter((row) => row.channel === 'nativePush').map((row) => [row.moment, row.outcome])).toEqual([
        ['placed', 'unregistered'],
        ['accepted', 'unregistered'],
      ]);
    }
    expect(await registerDevice(at(later(33)), 'no-such-basket', 'token')).toBe('missing');
  });
});
