import { isNotFound, isRedirect } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { acceptanceMachine } from '../../machines/acceptance/acceptanceMachine';
import { basketMachine } from '../../machines/basket/basketMachine';
import { paymentMachine } from '../../machines/payment/paymentMachine';
import { lazyActor } from '../../src/actors/lazyActor';
import { createOrderJourneyActor } from '../../src/actors/orderJourney';
import { isOnlineOrderingAvailable } from '../../src/domain/onlineOrdering';
import { orderingRefusal } from '../../machines/orderJourney/journeyFacts';
import { guardJourneyPage, requireOnlineOrdering } from '../../src/shell/orderingGate';
import type { RestaurantData } from '../../src/shell/routerContext';

function restaurantWith(allowOrdering: boolean, onlineOrderingAllowed: boolean): RestaurantData {
  return {
    restaurantId: 1,
    name: 'Golden Dragon',
    tagline: 'Cantonese & Peking cuisine',
    address: { address1: '12 Market Street', address2: 'Headingley', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS6 2AB' },
    phone: '0113 496 0123',
    email: 'hello@goldendragon-headingley.example',
    openingHours: [],
    onlineOrderingAllowed,
    menuId: 1,
    menuVersion: 1,
    takeawaySettings: {
      allowCollection: true,
      allowOrdering,
      allowCashPayment: true,
      maximumCashOrderValue: 150,
      maximumOrderValue: 500,
      minimumCollectionOrderValue: 10,
      minimumFreeOrderValue: 15,
      standardDeliveryCharge: 2.5,
      bagCharge: 0.1,
      collectionLeadMinutes: 20,
      deliveryLeadMinutes: 45,
    },
    apps: { appStoreUrl: 'https://apps.apple.com/x', googlePlayUrl: 'https://play.google.com/x' },
  };
}

/** What a guard refused with, whether it decides at once or once the journey router is made. */
async function refusalOf(guard: () => void | Promise<void>): Promise<unknown> {
  try {
    await guard();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

function thrownBy(action: () => void): unknown {
  try {
    action();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

describe('the ordering gate', () => {
  it('opens the ordering routes only when allowOrdering and onlineOrderingAllowed are both true', () => {
    expect(isOnlineOrderingAvailable(restaurantWith(true, true))).toBe(true);
    expect(isOnlineOrderingAvailable(restaurantWith(false, true))).toBe(false);
    expect(isOnlineOrderingAvailable(restaurantWith(true, false))).toBe(false);
    expect(isOnlineOrderingAvailable(restaurantWith(false, false))).toBe(false);
    expect(isOnlineOrderingAvailable(undefined)).toBe(false);
  });

  it('lets a route load when ordering is open and answers not-found (the splash) when it is not', () => {
    expect(thrownBy(() => requireOnlineOrdering(restaurantWith(true, true)))).toBeUndefined();
    expect(isNotFound(thrownBy(() => requireOnlineOrdering(restaurantWith(false, true))))).toBe(true);
    expect(isNotFound(thrownBy(() => requireOnlineOrdering(restaurantWith(true, false))))).toBe(true);
  });
});

describe("why the journey's public pages take no order (orderingRefusal, machines/orderJourney/journeyFacts.ts)", () => {
  const now = new Date('2026-11-24T19:00:00Z');
  const paused = { paused: true, pausedUntil: '2026-11-24T19:30:00.000Z', extraMinutes: 0 };

  it('refuses with no reason while ordering is switched off, and takes orders while it is on', () => {
    expect(orderingRefusal(restaurantWith(false, true), now)).toEqual({});
    expect(orderingRefusal(restaurantWith(true, false))).toEqual({});
    expect(orderingRefusal(restaurantWith(true, true), now)).toBeUndefined();
  });

  it("refuses with the busy-mode pause's message until it ends, when the time is given", () => {
    const busy = { ...restaurantWith(true, true), busyMode: paused };
    expect(orderingRefusal(busy, now)).toEqual({ reason: "We're very busy: online ordering resumes at 19:30" });
    expect(orderingRefusal(busy, new Date('2026-11-24T19:30:00Z'))).toBeUndefined();
    expect(orderingRefusal(busy)).toBeUndefined();
  });
});

describe("the journey pages' guard (the _order layout)", () => {
  // A new basket and no order placed: every step after the menu has its prerequisites missing.
  const journeyContext = (restaurant: RestaurantData) => {
    const basket = createActor(basketMachine, { input: {} }).start();
    const paymentActor = createActor(paymentMachine, { input: {} }).start();
    const payment = lazyActor(() => Promise.resolve(paymentActor));
    const acceptance = createActor(acceptanceMachine).start();
    const memory = { load: () => undefined, save: () => undefined };
    const journey = lazyActor(() => Promise.resolve(createOrderJourneyActor({ basket, payment, acceptance, navigate: () => undefined, memory })));
    return { restaurant, payment, journey };
  };

  it.each(['/delivery', '/orderTime', '/checkout', '/payment', '/paymentIssue', '/restaurant-confirmation', '/order-cancel-error', '/confirmation'])(
    'sends %s with an empty basket and no order to the menu, the first incomplete step',
    async (path) => {
      const thrown = await refusalOf(() => guardJourneyPage(journeyContext(restaurantWith(true, true)), path));
      expect(isRedirect(thrown)).toBe(true);
      expect(isRedirect(thrown) && thrown.options.href).toBe('/order');
    },
  );

  it('resumes the payment as /paymentProcessing opens: with no order linked, the payment statechart says so on /paymentIssue (SPEC §8)', async () => {
    const thrown = await refusalOf(() => guardJourneyPage(journeyContext(restaurantWith(true, true)), '/paymentProcessing'));
    expect(isRedirect(thrown) && thrown.options.href).toBe('/paymentIssue');
  });

  it('sends /order-cancelled with no order at all to the home page', async () => {
    const thrown = await refusalOf(() => guardJourneyPage(journeyContext(restaurantWith(true, true)), '/order-cancelled'));
    expect(isRedirect(thrown) && thrown.options.href).toBe('/');
  });

  it('lets /basket show an empty basket instead of sending it to the menu, and /confirmation show the order its link names', async () => {
    expect(await refusalOf(() => guardJourneyPage(journeyContext(restaurantWith(true, true)), '/basket'))).toBeUndefined();
    expect(
      await refusalOf(() => guardJourneyPage(journeyContext(restaurantWith(true, true)), '/confirmation', { orderId: 'A1' })),
    ).toBeUndefined();
  });

  it('answers not-found before looking at the journey when ordering is switched off', async () => {
    expect(isNotFound(await refusalOf(() => guardJourneyPage(journeyContext(restaurantWith(false, true)), '/checkout')))).toBe(true);
  });

  it('makes the journey router only when a page after the menu opens: the menu and the pages before it do without', async () => {
    const context = journeyContext(restaurantWith(true, true));
    expect(await refusalOf(() => guardJourneyPage(context, '/order'))).toBeUndefined();
    expect(context.journey.made()).toBeUndefined();
    expect(context.payment.made()).toBeUndefined();
    expect(await refusalOf(() => guardJourneyPage(context, '/basket'))).toBeUndefined();
    expect(context.journey.made()).toBeDefined();
    expect(context.payment.made()).toBeUndefined();
  });
});
