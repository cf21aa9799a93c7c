import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { acceptanceMachine, type CancelAnswer, type OrderAcceptanceRequest } from '../../machines/acceptance/acceptanceMachine';
import { callApi, type ApiClient } from '../api/client';
import { dataOf } from './basket';

export type AcceptanceActor = ActorRefFrom<typeof acceptanceMachine>;

type BasketReference = { basketId: string };
const basketPath = (input: BasketReference) => ({ path: { basketId: input.basketId } });

/** The real actors of the acceptance statechart: the order-builder calls of docs/acceptance-and-kitchen.md. */
export function acceptanceActors(api: ApiClient) {
  return {
    createAcceptance: fromPromise<OrderAcceptanceRequest, BasketReference>(async ({ input, signal }) =>
      (await dataOf(callApi(api.POST('/orderbuilder/createAcceptance', { body: { basketId: input.basketId }, signal }), signal))).orderRequest,
    ),
    getAcceptanceDetails: fromPromise<OrderAcceptanceRequest, BasketReference>(async ({ input, signal }) =>
      (await dataOf(callApi(api.GET('/orderbuilder/acceptanceDetails/{basketId}', { params: basketPath(input), signal }), signal))).orderRequest,
    ),
    acceptNewTime: fromPromise<OrderAcceptanceRequest, BasketReference>(async ({ input, signal }) =>
      (await dataOf(callApi(api.POST('/orderbuilder/acceptNewTime/{basketId}', { params: basketPath(input), signal }), signal))).orderRequest,
    ),
    cancelOrder: fromPromise<CancelAnswer, BasketReference>(({ input, signal }) =>
      dataOf(callApi(api.POST('/orderbuilder/cancel/{basketId}', { params: basketPath(input), signal }), signal)),
    ),
  };
}

/** The app's acceptance actor, started and idle until an order is confirmed or resumed (src/actors/orderInProgress.ts). */
export function createAcceptanceActor(api: ApiClient): AcceptanceActor {
  return createActor(acceptanceMachine.provide({ actors: acceptanceActors(api) })).start();
}
