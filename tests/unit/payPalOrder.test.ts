import type { CreateOrderRequestBody } from '@paypal/paypal-js';
import { describe, expect, it } from 'vitest';
import { OrderType } from '../../src/domain/orderEnums';
import { PAYPAL_FIXED_COUNTY, payPalOrderRequest, type PricedOrder } from '../../src/domain/payPalOrder';
import { payPalOrderRequestOf } from '../../machines/basket/basketPayment';
import { DEFAULT_CLIENT, freshContext, type BasketContext, type OrderTotals } from '../../machines/basket/basketTypes';

const BASKET_ID = 'b7e1c9a2-4f3d-4e8a-9c21-5d6f7a8b9c0d';

const collection: PricedOrder = {
  basketId: BASKET_ID,
  orderType: OrderType.Collection,
  itemCost: 18.4,
  bagCharge: 0.1,
  deliveryCharge: 0,
  deliveryAddress: null,
};

const delivery: PricedOrder = {
  ...collection,
  orderType: OrderType.Delivery,
  deliveryCharge: 2.5,
  deliveryAddress: { address1: '12 Briggate', address2: 'Flat 3', town: 'Leeds', postcode: 'LS1 6HD' },
};

const pence = (value: string) => Math.round(Number(value) * 100);

describe('payPalOrderRequest (SPEC §7)', () => {
  it('asks PayPal to authorise a collection in GBP: items, the bag charge as handling, no shipping charge and no address', () => {
    expect(payPalOrderRequest(collection)).toEqual({
      intent: 'AUTHORIZE',
      purchase_units: [
        {
          reference_id: BASKET_ID,
          custom_id: BASKET_ID,
          amount: {
            currency_code: 'GBP',
            value: '18.50',
            breakdown: {
              item_total: { currency_code: 'GBP', value: '18.40' },
              handling: { currency_code: 'GBP', value: '0.10' },
              shipping: { currency_code: 'GBP', value: '0.00' },
            },
          },
        },
      ],
    });
  });

  it('sends a delivery with its charge as shipping and a GB address in the fixed county', () => {
    const [unit] = payPalOrderRequest(delivery).purchase_units;
    expect(unit.amount.value).toBe('21.00');
    expect(unit.amount.breakdown.shipping).toEqual({ currency_code: 'GBP', value: '2.50' });
    expect(unit.shipping).toEqual({
      address: {
        address_line_1: '12 Briggate',
        address_line_2: 'Flat 3',
        admin_area_2: 'Leeds',
        admin_area_1: 'West Yorkshire',
        postal_code: 'LS1 6HD',
        country_code: 'GB',
      },
    });
    expect(PAYPAL_FIXED_COUNTY).toBe('West Yorkshire');
  });

  it('leaves out an empty second address line, which PayPal would refuse', () => {
    const [unit] = payPalOrderRequest({ ...delivery, deliveryAddress: { ...delivery.deliveryAddress!, address2: '  ' } }).purchase_units;
    expect(unit.shipping?.address).not.toHaveProperty('address_line_2');
  });

  it('refuses a delivery without its address rather than sending PayPal an order with nowhere to deliver', () => {
    expect(() => payPalOrderRequest({ ...delivery, deliveryAddress: null })).toThrow('A delivery order reached payment without its address');
  });

  it('uses the item cost after discounts (the server priced £25.00 of dishes at £22.50 with 10 % off)', () => {
    const [unit] = payPalOrderRequest({ ...collection, itemCost: 22.5 }).purchase_units;
    expect(unit.amount.breakdown.item_total.value).toBe('22.50');
    expect(unit.amount.value).toBe('22.60');
  });

  it('adds up to the penny where pounds in floating point do not (0.1 + 0.2, 1.15, 8.29 …)', () => {
    const cases: Array<[number, number, number, string]> = [
      [0.2, 0.1, 0, '0.30'],
      [1.15, 0.1, 2.05, '3.30'],
      [8.29, 0.05, 1.99, '10.33'],
      [19.99, 0.1, 3.3, '23.39'],
      [1234.56, 0.1, 0.01, '1234.67'],
    ];
    for (const [itemCost, bagCharge, deliveryCharge, total] of cases) {
      const [unit] = payPalOrderRequest({ ...delivery, itemCost, bagCharge, deliveryCharge }).purchase_units;
      const { item_total, handling, shipping } = unit.amount.breakdown;
      expect(unit.amount.value).toBe(total);
      expect(pence(item_total.value) + pence(handling.value) + pence(shipping.value)).toBe(pence(unit.amount.value));
      for (const value of [unit.amount.value, item_total.value, handling.value, shipping.value]) expect(value).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('asks for 3-D Secure when required for the card button, and changes nothing else', () => {
    const byCard = payPalOrderRequest(delivery, 'card');
    expect(byCard.payment_source).toEqual({ card: { attributes: { verification: { method: 'SCA_WHEN_REQUIRED' } } } });
    const { payment_source: _verification, ...rest } = byCard;
    expect(rest).toEqual(payPalOrderRequest(delivery));
  });

  it.each([['the PayPal button', 'paypal'], ['a createOrder that names no button', undefined]])(
    'names no payment source for %s (PayPal runs its own checks)',
    (_, fundingSource) => {
      expect(payPalOrderRequest(collection, fundingSource)).not.toHaveProperty('payment_source');
    },
  );

  it('is a body that PayPal JS SDK types accept for actions.order.create, but for the card verification they leave out', () => {
    const { payment_source: verification, ...body } = payPalOrderRequest(delivery, 'card');
    const typed: CreateOrderRequestBody = body;
    expect(typed.intent).toBe('AUTHORIZE');
    expect(verification?.card.attributes.verification.method).toBe('SCA_WHEN_REQUIRED');
  });
});

describe('payPalOrderRequestOf (machines/basket/basketPayment.ts): the basket as the server last priced it', () => {
  it("asks for the basket's priced totals and its checked delivery address", () => {
    const context: BasketContext = {
      ...freshContext(1, DEFAULT_CLIENT),
      basketId: BASKET_ID,
      orderType: OrderType.Delivery,
      totals: { itemCost: 18.4, bagCharge: 0.1, deliveryCharge: 2.5 } as OrderTotals,
      delivery: { ...delivery.deliveryAddress!, deliveryZoneId: 1, deliveryCharge: 2.5 },
    };
    expect(payPalOrderRequestOf(context, 'card')).toEqual(payPalOrderRequest(delivery, 'card'));
    expect(payPalOrderRequestOf({ ...context, orderType: OrderType.Collection, totals: { ...context.totals!, deliveryCharge: 0 }, delivery: undefined })).toEqual(
      payPalOrderRequest(collection),
    );
  });
});
