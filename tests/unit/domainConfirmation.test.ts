import { describe, expect, it } from 'vitest';
import type { Basket, BasketChoices } from '../../src/server/domain/basket';
import { deriveBasketStatus } from '../../src/server/domain/basketStatus';
import { confirmationRefusal, type ConfirmationContext } from '../../src/server/domain/confirmation';
import { isEmailAddress, isUkPhoneNumber } from '../../src/domain/contactRules';
import { hasContactDetails } from '../../src/server/domain/contactDetails';

const choices: BasketChoices = {
  menuVersion: 1,
  sourceType: 'Website',
  os: 'web',
  osVersion: '',
  appVersion: '1.0.81',
  orderType: 1,
  ignoreTimeOffset: false,
  name: 'Ada Lovelace',
  phone: '0113 496 0999',
  email: 'ada@example.com',
  paymentType: 1,
  cardOnCollection: false,
  requestedTime: null,
  asap: true,
  notes: '',
  deliveryAddress: null,
  deliveryZoneId: null,
};

describe('the status a basket has earned', () => {
  it('climbs one step for each thing the basket holds', () => {
    expect(deriveBasketStatus(choices, 0, true)).toBe(0);
    expect(deriveBasketStatus({ ...choices, orderType: 0 }, 1, true)).toBe(1);
    expect(deriveBasketStatus({ ...choices, name: '' }, 1, true)).toBe(2);
    expect(deriveBasketStatus({ ...choices, orderType: 2 }, 1, true)).toBe(2);
    const delivery = { ...choices, orderType: 2 as const, deliveryZoneId: 1, deliveryAddress: { address1: '1 Road', address2: '', town: 'Leeds', postcode: 'LS6 2AB' } };
    expect(deriveBasketStatus({ ...delivery, phone: '12' }, 1, true)).toBe(3);
    expect(deriveBasketStatus(choices, 1, false)).toBe(4);
    expect(deriveBasketStatus({ ...choices, paymentType: 0 }, 1, true)).toBe(5);
    expect(deriveBasketStatus(choices, 1, true)).toBe(6);
    expect(deriveBasketStatus(delivery, 1, true)).toBe(6);
  });
});

describe('what confirming refuses', () => {
  const basket: Basket = {
    ...choices,
    basketId: 'b',
    accountSub: null,
    orderBuilderRef: 'r',
    status: 6,
    lines: [{ categoryId: 2, itemId: 201, configId: null, configOption: null, quantity: 1, title: 'Kung Po Chicken', itemCostPence: 890, lineCostPence: 890, specialRequest: '' }],
    pricing: { originalItemCostPence: 1300, discountPence: 0, profileDiscountPence: 0, discountPercent: 0, itemCostPence: 1300, bagChargePence: 10, deliveryChargePence: 0, totalCostPence: 1310 },
    orderRef: null,
    orderNumber: null,
    confirmedAt: null,
    revision: 1,
  };
  const costing = (totalCostPence: number): Basket => ({ ...basket, pricing: { ...basket.pricing, totalCostPence } });
  const zone = { deliveryZoneId: 1, postcodeArea: 'LS6', name: 'Headingley', deliveryChargePence: 150, minimumOrderPence: 1200 };
  const context: ConfirmationContext = {
    // Tuesday 24 November 2026, 18:00 in London.
    now: new Date('2026-11-24T18:00:00Z'),
    daysAhead: 0,
    orderingAllowed: true,
    minimums: { allowCollection: true, allowOrdering: true, minimumCollectionOrderPence: 1000, minimumFreeOrderPence: 1500 },
    openingPeriods: [{ day: 2, opens: '17:00', closes: '22:30' }],
    specialDays: [],
    leadMinutes: { collection: 20, delivery: 45 },
    slotMinutes: 15,
    fullSlots: new Set(),
    busyPauseMessage: undefined,
    menuVersion: 1,
    soldOut: [],
    zone: undefined,
    paidOnline: false,
    cashAllowed: true,
    orderSizeLimits: { maximumCashOrderPence: 15_000, maximumOrderPence: 50_000, phone: '0113 496 0000' },
  };
  const delivery: Basket = {
    ...basket,
    orderType: 2,
    deliveryZoneId: 1,
    deliveryAddress: { address1: '1 Road', address2: '', town: 'Leeds', postcode: 'LS6 2AB' },
    pricing: { ...basket.pricing, deliveryChargePence: 150, totalCostPence: 1460 },
  };

  it('accepts a complete basket', () => {
    expect(confirmationRefusal(basket, context)).toBeUndefined();
    expect(confirmationRefusal(delivery, { ...context, zone })).toBeUndefined();
    expect(confirmationRefusal({ ...basket, asap: false, requestedTime: '2026-11-24T19:00:00.000Z' }, context)).toBeUndefined();
    expect(confirmationRefusal({ ...basket, paymentType: 2 }, { ...context, paidOnline: true })).toBeUndefined();
    expect(confirmationRefusal({ ...basket, paymentType: 2 }, { ...context, paidOnline: true, cashAllowed: false })).toBeUndefined();
    expect(confirmationRefusal(costing(15_000), context)).toBeUndefined();
    expect(confirmationRefusal({ ...costing(50_000), paymentType: 2 }, { ...context, paidOnline: true })).toBeUndefined();
  });

  it.each<[string, Basket, Partial<ConfirmationContext>, string]>([
    ['ordering switched off', basket, { orderingAllowed: false }, 'Online ordering is not available at the moment'],
    ['no lines', { ...basket, lines: [] }, {}, 'Your basket is empty'],
    ['a stale menu', basket, { menuVersion: 2 }, 'The menu has changed since this basket was priced: please review your basket'],
    ['a dish sold out today', basket, { soldOut: [{ itemId: 201, configId: null }] }, 'Sorry, Kung Po Chicken is sold out today: please remove it from your basket'],
    ["the line's option sold out today", { ...basket, lines: [{ ...basket.lines[0]!, configId: 7, configOption: 'Large' }] }, { soldOut: [{ itemId: 201, configId: 7 }] }, 'Sorry, Kung Po Chicken (Large) is sold out today: please remove it from your basket'],
    ['no order type', { ...basket, orderType: 0 }, {}, 'Choose collection or delivery'],
    ['collection switched off', basket, { minimums: { ...context.minimums, allowCollection: false } }, 'Collection is not available at the moment'],
    ['below the collection minimum', { ...basket, pricing: { ...basket.pricing, itemCostPence: 650 } }, {}, 'Add £3.50 to collect: the minimum order for collection is £10.00'],
    ['below the zone minimum', { ...delivery, pricing: { ...delivery.pricing, itemCostPence: 850 } }, { zone }, 'Add £3.50 to deliver: the minimum order for delivery is £12.00'],
    ["a zone's charge changed since pricing", delivery, { zone: { ...zone, deliveryChargePence: 250 } }, 'The delivery charge to LS6 2AB has changed: please review your basket'],
    ['no delivery address', { ...delivery, deliveryAddress: null }, { zone }, 'Enter your delivery address'],
    ['an address out of zone', delivery, {}, 'Sorry, we do not deliver to LS6 2AB'],
    ['no contact details', { ...basket, email: '' }, {}, 'Enter your name, a UK phone number and your email address'],
    ['ASAP while closed', basket, { now: new Date('2026-11-24T12:00:00Z') }, 'ASAP is not available now: please choose a time'],
    ['no time', { ...basket, asap: false }, {}, 'Choose ASAP or a time for your order'],
    ['a past time', { ...basket, asap: false, requestedTime: '2026-11-24T17:45:00.000Z' }, {}, 'The time you chose is no longer available: please choose another time'],
    ['busy mode pausing new orders', basket, { busyPauseMessage: "We're very busy: online ordering resumes at 18:30" }, "We're very busy: online ordering resumes at 18:30"],
    ['a full slot', { ...basket, asap: false, requestedTime: '2026-11-24T19:00:00.000Z' }, { fullSlots: new Set([Date.parse('2026-11-24T19:00:00Z')]) }, 'The time you chose is now fully booked: please choose another time'],
    ['ASAP into a full slot', basket, { fullSlots: new Set([Date.parse('2026-11-24T18:30:00Z')]) }, 'ASAP is not available now: please choose a time'],
    ['ASAP on a closure day', basket, { specialDays: [{ date: '2026-11-24', message: 'Closed for a family wedding', sessions: [] }] }, 'ASAP is not available now: please choose a time'],
    ['no payment type', { ...basket, paymentType: 0 }, {}, 'Choose how you will pay'],
    ['online payment without it', { ...basket, paymentType: 2 }, {}, 'Pay for this order online before placing it'],
    ['a cash order paid online', basket, { paidOnline: true }, 'This order is to be paid in cash: place it without paying online'],
    ['cash where the restaurant takes none', basket, { cashAllowed: false }, 'The restaurant is not taking cash at the moment: please pay by PayPal or card'],
    ['cash over the largest cash order', costing(15_001), {}, 'Orders over £150.00 paid in cash must be placed by phone: please call 0113 496 0000'],
    ['an order over the largest order', { ...costing(50_001), paymentType: 2 }, { paidOnline: true }, 'Orders over £500.00 must be placed by phone: please call 0113 496 0000'],
  ])('refuses %s', (_case, refused, contextChange, message) => {
    expect(confirmationRefusal(refused, { ...context, ...contextChange })).toBe(message);
  });
});

describe('contact details', () => {
  it.each(['0113 496 0999', '07700 900123', '+44 7700 900123', '+44 (0)113 496 0999', '(0113) 496-0999'])('%s is a UK phone number', (phone) => {
    expect(isUkPhoneNumber(phone)).toBe(true);
  });

  it.each(['12345', '0044 113 496 0999', '+1 212 555 0100', '0113 496 09', ''])('%s is not', (phone) => {
    expect(isUkPhoneNumber(phone)).toBe(false);
  });

  it('needs a name, a UK phone number and an email address', () => {
    expect(hasContactDetails({ name: 'Ada', phone: '0113 496 0999', email: 'ada@example.com' })).toBe(true);
    expect(hasContactDetails({ name: ' ', phone: '0113 496 0999', email: 'ada@example.com' })).toBe(false);
    expect(hasContactDetails({ name: 'Ada', phone: '0113 496 0999', email: 'ada@example' })).toBe(false);
    expect(isEmailAddress('ada@example.com')).toBe(true);
  });
});
