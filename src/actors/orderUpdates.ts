import { fromPromise } from 'xstate';
import { orderUpdatesMachine } from '../../machines/orderUpdates/orderUpdatesMachine';
import type { OrderUpdatesChannel } from '../platform/orderUpdates';

/** The order-updates statechart with this device's channel (native push in the app, web push in a browser). */
export function orderUpdatesMachineFor(channel: OrderUpdatesChannel) {
  return orderUpdatesMachine.provide({
    actors: {
      readStanding: fromPromise(({ input }) => channel.standing(input.basketId)),
      register: fromPromise(({ input }) => channel.register(input.basketId)),
      stop: fromPromise(({ input }) => channel.stop(input.basketId)),
    },
  });
}
