import { expect, test, type Page } from '@playwright/test';
import type { AcceptanceSnapshot, OrderAcceptanceRequest } from '../../machines/acceptance/acceptanceMachine';
import { slotLabel } from '../../src/domain/timeSlotLabels';
import { AcceptanceStatus } from '../../src/domain/orderEnums';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import { expectStep, nextCustomerPoll, placeCollectionOrder } from './orderSupport';
import { acceptanceBrowserPaths, isProposedTime, type AcceptanceStep } from './paths/acceptance';

const REFUSAL_REASON = 'We have run out of sweet and sour sauce tonight';

/** The order the path placed, and the time the restaurant proposed for it, once it has. */
type PlacedOrder = { reference: string; proposedTime?: Date };

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

// The page's timers are Playwright's, so a poll is a call to runFor rather than a real 10-second wait.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

const isAnswer = (step: AcceptanceStep) => /^xstate\.(done|error)\.actor\./.test(step.type);

/** Makes the real server give the answer the path names, before the customer's step or the poll that asks for it. */
async function arrange(page: Page, order: PlacedOrder, answer: AcceptanceStep): Promise<void> {
  if (answer.type === 'xstate.error.actor.getAcceptanceDetails') {
    await page.route('**/api/orderbuilder/acceptanceDetails/**', (route) => route.abort(), { times: 1 });
  } else if (answer.type === 'xstate.error.actor.cancelOrder') {
    // The restaurant accepts just before the customer's cancel arrives.
    await kitchen.accept(order.reference);
  } else if (answer.type === 'xstate.done.actor.getAcceptanceDetails') {
    const { orderStatus } = (answer as { output: OrderAcceptanceRequest }).output;
    if (orderStatus === AcceptanceStatus.Accepted) await kitchen.accept(order.reference);
    if (orderStatus === AcceptanceStatus.Refused) await kitchen.refuse(order.reference, REFUSAL_REASON);
    if (orderStatus === AcceptanceStatus.Updated) {
      order.proposedTime = new Date(Date.now() + 2 * 60 * 60 * 1000);
      await kitchen.proposeTime(order.reference, order.proposedTime);
    }
  }
}

const cancelDialog = (page: Page) => page.getByRole('dialog', { name: 'Cancel your order?' });

/** Each customer step through the real screens (START places the order); the poll on the page's clock. */
async function act(page: Page, order: PlacedOrder, step: AcceptanceStep, before: AcceptanceSnapshot): Promise<void> {
  if (step.type === 'START') order.reference = await placeCollectionOrder(page);
  else if (step.type.startsWith('xstate.after.')) await nextCustomerPoll(page);
  else if (step.type === 'CANCEL') await page.getByRole('button', { name: 'Cancel order' }).click();
  else if (step.type === 'CONFIRM_CANCEL') await cancelDialog(page).getByRole('button', { name: 'Yes, cancel order' }).click();
  else if (step.type === 'KEEP_ORDER') await cancelDialog(page).getByRole('button', { name: 'Keep my order' }).click();
  else if (step.type === 'ACCEPT_NEW_TIME') await page.getByRole('button', { name: 'Accept new time' }).click();
  else if (step.type === 'CHECK') await page.getByRole('button', { name: before.matches('cancelFailed') ? 'Back to your order' : 'Check again' }).click();
  else throw new Error(`No screen action for ${step.type}`);
}

/** What the screens show at each state, written out from docs/acceptance-and-kitchen.md. */
async function expectScreen(page: Page, order: PlacedOrder, state: AcceptanceSnapshot): Promise<void> {
  const waiting = 'Waiting for the restaurant to accept your order';
  const alert = page.getByRole('alert').filter({ hasText: 'We could not check your order' });
  switch (state.value) {
    case 'requested':
      await expectStep(page, '/restaurant-confirmation', waiting);
      await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
      await expect(alert).toHaveCount(0);
      break;
    case 'updated':
      await expectStep(page, '/restaurant-confirmation', 'The restaurant has proposed a new time');
      await expect(page.getByRole('status', { name: 'Proposed time' })).toHaveText(slotLabel(order.proposedTime!.toISOString(), new Date()));
      await expect(page.getByRole('button', { name: 'Accept new time' })).toBeVisible();
      break;
    case 'askingToCancel':
      await expect(page).toHaveURL((url) => url.pathname === '/restaurant-confirmation');
      // The orders these paths place are paid in cash.
      await expect(cancelDialog(page).getByText('Nothing has been charged: you were paying in cash.')).toBeVisible();
      await expect(cancelDialog(page).getByRole('button', { name: 'Keep my order' })).toBeFocused();
      break;
    case 'failed':
      await expectStep(page, '/restaurant-confirmation', waiting);
      await expect(alert.getByRole('button', { name: 'Check again' })).toBeVisible();
      break;
    case 'accepted':
      await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === order.reference);
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible();
      if (isProposedTime(state)) await expect(page.getByText(`Ready to collect: ${slotLabel(order.proposedTime!.toISOString(), new Date())}`)).toBeVisible();
      break;
    case 'refused':
      await expectStep(page, '/order-cancelled', 'The restaurant could not accept your order');
      await expect(page.getByText(REFUSAL_REASON)).toBeVisible();
      break;
    case 'cancelled':
      await expectStep(page, '/order-cancelled', 'Your order has been cancelled');
      await expect(page.getByText('You cancelled your order.')).toBeVisible();
      break;
    case 'cancelFailed':
      await expectStep(page, '/order-cancel-error', 'Your order could not be cancelled');
      await expect(page.getByRole('alert')).toContainText('The restaurant has already accepted your order');
      break;
    default:
      throw new Error(`No screen is written out for ${JSON.stringify(state.value)}`);
  }
}

test.describe(acceptanceBrowserPaths.suite, () => {
  // Each path places a real order through the screens before the restaurant answers it.
  test.describe.configure({ timeout: 60_000 });

  for (const { name, path } of acceptanceBrowserPaths.paths) {
    test(name, async ({ page }) => {
      const order: PlacedOrder = { reference: '' };
      const steps = path.steps.slice(1);
      for (const [index, step] of steps.entries()) {
        const event = step.event as AcceptanceStep;
        if (isAnswer(event)) continue;
        const answer = steps[index + 1]?.event as AcceptanceStep | undefined;
        if (answer && isAnswer(answer)) await arrange(page, order, answer);
        await act(page, order, event, (steps[index - 1] ?? path.steps[0]!).state);
        // The real server answers at once: the screen shows the state the answers lead to, until the next step.
        const nextStep = steps.findIndex((later, laterIndex) => laterIndex > index && !isAnswer(later.event as AcceptanceStep));
        const reached = nextStep === -1 ? path.state : steps[nextStep - 1]!.state;
        await test.step(`${event.type} → ${JSON.stringify(reached.value)}`, () => expectScreen(page, order, reached));
      }
    });
  }
});
