import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import { priceBasket } from '../../src/server/domain/basketPricing';
import { discountBreakdown, guestEntitlement, VoucherType } from '../../src/server/domain/discounts';
import { parseUkPostcode } from '../../src/domain/contactRules';
import { priceLines } from '../../src/server/domain/pricing';

type Menu = components['schemas']['Menu'];

const item = (itemId: number, categoryId: number, title: string, itemCost: number, extra: Partial<Menu['categories'][number]['items'][number]> = {}) => ({
  itemId,
  categoryId,
  title,
  description: `${title}, described`,
  extendedDescription: '',
  itemOrder: itemId % 100,
  itemCost,
  allergens: [],
  dietary: [],
  available: true,
  configItems: [],
  ...extra,
});

const menu: Menu = {
  menuId: 1,
  menuVersion: 3,
  menuType: 2,
  categories: [
    {
      restaurantId: 1,
      categoryId: 1,
      category: 'Starters',
      description: '',
      categoryOrder: 1,
      items: [
        item(101, 1, 'Prawn Crackers', 2.5, {
          configItems: [
            { configId: 1011, configItem: 'Small bag', extraCost: 0 },
            { configId: 1012, configItem: 'Large bag', extraCost: 1.5 },
          ],
        }),
        item(102, 1, 'Spring Rolls', 4.2),
        item(103, 1, 'Seasonal Soup', 3.95, { available: false }),
      ],
    },
    { restaurantId: 1, categoryId: 2, category: 'Mains', description: '', categoryOrder: 2, items: [item(201, 2, 'Kung Po Chicken', 8.9)] },
  ],
};

describe('pricing lines from the menu', () => {
  it('costs each line as item cost plus the option extra, times the quantity, from the menu only', () => {
    const result = priceLines(
      [
        { categoryId: 1, itemId: 101, configId: 1012, quantity: 3 },
        { categoryId: 2, itemId: 201, quantity: 2, specialRequest: '  no peanuts ' },
      ],
      menu,
    );
    expect(result).toEqual({
      ok: true,
      lines: [
        expect.objectContaining({ itemId: 101, configId: 1012, configOption: 'Large bag', title: 'Prawn Crackers', quantity: 3, itemCostPence: 400, lineCostPence: 1200, specialRequest: '' }),
        expect.objectContaining({ itemId: 201, configId: null, configOption: null, quantity: 2, itemCostPence: 890, lineCostPence: 1780, specialRequest: 'no peanuts' }),
      ],
    });
  });

  it('merges lines with the same category, item and option, keeping the first position', () => {
    const result = priceLines(
      [
        { categoryId: 1, itemId: 101, configId: 1011, quantity: 1, specialRequest: 'extra crispy' },
        { categoryId: 1, itemId: 102, quantity: 1 },
        { categoryId: 1, itemId: 101, configId: 1012, quantity: 1 },
        { categoryId: 1, itemId: 101, configId: 1011, quantity: 2, specialRequest: 'in a separate bag' },
      ],
      menu,
    );
    if (!result.ok) throw new Error('expected priced lines');
    expect(result.lines.map((line) => [line.itemId, line.configId, line.quantity, line.lineCostPence, line.specialRequest])).toEqual([
      [101, 1011, 3, 750, 'extra crispy; in a separate bag'],
      [102, null, 1, 420, ''],
      [101, 1012, 1, 400, ''],
    ]);
  });

  it('names every line that asks for something the menu does not offer', () => {
    const result = priceLines(
      [
        { categoryId: 1, itemId: 102, quantity: 1 },
        { categoryId: 1, itemId: 999, quantity: 1 },
        { categoryId: 1, itemId: 101, configId: 2011, quantity: 1 },
        { categoryId: 1, itemId: 101, quantity: 1 },
        { categoryId: 1, itemId: 103, quantity: 1 },
        { categoryId: 1, itemId: 201, quantity: 1 },
      ],
      menu,
    );
    expect(result).toEqual({
      ok: false,
      failures: [
        { field: 'orderItems[1].itemId', message: 'is not on the menu' },
        { field: 'orderItems[2].configId', message: 'is not an option of this item' },
        { field: 'orderItems[3].configId', message: 'is required: choose an option for Prawn Crackers' },
        { field: 'orderItems[4].itemId', message: 'Seasonal Soup is not available at the moment' },
        { field: 'orderItems[5].categoryId', message: 'is not the category of this item' },
      ],
    });
  });

  it('refuses a merged quantity above 99', () => {
    const result = priceLines([{ categoryId: 1, itemId: 102, quantity: 60 }, { categoryId: 1, itemId: 102, quantity: 40 }], menu);
    expect(result).toEqual({ ok: false, failures: [{ field: 'orderItems[0].quantity', message: 'must be at most 99 in total' }] });
  });
});

describe('discounts (SPEC §9)', () => {
  it('gives guests nothing', () => {
    expect(discountBreakdown(2000, guestEntitlement)).toEqual({ profilePence: 0, voucherPence: [], totalPence: 0 });
  });

  it('applies the profile and day percentages to the undiscounted item total, then fixed and points vouchers, each its own part', () => {
    const entitlement = {
      profilePercent: 10,
      vouchers: [
        { voucherType: VoucherType.Points, discountValuePence: 200 },
        { voucherType: VoucherType.Discount, valuePence: 300 },
        { voucherType: VoucherType.PercDiscount, percent: 15 },
      ],
    };
    // 10% of 1050 = 105; 15% of 1050 = 157.5 → 158; + 300 + 200. The parts come back in the vouchers' order.
    expect(discountBreakdown(1050, entitlement)).toEqual({ profilePence: 105, voucherPence: [200, 300, 158], totalPence: 105 + 158 + 300 + 200 });
  });

  it('never discounts more than the item total: the part that reaches it takes what is left, later parts nothing', () => {
    expect(discountBreakdown(500, { profilePercent: 0, vouchers: [{ voucherType: VoucherType.Discount, valuePence: 800 }] })).toEqual({
      profilePence: 0,
      voucherPence: [500],
      totalPence: 500,
    });
    const entitlement = {
      profilePercent: 50,
      vouchers: [
        { voucherType: VoucherType.Points, discountValuePence: 500 },
        { voucherType: VoucherType.Discount, valuePence: 300 },
        { voucherType: VoucherType.PercDiscount, percent: 40 },
      ],
    };
    // 50% of 1000 = 500; 40% = 400 (left: 100); the fixed voucher takes the last 100; the points voucher nothing.
    expect(discountBreakdown(1000, entitlement)).toEqual({ profilePence: 500, voucherPence: [0, 100, 400], totalPence: 1000 });
  });
});

describe('basket figures', () => {
  const lines = [{ categoryId: 2, itemId: 201, configId: null, configOption: null, quantity: 2, title: 'Kung Po Chicken', itemCostPence: 890, lineCostPence: 1780, specialRequest: '' }];
  const charges = { bagChargePence: 10, standardDeliveryChargePence: 250 };
  const zone = { deliveryZoneId: 1, postcodeArea: 'LS6', name: 'Headingley', deliveryChargePence: 150, minimumOrderPence: 1200 };

  it('adds the bag charge once per order and no delivery charge to a collection', () => {
    expect(priceBasket({ lines, orderType: 1, charges, zone: undefined, entitlement: guestEntitlement })).toEqual({
      originalItemCostPence: 1780,
      discountPence: 0,
      profileDiscountPence: 0,
      voucherDiscountsPence: [],
      discountPercent: 0,
      itemCostPence: 1780,
      bagChargePence: 10,
      deliveryChargePence: 0,
      totalCostPence: 1790,
    });
  });

  it("charges the zone's delivery charge, or the standard one until a zone is known", () => {
    expect(priceBasket({ lines, orderType: 2, charges, zone, entitlement: guestEntitlement }).totalCostPence).toBe(1780 + 10 + 150);
    expect(priceBasket({ lines, orderType: 2, charges, zone: undefined, entitlement: guestEntitlement }).deliveryChargePence).toBe(250);
  });

  it('subtracts the discounts from the item total before the charges', () => {
    const pricing = priceBasket({
      lines,
      orderType: 2,
      charges,
      zone,
      entitlement: { profilePercent: 10, vouchers: [{ voucherType: VoucherType.Discount, valuePence: 300 }] },
    });
    expect(pricing).toMatchObject({
      originalItemCostPence: 1780,
      discountPence: 178 + 300,
      profileDiscountPence: 178,
      voucherDiscountsPence: [300],
      discountPercent: 10,
      itemCostPence: 1302,
      totalCostPence: 1302 + 10 + 150,
    });
  });

  it('charges nothing for an empty basket', () => {
    expect(priceBasket({ lines: [], orderType: 2, charges, zone, entitlement: guestEntitlement }).totalCostPence).toBe(0);
  });
});

describe('UK postcodes', () => {
  it.each([
    ['LS6 2AB', 'LS6 2AB', 'LS6'],
    ['ls62ab', 'LS6 2AB', 'LS6'],
    [' LS16  7QW ', 'LS16 7QW', 'LS16'],
    ['SW1A 1AA', 'SW1A 1AA', 'SW1A'],
    ['M1 1AE', 'M1 1AE', 'M1'],
  ])('%s is %s in district %s', (text, postcode, district) => {
    expect(parseUkPostcode(text)).toEqual({ postcode, district });
  });

  it.each(['LS6', '12345', 'LS6 2A', 'L$6 2AB', ''])('%s is not a UK postcode', (text) => {
    expect(parseUkPostcode(text)).toBeUndefined();
  });
});
