/**
 * The order the customer is following (docs/acceptance-and-kitchen.md): kept from confirmation until it is final, so
 * that a reload resumes watching it and every route change can check it (SPEC §2). The version is in the key: a new
 * shape moves to a new key.
 */
export const IN_PROGRESS_ORDER_KEY = 'takeaway.inProgressOrder.v1';

export interface StoredOrderInProgress {
  basketId: string;
  orderRef: string;
}

function isStoredOrder(value: unknown): value is StoredOrderInProgress {
  return (
    typeof value === 'object' &&
    value !== null &&
    'basketId' in value &&
    typeof value.basketId === 'string' &&
    value.basketId !== '' &&
    'orderRef' in value &&
    typeof value.orderRef === 'string' &&
    value.orderRef !== ''
  );
}

/** The stored order, or undefined when there is none or what is stored is not one. */
export function readOrderInProgress(storage: Pick<Storage, 'getItem'>, key: string = IN_PROGRESS_ORDER_KEY): StoredOrderInProgress | undefined {
  try {
    const text = storage.getItem(key);
    const value: unknown = text === null ? undefined : JSON.parse(text);
    return isStoredOrder(value) ? { basketId: value.basketId, orderRef: value.orderRef } : undefined;
  } catch {
    return undefined;
  }
}

export interface OrderInProgressStorage {
  load(): StoredOrderInProgress | undefined;
  save(order: StoredOrderInProgress): void;
  clear(): void;
}

export function createOrderInProgressStorage(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = globalThis.localStorage,
  key: string = IN_PROGRESS_ORDER_KEY,
): OrderInProgressStorage {
  return {
    load: () => readOrderInProgress(storage, key),
    save(order) {
      try {
        storage.setItem(key, JSON.stringify({ basketId: order.basketId, orderRef: order.orderRef }));
      } catch (error) {
        // A full or disabled storage costs the customer only the reload survival, never the order itself.
        console.warn('The order in progress could not be saved for the next visit', error);
      }
    },
    clear() {
      storage.removeItem(key);
    },
  };
}
