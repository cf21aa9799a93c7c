import { expect, test, type Page } from '@playwright/test';
import type { JourneyStepId } from '../../machines/basket/journeySteps';
import { kindOf, orderJourneyBrowserPaths, PAGE_OF_STATE, stateNameOf, type OrderKind } from './paths/orderJourney';
import { addDishes, chooseFirstLaterSlot, chooseOrderTypeAndContinue, enterAddress, enterContact, expectStep, openBasket } from './orderSupport';

/** Each step done through the real screens, found by role and accessible name, for an order of this kind. */
const doStep: Record<Exclude<JourneyStepId, 'menu' | 'payment'>, (page: Page, kind: OrderKind) => Promise<void>> = {
  basket: (page, kind) => chooseOrderTypeAndContinue(page, kind.startsWith('delivery') ? 'Delivery' : 'Collection'),
  delivery: (page) => enterAddress(page, 'LS6 1AA'),
  contact: (page) => enterContact(page),
  orderTime: async (page) => {
    await chooseFirstLaterSlot(page);
  },
  checkout: async (page, kind) => {
    if (kind.endsWith('online')) {
      await page.getByRole('radio', { name: 'PayPal' }).check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
    } else {
      await expect(page.getByRole('radio', { name: /^Cash on/ })).toBeChecked();
      await page.getByRole('button', { name: 'Place order' }).click();
    }
  },
};

test.describe(orderJourneyBrowserPaths.suite, () => {
  for (const { name, path } of orderJourneyBrowserPaths.paths) {
    test(name, async ({ page }) => {
      const kind = kindOf(name);
      // Over the £15.00 delivery minimum and the £10.00 collection one.
      await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
      await openBasket(page, 3);
      for (const { event, state } of path.steps.slice(1)) {
        if (event.type !== 'NEXT') continue;
        await doStep[event.step as keyof typeof doStep](page, kind);
        // The router moved the customer to the page of the state it decided.
        const page_ = PAGE_OF_STATE[stateNameOf(state)]!;
        await expectStep(page, page_.path, page_.heading);
      }
    });
  }
});
