import { isNotFound, isRedirect } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { basketMachine } from '../../machines/basket/basketMachine';
import { isOnlineOrderingAvailable } from '../../src/domain/onlineOrdering';
import { guardOrderingStep, requireOnlineOrdering } from '../../src/shell/orderingGate';
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

describe('an ordering step guard', () => {
  // A new basket: nothing added yet, so every step after the menu has its prerequisites missing.
  const emptyBasket = () => createActor(basketMachine, { input: {} }).start();

  it.each(['/delivery', '/orderTime', '/checkout'])('sends %s with an empty basket to the menu, the first incomplete step', (path) => {
    const thrown = thrownBy(() => guardOrderingStep({ restaurant: restaurantWith(true, true), basket: emptyBasket() }, path));
    expect(isRedirect(thrown)).toBe(true);
    expect(isRedirect(thrown) && thrown.options.href).toBe('/order');
  });

  it('lets /basket show an empty basket instead of sending it to the menu', () => {
    expect(thrownBy(() => guardOrderingStep({ restaurant: restaurantWith(true, true), basket: emptyBasket() }, '/basket', { emptyBasketStays: true }))).toBeUndefined();
  });

  it('answers not-found before looking at the basket when ordering is switched off', () => {
    expect(isNotFound(thrownBy(() => guardOrderingStep({ restaurant: restaurantWith(false, true), basket: emptyBasket() }, '/checkout')))).toBe(true);
  });
});
