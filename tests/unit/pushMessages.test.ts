import { describe, expect, it } from 'vitest';
import { OrderType } from '../../src/domain/orderEnums';
import { pushMessageOf, type PushFacts } from '../../src/server/notifications/moments';

// docs/notifications.md: a push's time says its day, relative to when the push is written, as the emails and slots do.

const tuesdayEvening = new Date('2026-11-24T17:30:00.000Z');
const facts = (changes: Partial<PushFacts> = {}): PushFacts => ({
  orderRef: 'ref-12',
  orderNumber: 12,
  orderType: OrderType.Collection,
  totalCostPence: 1400,
  restaurantName: 'Golden Dragon',
  madeAt: tuesdayEvening,
  ...changes,
});

describe('pushMessageOf', () => {
  it('names the day of a pre-order accepted days before it is due', () => {
    expect(pushMessageOf('accepted', { time: '2026-11-26T19:00:00.000Z' }, facts()).body).toBe('Order 12 will be ready to collect on Thursday 26 November at 19:00.');
    expect(pushMessageOf('accepted', { time: '2026-11-26T19:00:00.000Z' }, facts({ orderType: OrderType.Delivery })).body).toBe(
      'Order 12 is expected on Thursday 26 November at 19:00.',
    );
  });

  it('says today or tomorrow, on London’s clock, for an order due then', () => {
    expect(pushMessageOf('accepted', { time: '2026-11-24T19:00:00.000Z' }, facts()).body).toBe('Order 12 will be ready to collect today at 19:00.');
    expect(pushMessageOf('timeProposed', { time: '2026-11-25T12:15:00.000Z' }, facts()).body).toBe(
      'Golden Dragon can have order 12 ready tomorrow at 12:15. Open your order to accept the time or cancel.',
    );
    // Written just before midnight, a time after it is tomorrow's.
    expect(pushMessageOf('accepted', { time: '2026-11-25T00:20:00.000Z' }, facts({ madeAt: new Date('2026-11-24T23:50:00.000Z') })).body).toBe(
      'Order 12 will be ready to collect tomorrow at 00:20.',
    );
  });

  it('cashInstead: the online payment was not taken, nothing was charged, and the total to pay in cash', () => {
    const collection = pushMessageOf('cashInstead', {}, facts());
    expect(collection.title).toBe('Please pay in cash');
    expect(collection.body).toBe('Order 12: we could not take your online payment, so you have not been charged. Please pay £14.00 in cash when you collect it.');
    expect(collection.openPath).toBe('/track?orderId=ref-12');
    expect(pushMessageOf('cashInstead', {}, facts({ orderType: OrderType.Delivery, totalCostPence: 123456 })).body).toBe(
      'Order 12: we could not take your online payment, so you have not been charged. Please pay £1,234.56 in cash to the driver.',
    );
  });
});
