import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { NO_BASKET, type BasketFacts, type JourneySettings } from '../../machines/orderJourney/journeyFacts';
import { orderJourneyMachine, type BasketCommand } from '../../machines/orderJourney/orderJourneyMachine';
import { BasketStatus, OrderType, PaymentType } from '../../src/domain/orderEnums';
import { SETTINGS } from './orderJourney.paths';

/** The router with a basket step that records what it is told (the app's passes it to the basket statechart). */
function routerRecordingCommands(settings: JourneySettings = SETTINGS) {
  const commands: BasketCommand[] = [];
  const machine = orderJourneyMachine.provide({
    actors: {
      basketStep: fromCallback<BasketCommand, { settings: JourneySettings }>(({ receive }) => receive((command) => void commands.push(command))),
      paymentStep: fromCallback(() => undefined),
      acceptanceStep: fromCallback(() => undefined),
    },
  });
  return { commands, router: createActor(machine, { input: { settings } }).start() };
}

const basket = (changes: Partial<BasketFacts>): BasketFacts => ({ ...NO_BASKET, hasLines: true, status: BasketStatus.Items, ...changes });

describe("order journey router: what it tells the basket step from the restaurant's settings", () => {
  it('gives a basket with lines and no order type, on the basket step, the type this device chose last, once', () => {
    const { commands, router } = routerRecordingCommands();
    router.send({ type: 'BASKET_REPORTED', basket: basket({}) });
    expect(commands).toEqual([]);
    router.send({ type: 'ARRIVED', path: '/basket' });
    // The basket takes it and reports it: nothing more is chosen.
    router.send({ type: 'BASKET_REPORTED', basket: basket({ orderType: OrderType.Collection, busy: true }) });
    expect(commands).toEqual([{ type: 'CHOOSE_ORDER_TYPE', orderType: OrderType.Collection }]);
  });

  it('chooses nothing for a device with no remembered type, or one the restaurant no longer takes', () => {
    for (const settings of [
      { ...SETTINGS, rememberedOrderType: undefined },
      { ...SETTINGS, minimums: { ...SETTINGS.minimums!, allowCollection: false } },
    ]) {
      const { commands, router } = routerRecordingCommands(settings);
      router.send({ type: 'BASKET_REPORTED', basket: basket({}) });
      router.send({ type: 'ARRIVED', path: '/basket' });
      expect(commands).toEqual([]);
    }
  });

  it('offers cash first at the checkout, online only once the order is over the largest cash order, and gives the minimums', () => {
    const { commands, router } = routerRecordingCommands();
    router.send({ type: 'BASKET_REPORTED', basket: basket({ status: BasketStatus.Time, orderType: OrderType.Collection, totalCostPence: 2500 }) });
    router.send({ type: 'ARRIVED', path: '/checkout' });
    expect(commands).toEqual([{ type: 'OFFER_PAYMENT_TYPES', paymentTypes: [PaymentType.CashOrder, PaymentType.InternetOrder] }]);
    router.send({ type: 'BASKET_REPORTED', basket: basket({ status: BasketStatus.Checkout, orderType: OrderType.Collection, totalCostPence: 6000 }) });
    expect(commands.at(-1)).toEqual({ type: 'OFFER_PAYMENT_TYPES', paymentTypes: [PaymentType.InternetOrder] });
    router.send({ type: 'SETTINGS_CHANGED', settings: { minimums: { ...SETTINGS.minimums!, minimumCollectionOrderPence: 1200 } } });
    expect(commands.at(-1)).toEqual({
      type: 'SETTINGS',
      settings: expect.objectContaining({ minimums: expect.objectContaining({ minimumCollectionOrderPence: 1200 }) }),
    });
  });
});
