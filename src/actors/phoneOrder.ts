import { fromPromise } from 'xstate';
import type { OrderTypeChoice, PhoneOrder } from '../../machines/kitchen/phoneOrderMachine';
import { callApi, type ApiClient } from '../api/client';
import { dataOf } from './kitchenBoard';

/** The real actors of the phone order statechart: the customer's own time slot and zone calls, and the staff's placing call. */
export function phoneOrderActors(api: ApiClient) {
  return {
    loadSlots: fromPromise(({ input, signal }: { input: { orderType: OrderTypeChoice }; signal: AbortSignal }) =>
      dataOf(callApi(api.GET('/orderbuilder/timeSlots/{orderType}', { params: { path: { orderType: input.orderType } }, signal }), signal)),
    ),
    checkPostcode: fromPromise(({ input, signal }: { input: { postcode: string }; signal: AbortSignal }) =>
      dataOf(callApi(api.GET('/orderbuilder/checkDelivery/{postcode}', { params: { path: { postcode: input.postcode } }, signal }), signal)),
    ),
    placeOrder: fromPromise(async ({ input, signal }: { input: PhoneOrder; signal: AbortSignal }) =>
      (await dataOf(callApi(api.POST('/kitchen/phoneOrders', { body: input, signal }), signal))).ticket,
    ),
  };
}
