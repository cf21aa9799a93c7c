import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_PATH,
  firstIncompleteStep,
  fixIssueReturn,
  JOURNEY_STEPS,
  neededStatus,
  redirectForPath,
  RELOADABLE_STEP_PATHS,
  stepAfter,
  stepsOf,
  journeyStep,
} from '../../machines/basket/journeySteps';

const collectionCash = { orderType: 1, paymentType: 1 } as const;
const deliveryCash = { orderType: 2, paymentType: 1 } as const;
const collectionOnline = { orderType: 1, paymentType: 2 } as const;
const notChosen = { orderType: 0, paymentType: 0 } as const;

describe('the order journey as one table', () => {
  it('lists the steps in order, each with its route and the SPEC §4 status it reaches', () => {
    expect(JOURNEY_STEPS.map(({ id, path, status }) => [id, path, status])).toEqual([
      ['menu', '/order', 1],
      ['basket', '/basket', 2],
      ['delivery', '/delivery', 3],
      ['contact', '/contact', 4],
      ['orderTime', '/orderTime', 5],
      ['checkout', '/checkout', 6],
      ['payment', '/payment', 7],
    ]);
  });

  it('takes a collection order past /delivery, and only an order paid online through /payment', () => {
    expect(stepsOf(collectionCash).map((step) => step.id)).toEqual(['menu', 'basket', 'contact', 'orderTime', 'checkout']);
    expect(stepsOf(deliveryCash).map((step) => step.id)).toEqual(['menu', 'basket', 'delivery', 'contact', 'orderTime', 'checkout']);
    expect(stepsOf(collectionOnline).map((step) => step.id)).toEqual(['menu', 'basket', 'contact', 'orderTime', 'checkout', 'payment']);
  });

  it('opens each step at the status of the step before it for that order', () => {
    expect(neededStatus(journeyStep('menu'), collectionCash)).toBe(0);
    expect(neededStatus(journeyStep('contact'), collectionCash)).toBe(2);
    expect(neededStatus(journeyStep('contact'), deliveryCash)).toBe(3);
    expect(neededStatus(journeyStep('payment'), collectionOnline)).toBe(6);
  });

  it('names the step after each one, the confirmation after the last', () => {
    expect(stepAfter(journeyStep('basket'), collectionCash)).toBe('/contact');
    expect(stepAfter(journeyStep('basket'), deliveryCash)).toBe('/delivery');
    expect(stepAfter(journeyStep('checkout'), collectionCash)).toBe(CONFIRMATION_PATH);
    expect(stepAfter(journeyStep('checkout'), collectionOnline)).toBe('/payment');
    expect(stepAfter(journeyStep('payment'), collectionOnline)).toBe(CONFIRMATION_PATH);
  });

  it('keeps an order paid online on /payment until confirmed, and sends a cash order there back to the checkout', () => {
    expect(firstIncompleteStep(6, collectionOnline)).toBe('/payment');
    expect(firstIncompleteStep(6, collectionCash)).toBe('/checkout');
    expect(redirectForPath('/payment', 6, collectionOnline)).toBeUndefined();
    expect(redirectForPath('/payment', 5, collectionOnline)).toBe('/checkout');
    expect(redirectForPath('/payment', 6, collectionCash)).toBe('/checkout');
    expect(redirectForPath('/payment', 7, collectionOnline)).toBe(CONFIRMATION_PATH);
  });

  it('guards the routes from the same table', () => {
    expect(redirectForPath('/checkout', 0, notChosen)).toBe('/order');
    expect(redirectForPath('/delivery', 4, collectionCash)).toBe('/contact');
    expect(redirectForPath('/Delivery/', 1, collectionCash)).toBe('/basket');
    expect(redirectForPath('/order', 7, collectionCash)).toBeUndefined();
    expect(redirectForPath('/account', 0, notChosen)).toBeUndefined();
  });

  it('sends /fix-issue back to the first step still to do, never to /payment', () => {
    expect(fixIssueReturn(2, deliveryCash)).toEqual({ path: '/delivery', name: 'your delivery details' });
    expect(fixIssueReturn(6, collectionOnline)).toEqual({ path: '/checkout', name: 'the checkout' });
    expect(fixIssueReturn(7, collectionCash)).toEqual({ path: CONFIRMATION_PATH, name: 'your order' });
  });

  it('keeps a reload on every step', () => {
    expect(RELOADABLE_STEP_PATHS).toEqual(['/order', '/basket', '/delivery', '/contact', '/orderTime', '/checkout', '/payment']);
  });
});
