import type { OrderInProgressStorage, StoredOrderInProgress } from '../platform/orderInProgressStorage';
import type { AcceptanceActor } from './acceptance';
import type { BasketActor } from './basket';
import type { TrackingActor } from './tracking';

export interface OrderInProgressActors {
  basket: BasketActor;
  acceptance: AcceptanceActor;
  tracking: TrackingActor;
  storage: OrderInProgressStorage;
}

/**
 * The order from confirmation to the end (docs/acceptance-and-kitchen.md), across the three actors:
 * - a confirmed basket starts the acceptance and is stored as the order in progress; a stored one is resumed;
 * - once the restaurant accepts, refuses or the customer cancels, the basket is cleared so that a new order can start,
 *   and an accepted order is tracked;
 * - the stored order is forgotten once it is final (cancelled, or tracked to its end); a refused one is kept until the
 *   next order replaces it, so that after a reload the refusal page still says why and "Order again" still has its lines.
 * Answers the route-change check of SPEC §2: read the order in progress again.
 */
export function followOrderInProgress({ basket, acceptance, tracking, storage }: OrderInProgressActors): (order: StoredOrderInProgress) => void {
  const stored = storage.load();
  if (stored !== undefined) acceptance.send({ type: 'RESUME', order: stored });

  const startAcceptanceOfConfirmedBasket = () => {
    const { basketId, orderRef } = basket.getSnapshot().context;
    if (basketId === undefined || orderRef === undefined) return;
    if (acceptance.getSnapshot().context.order?.orderRef === orderRef) return;
    const order = { basketId, orderRef };
    storage.save(order);
    acceptance.send({ type: 'START', order });
  };
  basket.subscribe(startAcceptanceOfConfirmedBasket);
  // A basket restored confirmed (from before the order was stored) is asked about too.
  startAcceptanceOfConfirmedBasket();

  // Each ending is acted on once, however often the actor reports the same snapshot.
  let lastEnding: string | undefined;
  acceptance.subscribe((snapshot) => {
    const { order } = snapshot.context;
    if (order === undefined || !snapshot.hasTag('ended')) return;
    const ending = `${order.orderRef}:${String(snapshot.value)}`;
    if (ending === lastEnding) return;
    lastEnding = ending;
    // Only the basket of this order: a new order the customer has started meanwhile is kept.
    if (basket.getSnapshot().context.orderRef === order.orderRef) basket.send({ type: 'CLEAR' });
    if (snapshot.matches('accepted')) tracking.send({ type: 'TRACK', orderId: order.orderRef });
    else if (snapshot.matches('cancelled') && storage.load()?.orderRef === order.orderRef) storage.clear();
  });

  tracking.subscribe((snapshot) => {
    const { orderId } = snapshot.context;
    if (snapshot.hasTag('ended') && orderId !== undefined && storage.load()?.orderRef === orderId) storage.clear();
  });

  return (order) => {
    const watching = acceptance.getSnapshot();
    const thisOrder = watching.context.order?.orderRef === order.orderRef;
    // A refusal is final: there is nothing more to read about it.
    if (thisOrder && watching.matches('refused')) return;
    if (thisOrder && !watching.hasTag('ended')) acceptance.send({ type: 'CHECK' });
    else tracking.send({ type: 'TRACK', orderId: order.orderRef });
  };
}
