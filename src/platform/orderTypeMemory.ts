import { OrderType } from '../domain/orderEnums';

/**
 * Collection or delivery, as this device last chose it, so that the next order's basket opens with it ticked
 * (docs/order-journey.md). Only the choice is kept, nothing about the customer, and only in this browser.
 */
export const ORDER_TYPE_MEMORY_KEY = 'takeaway.orderType.v1';

export interface OrderTypeMemory {
  load(): 1 | 2 | undefined;
  save(orderType: 1 | 2): void;
}

export function createOrderTypeMemory(
  storage: Pick<Storage, 'getItem' | 'setItem'> = globalThis.localStorage,
  key: string = ORDER_TYPE_MEMORY_KEY,
): OrderTypeMemory {
  return {
    load() {
      try {
        const stored = storage.getItem(key);
        if (stored === String(OrderType.Collection)) return OrderType.Collection;
        if (stored === String(OrderType.Delivery)) return OrderType.Delivery;
        return undefined;
      } catch {
        return undefined;
      }
    },
    save(orderType) {
      try {
        storage.setItem(key, String(orderType));
      } catch {
        // A full or disabled storage costs the customer one tap on their next order, nothing more.
      }
    },
  };
}
