import { describe, expect, it } from 'vitest';
import { IN_PROGRESS_ORDER_KEY, checkOrderInProgress } from '../../src/shell/orderStatusCheck';

function storageWith(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('the order-status check on route change', () => {
  it('does nothing when no order is in progress', async () => {
    const checked: string[] = [];
    const ran = await checkOrderInProgress(storageWith({}), async (orderId) => {
      checked.push(orderId);
    });
    expect(ran).toBe(false);
    expect(checked).toEqual([]);
  });

  it('checks the stored order when one is in progress', async () => {
    const checked: string[] = [];
    const ran = await checkOrderInProgress(storageWith({ [IN_PROGRESS_ORDER_KEY]: 'order-42' }), async (orderId) => {
      checked.push(orderId);
    });
    expect(ran).toBe(true);
    expect(checked).toEqual(['order-42']);
  });
});
