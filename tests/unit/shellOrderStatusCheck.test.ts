import { describe, expect, it } from 'vitest';
import { IN_PROGRESS_ORDER_KEY, type StoredOrderInProgress } from '../../src/platform/orderInProgressStorage';
import { checkOrderInProgress } from '../../src/shell/orderStatusCheck';

function storageWith(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

const ORDER: StoredOrderInProgress = { basketId: 'basket-42', orderRef: 'order-42' };

describe('the order-status check on route change', () => {
  it('does nothing when no order is in progress', () => {
    const checked: StoredOrderInProgress[] = [];
    expect(checkOrderInProgress(storageWith({}), (order) => void checked.push(order))).toBe(false);
    expect(checked).toEqual([]);
  });

  it('asks for the stored order to be checked when one is in progress', () => {
    const checked: StoredOrderInProgress[] = [];
    const ran = checkOrderInProgress(storageWith({ [IN_PROGRESS_ORDER_KEY]: JSON.stringify(ORDER) }), (order) => void checked.push(order));
    expect(ran).toBe(true);
    expect(checked).toEqual([ORDER]);
  });

  it.each([['not JSON', '{'], ['the old bare order id', 'order-42'], ['no basket id', JSON.stringify({ orderRef: 'order-42' })]])(
    'ignores a stored value that is not an order in progress (%s)',
    (_, stored) => {
      const checked: StoredOrderInProgress[] = [];
      expect(checkOrderInProgress(storageWith({ [IN_PROGRESS_ORDER_KEY]: stored }), (order) => void checked.push(order))).toBe(false);
      expect(checked).toEqual([]);
    },
  );
});
