import { fromPromise } from 'xstate';
import type { KitchenOrderList, KitchenTicket, RefuseInput } from '../../machines/kitchen/kitchenBoardMachine';
import { callApi, type ApiClient } from '../api/client';
import type { ApiResult } from '../domain/apiErrors';
import type { KitchenStatusValue } from '../domain/orderEnums';

/** A call's data, or a rejection with its ApiError (the statechart keeps its message beside the order). */
export async function dataOf<TData>(result: Promise<ApiResult<TData>>): Promise<TData> {
  const settled = await result;
  if (settled.ok) return settled.data;
  // An abandoned call belongs to a state the board has left: the statechart ignores whatever it settles to.
  if (settled.aborted) throw new Error('The call was abandoned');
  throw settled.error;
}

async function ticketOf(result: Promise<ApiResult<{ ticket: KitchenTicket }>>): Promise<KitchenTicket> {
  return (await dataOf(result)).ticket;
}

const orderPath = (orderRef: string) => ({ params: { path: { orderId: orderRef } } });

/** The real actors of the kitchen board statechart: the kitchen calls of openapi.yaml through the API client. */
export function kitchenBoardActors(api: ApiClient) {
  return {
    listOrders: fromPromise<KitchenOrderList>(async ({ signal }) => {
      const list = await dataOf(callApi(api.GET('/kitchen/orders', { signal }), signal));
      // Countdowns follow the server's clock, which decides the automatic refusal, not the tablet's.
      return { ...list, clockOffsetMs: Date.parse(list.serverTime) - Date.now() };
    }),
    acceptOrder: fromPromise<KitchenTicket, { orderRef: string }>(({ input, signal }) =>
      ticketOf(callApi(api.POST('/kitchen/orders/{orderId}/accept', { ...orderPath(input.orderRef), signal }), signal)),
    ),
    proposeTime: fromPromise<KitchenTicket, { orderRef: string; updateTime: string }>(({ input, signal }) =>
      ticketOf(
        callApi(api.POST('/kitchen/orders/{orderId}/proposeTime', { ...orderPath(input.orderRef), body: { updateTime: input.updateTime }, signal }), signal),
      ),
    ),
    refuseOrder: fromPromise<KitchenTicket, RefuseInput>(({ input, signal }) =>
      ticketOf(
        callApi(
          api.POST('/kitchen/orders/{orderId}/refuse', { ...orderPath(input.orderRef), body: { reason: input.reason, unavailableLines: input.unavailableLines }, signal }),
          signal,
        ),
      ),
    ),
    setStatus: fromPromise<KitchenTicket, { orderRef: string; kitchenStatus: KitchenStatusValue }>(({ input, signal }) =>
      ticketOf(
        callApi(api.POST('/kitchen/orders/{orderId}/status', { ...orderPath(input.orderRef), body: { kitchenStatus: input.kitchenStatus }, signal }), signal),
      ),
    ),
  };
}
