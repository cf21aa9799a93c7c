import { createActor, fromPromise, type ActorRefFrom, type Snapshot } from 'xstate';
import {
  basketMachine,
  type ClientInfo,
  type ConfirmedOrder,
  type ConfirmInput,
  type CreatedBasket,
  type DeliveryCheck,
  type Menu,
  type OrderUpdate,
  type PricedOrder,
  type RebuiltOrder,
  type RebuildInput,
} from '../../machines/basket/basketMachine';
import { restorableBasketSnapshot } from '../../machines/basket/basketSnapshot';
import { callApi, type ApiClient } from '../api/client';
import type { ApiResult } from '../domain/apiErrors';
import type { BasketStorage } from '../platform/basketStorage';

export type BasketActor = ActorRefFrom<typeof basketMachine>;

/** A call's data, or a rejection with its ApiError (the statechart keeps it as `error`). */
export async function dataOf<TData>(result: Promise<ApiResult<TData>>): Promise<TData> {
  const settled = await result;
  if (settled.ok) return settled.data;
  // An abandoned call belongs to a state the basket has left: the statechart ignores whatever it settles to.
  if (settled.aborted) throw new Error('The call was abandoned');
  throw settled.error;
}

/**
 * The real actors of the basket statechart: the order-builder calls of SPEC §7 through the API client (which sends
 * the signed-in customer's token with the update, the authenticated confirmation and the rebuild).
 */
export function basketActors(api: ApiClient) {
  return {
    createBasket: fromPromise<CreatedBasket>(({ signal }) => dataOf(callApi(api.GET('/OrderBuilder/create', { signal }), signal))),
    updateOrder: fromPromise<PricedOrder, OrderUpdate>(async ({ input, signal }) =>
      (await dataOf(callApi(api.POST('/orderbuilder/update', { body: input, signal }), signal))).order,
    ),
    checkDelivery: fromPromise<DeliveryCheck, { postcode: string }>(({ input, signal }) =>
      dataOf(callApi(api.GET('/orderbuilder/checkDelivery/{postcode}', { params: { path: { postcode: input.postcode } }, signal }), signal)),
    ),
    // The statechart chooses the call (SPEC §6: from the auth state); this only makes it.
    confirmOrder: fromPromise<ConfirmedOrder, ConfirmInput>(({ input, signal }) => {
      const body = { basketId: input.basketId };
      return dataOf(
        callApi(input.authenticated ? api.POST('/orderbuilder/confirmAuth', { body, signal }) : api.POST('/orderbuilder/confirm', { body, signal }), signal),
      );
    }),
    rebuildOrder: fromPromise<RebuiltOrder, RebuildInput>(({ input, signal }) => {
      const path = { path: { orderId: input.orderId } };
      return dataOf(
        callApi(
          input.from === 'account'
            ? api.GET('/account/RebuildOrder/{orderId}', { params: path, signal })
            : api.POST('/orderbuilder/orderAgain/{basketId}', { params: { path: { basketId: input.orderId } }, signal }),
          signal,
        ),
      );
    }),
  };
}

export interface BasketActorOptions {
  api: ApiClient;
  storage: BasketStorage;
  /** The current menu, when already loaded: a restored basket of another menu version is revalidated against it. */
  menu?: Menu;
  /** What the order updates say about the device (SPEC §7 os, osVersion, appVersion). */
  client?: Partial<ClientInfo>;
}

/**
 * A basket saved before the app (or the site) was updated carries the device's details as they were then; its next order
 * update says them as they are now.
 */
function withClient(saved: Snapshot<unknown> | undefined, client: Partial<ClientInfo> | undefined): Snapshot<unknown> | undefined {
  if (saved === undefined || client === undefined) return saved;
  // restorableBasketSnapshot checked that the saved context is the basket's, client included.
  const restored = saved as unknown as { context: { client: ClientInfo } };
  const updated = { ...restored, context: { ...restored.context, client: { ...restored.context.client, ...client } } };
  return updated as unknown as Snapshot<unknown>;
}

/**
 * The app's basket actor, started: restored from the saved snapshot when there is a usable one, and saved again
 * after every change, so the basket and the step survive a reload or a closed tab.
 */
export function createBasketActor({ api, storage, menu, client }: BasketActorOptions): BasketActor {
  const machine = basketMachine.provide({ actors: basketActors(api) });
  const input = { ...(menu === undefined ? {} : { menuVersion: menu.menuVersion }), ...(client === undefined ? {} : { client }) };
  const saved = withClient(restorableBasketSnapshot(storage.load()), client);
  let basket: BasketActor;
  try {
    basket = createActor(machine, { input, ...(saved === undefined ? {} : { snapshot: saved }) });
  } catch (error) {
    console.warn('The saved basket could not be restored; starting a new one', error);
    basket = createActor(machine, { input });
  }
  basket.subscribe(() => storage.save(basket.getPersistedSnapshot()));
  basket.start();
  storage.save(basket.getPersistedSnapshot());
  if (menu !== undefined) basket.send({ type: 'MENU_CHANGED', menu });
  return basket;
}
