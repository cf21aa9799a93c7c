import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { trackingMachine, type ActiveOrder } from '../../machines/tracking/trackingMachine';
import { callApi, type ApiClient } from '../api/client';
import { dataOf } from './basket';

export type TrackingActor = ActorRefFrom<typeof trackingMachine>;

/** The real actor of the tracking statechart: `GET /order/GetActiveOrder/{orderId}` (SPEC §7). */
export function trackingActors(api: ApiClient) {
  return {
    getActiveOrder: fromPromise<ActiveOrder, { orderId: string }>(async ({ input, signal }) =>
      (await dataOf(callApi(api.GET('/order/GetActiveOrder/{orderId}', { params: { path: { orderId: input.orderId } }, signal }), signal))).order,
    ),
  };
}

/** The app's tracking actor: `/track`, the order view and the route-change check ask it to follow an order. */
export function createTrackingActor(api: ApiClient): TrackingActor {
  return createActor(trackingMachine.provide({ actors: trackingActors(api) })).start();
}
