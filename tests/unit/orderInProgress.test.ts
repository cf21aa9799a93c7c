import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { acceptanceMachine, type CancelAnswer, type OrderAcceptanceRequest } from '../../machines/acceptance/acceptanceMachine';
import { trackingMachine, type ActiveOrder } from '../../machines/tracking/trackingMachine';
import type { BasketActor } from '../../src/actors/basket';
import { followOrderInProgress } from '../../src/actors/orderInProgress';
import { AcceptanceStatus, KitchenStatus, OrderType } from '../../src/domain/orderEnums';
import { createOrderInProgressStorage, IN_PROGRESS_ORDER_KEY } from '../../src/platform/orderInProgressStorage';

const ORDER = { basketId: 'basket-1', orderRef: 'order-1' };

function memoryStorage(entries: Record<string, string> = {}) {
  return {
    entries,
    getItem: (key: string) => entries[key] ?? null,
    setItem: (key: string, value: string) => void (entries[key] = value),
    removeItem: (key: string) => void delete entries[key],
  };
}

/** Just what the coordinator reads of the basket: its ids, its changes, and the CLEAR it may be sent. */
function fakeBasket(context: { basketId?: string; orderRef?: string }) {
  const listeners: (() => void)[] = [];
  const sent: string[] = [];
  const basket = {
    getSnapshot: () => ({ context }),
    subscribe: (listener: () => void) => void listeners.push(listener),
    send: (event: { type: string }) => {
      sent.push(event.type);
      if (event.type === 'CLEAR') {
        delete context.basketId;
        delete context.orderRef;
      }
    },
  };
  const confirm = (order: typeof ORDER) => {
    Object.assign(context, order);
    for (const listener of listeners) listener();
  };
  return { basket: basket as unknown as BasketActor, sent, confirm };
}

function request(orderStatus: number, changes: Partial<OrderAcceptanceRequest> = {}): OrderAcceptanceRequest {
  return { orderBuilderId: ORDER.basketId, orderRef: ORDER.orderRef, orderStatus: orderStatus as 0, updateTime: '2026-11-22T19:00:00.000Z', cancelled: false, refusalReason: null, unavailableItems: [], payment: { method: 'cash', money: null, amount: 12.5 }, ...changes };
}

function setUp({ stored, acceptanceAnswer, activeOrder }: { stored?: typeof ORDER; acceptanceAnswer: OrderAcceptanceRequest; activeOrder?: ActiveOrder }) {
  const calls: string[] = [];
  const acceptance = createActor(
    acceptanceMachine.provide({
      actors: {
        createAcceptance: fromPromise(async () => (calls.push('createAcceptance'), acceptanceAnswer)),
        getAcceptanceDetails: fromPromise(async () => (calls.push('getAcceptanceDetails'), acceptanceAnswer)),
        acceptNewTime: fromPromise(async () => acceptanceAnswer),
        cancelOrder: fromPromise(async (): Promise<CancelAnswer> => ({ OrderCancelled: true })),
      },
    }),
  ).start();
  const tracking = createActor(
    trackingMachine.provide({
      actors: {
        getActiveOrder: fromPromise(async ({ input }: { input: { orderId: string } }) => {
          calls.push(`getActiveOrder ${input.orderId}`);
          if (!activeOrder) throw new Error('no answer');
          return activeOrder;
        }),
      },
    }),
  ).start();
  const local = memoryStorage(stored ? { [IN_PROGRESS_ORDER_KEY]: JSON.stringify(stored) } : {});
  const storage = createOrderInProgressStorage(local);
  return { acceptance, tracking, local, storage, calls };
}

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('following the order in progress', () => {
  it('a confirmed basket starts the acceptance and is stored; a refusal clears the basket and keeps the order for "Order again"', async () => {
    const { acceptance, tracking, local, storage, calls } = setUp({ acceptanceAnswer: request(AcceptanceStatus.Refused, { refusalReason: 'Closed early' }) });
    const { basket, sent, confirm } = fakeBasket({ basketId: ORDER.basketId });
    followOrderInProgress({ basket, acceptance, tracking, storage });
    expect(calls).toEqual([]);

    confirm(ORDER);
    expect(JSON.parse(local.entries[IN_PROGRESS_ORDER_KEY]!)).toEqual(ORDER);
    await settled();
    expect(calls).toEqual(['createAcceptance']);
    expect(acceptance.getSnapshot().value).toBe('refused');
    expect(sent).toEqual(['CLEAR']);
    // Kept, so that a reload shows the refusal again and "Order again" knows the order's lines.
    expect(JSON.parse(local.entries[IN_PROGRESS_ORDER_KEY]!)).toEqual(ORDER);
  });

  it('a reload resumes the stored order, and an accepted order is tracked until it is final, then forgotten', async () => {
    const completed: ActiveOrder = { orderRef: ORDER.orderRef, currentStatus: KitchenStatus.Completed, orderStatus: AcceptanceStatus.Accepted, orderType: OrderType.Collection, updateTime: '2026-11-22T19:00:00.000Z', cancelled: false, refusalReason: null };
    const { acceptance, tracking, local, storage, calls } = setUp({ stored: ORDER, acceptanceAnswer: request(AcceptanceStatus.Accepted), activeOrder: completed });
    const { basket, sent } = fakeBasket({ ...ORDER });
    followOrderInProgress({ basket, acceptance, tracking, storage });
    await settled();
    await settled();
    expect(calls).toEqual(['getAcceptanceDetails', `getActiveOrder ${ORDER.orderRef}`]);
    expect(sent).toEqual(['CLEAR']);
    expect(tracking.getSnapshot().value).toBe('finished');
    expect(local.entries[IN_PROGRESS_ORDER_KEY]).toBeUndefined();
  });

  it('the route-change check reads the acceptance while the restaurant has not answered, and the tracking otherwise', async () => {
    const { acceptance, tracking, storage, calls } = setUp({ stored: ORDER, acceptanceAnswer: request(AcceptanceStatus.Requested) });
    const { basket } = fakeBasket({ ...ORDER });
    const checkOrder = followOrderInProgress({ basket, acceptance, tracking, storage });
    await settled();
    expect(acceptance.getSnapshot().value).toBe('requested');
    checkOrder(ORDER);
    await settled();
    expect(calls).toEqual(['getAcceptanceDetails', 'getAcceptanceDetails']);

    checkOrder({ basketId: 'basket-2', orderRef: 'order-2' });
    await settled();
    expect(calls.at(-1)).toBe('getActiveOrder order-2');
  });

  it('keeps a new order the customer started while the last one was waiting', async () => {
    const { acceptance, tracking, storage } = setUp({ stored: ORDER, acceptanceAnswer: request(AcceptanceStatus.Accepted) });
    const { basket, sent } = fakeBasket({ basketId: 'basket-2' });
    followOrderInProgress({ basket, acceptance, tracking, storage });
    await settled();
    expect(acceptance.getSnapshot().value).toBe('accepted');
    expect(sent).toEqual([]);
  });
});
