import { describe, expect, it } from 'vitest';
import { CONFIRMATION_PATH } from '../../machines/basket/journeySteps';
import { journeyRedirect, NO_BASKET, ORDER_CANCEL_ERROR_PATH, NO_PAYMENT, type AcceptanceAt, type JourneyFactsContext } from '../../machines/orderJourney/journeyFacts';
import { BasketStatus, OrderType, PaymentType } from '../../src/domain/orderEnums';

// An order placed and not answered yet, while the customer has started the next one (a dish added after placing):
// the route guards must still let them reach the placed order's page, or they could neither cancel it nor take the
// restaurant's new time, and an Updated order waits for them for ever.
const nextOrderWithDishes = { ...NO_BASKET, status: BasketStatus.Created, orderType: OrderType.Collection, paymentType: PaymentType.NotSet, hasLines: true };
const factsWith = (at: AcceptanceAt): JourneyFactsContext => ({ basket: nextOrderWithDishes, payment: NO_PAYMENT, acceptance: { at, orderRef: 'A1B2' } });

describe("a placed order's page while the next order has dishes", () => {
  it('is reachable while the restaurant has not answered, and after a refused cancel', () => {
    expect(journeyRedirect(factsWith('waiting'), CONFIRMATION_PATH)).toBeUndefined();
    expect(journeyRedirect(factsWith('cancelError'), ORDER_CANCEL_ERROR_PATH)).toBeUndefined();
    // The refused cancel's page is where that order stands, not the waiting one.
    expect(journeyRedirect(factsWith('cancelError'), CONFIRMATION_PATH)).toBe(ORDER_CANCEL_ERROR_PATH);
  });

  it('gives way to the next order once the placed one has ended', () => {
    // The next order's first step still to do: its dishes are chosen, so the menu, where it goes on from.
    expect(journeyRedirect(factsWith('ended'), CONFIRMATION_PATH)).toBe('/order');
    expect(journeyRedirect(factsWith('none'), CONFIRMATION_PATH)).toBe('/order');
  });

  it("still leaves the next order's own steps open", () => {
    expect(journeyRedirect(factsWith('waiting'), '/basket')).toBeUndefined();
  });
});
