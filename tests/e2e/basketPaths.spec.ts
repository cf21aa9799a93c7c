import { expect, test, type Page } from '@playwright/test';
import { transition } from 'xstate';
import { basketMachine, type BasketEvent, type BasketSnapshot } from '../../machines/basket/basketMachine';
import { deliveryMessages } from '../../machines/basket/basketForms';
import { basketBrowserPaths, CHECKOUT_OPENS, DISH, journeyOf } from './paths/basket';
import { chooseFirstLaterSlot, enterAddress, enterContact, expectStep } from './orderSupport';
import { waitForShell } from './shellSupport';

type Action = (page: Page, event: BasketEvent, reached: BasketSnapshot) => Promise<void>;

const unitsOf = ({ context }: Pick<BasketSnapshot, 'context'>) => context.lines.reduce((total, line) => total + line.quantity, 0);

/** Each customer event, done through the real screens found by role and accessible name (the others are answers). */
const uiActions: Partial<Record<BasketEvent['type'], Action>> = {
  ADD_ITEM: async (page, _, reached) => {
    if (new URL(page.url()).pathname !== '/order') {
      await page.goto('/order');
      await waitForShell(page);
    }
    await page.getByRole('button', { name: `Add ${DISH.title} to order` }).click();
    const units = unitsOf(reached);
    await page.getByRole('link', { name: new RegExp(`^View basket \\(${units} items?\\)`) }).click();
  },
  CHOOSE_ORDER_TYPE: async (page, event) => {
    // From a later step the customer goes back to the basket with the browser's Back button.
    if (new URL(page.url()).pathname !== '/basket') {
      await page.goBack();
      await expectStep(page, '/basket', 'Your basket');
    }
    await page.getByRole('radio', { name: event.type === 'CHOOSE_ORDER_TYPE' && event.orderType === 2 ? 'Delivery' : 'Collection' }).check();
  },
  CONFIRM_BASKET: (page) => page.getByRole('button', { name: 'Continue' }).click(),
  SUBMIT_DELIVERY: (page, event) => enterAddress(page, event.type === 'SUBMIT_DELIVERY' ? event.postcode : ''),
  SUBMIT_CONTACT: (page) => enterContact(page),
  SUBMIT_TIME: async (page) => {
    await chooseFirstLaterSlot(page);
  },
  CONFIRM_ORDER: (page) => page.getByRole('button', { name: 'Place order' }).click(),
};

/** What the screens show at each state a customer stands at, written out from docs/order-journey.md. */
async function expectScreen(page: Page, shown: BasketSnapshot, after: string): Promise<void> {
  const journey = journeyOf(shown);
  const { orderType, fieldErrors, drafts } = shown.context;
  const message = `at ${journey} after ${after}`;
  if (journey === 'items') {
    await expectStep(page, '/basket', 'Your basket');
  } else if (journey === 'basket' && orderType === 2) {
    await expectStep(page, '/delivery', 'Enter your delivery details');
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    if (fieldErrors.postcode === undefined) await expect(postcode, message).not.toHaveAttribute('aria-invalid', 'true');
    else {
      await expect(postcode, message).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(deliveryMessages.outOfZone(drafts.delivery!.postcode), { exact: true }), message).toBeVisible();
    }
  } else if (journey === 'basket' || journey === 'delivery') {
    await expectStep(page, '/contact', 'Enter your contact details');
  } else if (journey === 'contact') {
    await expectStep(page, '/orderTime', 'Select your order time');
  } else if (journey === 'checkout') {
    await expectStep(page, '/checkout', 'Order checkout');
    await expect(page.getByRole('radio', { name: orderType === 2 ? 'Cash on delivery' : 'Cash on collection' }), message).toBeChecked();
  } else if (journey === 'confirmed') {
    await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
    await expect(page.getByRole('status', { name: 'Order number' }), message).toContainText('Your order number is');
  } else {
    throw new Error(`No screen is written out for ${message}`);
  }
  // The app keeps the basket statechart's snapshot in the browser: it stands where the model does.
  await expect
    .poll(() => savedBasket(page), { message, intervals: [50] })
    .toEqual({ journey, orderType, units: unitsOf(shown) });
}

async function savedBasket(page: Page) {
  const saved = await page.evaluate(() => window.localStorage.getItem('takeaway.basket.v1'));
  if (saved === null) return undefined;
  const snapshot = JSON.parse(saved) as Pick<BasketSnapshot, 'value' | 'context'>;
  return { journey: journeyOf(snapshot), orderType: snapshot.context.orderType, units: unitsOf(snapshot) };
}

/** Where the screen goes by itself from a state: the order time done, the checkout opens and chooses cash. */
function shownAt(state: BasketSnapshot): BasketSnapshot {
  return state.matches({ journey: 'time' }) ? transition(basketMachine, state, CHECKOUT_OPENS)[0] : state;
}

test.describe(basketBrowserPaths.suite, () => {
  for (const { name, path } of basketBrowserPaths.paths) {
    test(name, async ({ page }) => {
      const { steps } = path;
      for (const [index, step] of steps.entries()) {
        const act = uiActions[step.event.type];
        if (!act) continue;
        // The customer's next tap waits for the calls this one started, and the screen's own events: until then the
        // model stands where it is just before that tap (or at the end of the path).
        const nextTap = steps.findIndex((later, laterIndex) => laterIndex > index && later.event.type in uiActions);
        const reached = shownAt(nextTap === -1 ? path.state : steps[nextTap - 1]!.state);
        await act(page, step.event, reached);
        await expectScreen(page, reached, step.event.type);
      }
    });
  }
});
