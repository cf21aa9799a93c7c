import { expect, test, type Page } from '@playwright/test';
import type { ActiveOrder, TrackingSnapshot } from '../../machines/tracking/trackingMachine';
import { AcceptanceStatus, KitchenStatus } from '../../src/domain/orderEnums';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import { placeGuestOrder, type GuestOrder } from './guestOrderApi';
import { expectTracked, nextCustomerPoll } from './orderSupport';
import { PLACED_ORDER, trackingBrowserPaths, UNKNOWN_ORDER, type TrackingStep } from './paths/tracking';
import { waitForShell } from './shellSupport';

const REFUSAL_REASON = 'We have run out of sweet and sour sauce tonight';
/** The kitchen's statuses of a collection order, in the order staff move it through them. */
const COOKING_STEPS = [KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.Completed] as const;

/** What /track says and which progress step it marks, for each answer (docs/acceptance-and-kitchen.md). */
function expectedStatus(order: ActiveOrder): { text: string; step?: string } {
  if (order.orderStatus === AcceptanceStatus.Refused) return { text: 'The restaurant could not accept your order' };
  if (order.cancelled) return { text: 'Your order has been cancelled' };
  if (order.orderStatus === AcceptanceStatus.Requested) return { text: 'Waiting for the restaurant to accept your order' };
  const byStatus: Partial<Record<number, { text: string; step: string }>> = {
    [KitchenStatus.Ordered]: { text: 'Your order is in the queue', step: 'Ordered' },
    [KitchenStatus.Cooking]: { text: 'Your order is in the kitchen', step: 'Cooking' },
    [KitchenStatus.ReadyForDispatch]: { text: 'Your order is ready to collect', step: 'Ready' },
    [KitchenStatus.Completed]: { text: 'Your order has been collected. Enjoy your meal!', step: 'Completed' },
  };
  return byStatus[order.currentStatus]!;
}

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

/**
 * The order being tracked: placed elsewhere (by the customer who shares the tracking link), so that only /track reads
 * it here; where staff have brought it so far.
 */
type PlacedOrder = { reference: string; placed?: GuestOrder; accepted: boolean; kitchenStatus: number };

/** Makes the real server give the answer the path names, before the step that asks for it. */
async function arrange(page: Page, order: PlacedOrder, answer: TrackingStep): Promise<void> {
  if (answer.type === 'xstate.error.actor.getActiveOrder') {
    if (order.reference !== UNKNOWN_ORDER) await page.route('**/api/order/GetActiveOrder/**', (route) => route.abort(), { times: 1 });
    return;
  }
  if (answer.type !== 'xstate.done.actor.getActiveOrder') return;
  const wanted = answer.output;
  if (wanted.cancelled) {
    await order.placed!.cancel();
  } else if (wanted.orderStatus === AcceptanceStatus.Refused) {
    await kitchen.refuse(order.reference, REFUSAL_REASON);
  } else if (wanted.orderStatus === AcceptanceStatus.Accepted) {
    if (!order.accepted) await kitchen.accept(order.reference);
    order.accepted = true;
    for (const status of COOKING_STEPS.slice(COOKING_STEPS.indexOf(order.kitchenStatus as never) + 1, COOKING_STEPS.indexOf(wanted.currentStatus as never) + 1)) {
      await kitchen.setStatus(order.reference, status);
      order.kitchenStatus = status;
    }
  }
}

/** The order a TRACK step names: the unknown reference, or a guest order placed the first time it is asked for. */
async function aimAt(order: PlacedOrder, step: TrackingStep, baseURL: string): Promise<void> {
  if (step.type !== 'TRACK') return;
  if (step.orderId === PLACED_ORDER && order.placed === undefined) order.placed = await placeGuestOrder(baseURL);
  order.reference = step.orderId === PLACED_ORDER ? order.placed!.orderRef : UNKNOWN_ORDER;
}

async function act(page: Page, order: PlacedOrder, step: TrackingStep): Promise<void> {
  if (step.type === 'TRACK') {
    const correction = page.getByRole('textbox', { name: 'Order reference' });
    if (await correction.isVisible()) {
      // The reference the server could not find, corrected in its field.
      await correction.fill(order.reference);
      await page.getByRole('button', { name: 'Track order' }).click();
    } else {
      await page.goto(`/track?orderId=${encodeURIComponent(order.reference)}`);
      await waitForShell(page);
    }
  } else if (step.type === 'CHECK') await page.getByRole('button', { name: 'Check again' }).click();
  else if (step.type === 'xstate.after.trackingPoll.tracking.active') await nextCustomerPoll(page);
  else throw new Error(`No screen action for ${step.type}`);
}

async function expectScreen(page: Page, order: PlacedOrder, state: TrackingSnapshot): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/track' && url.searchParams.get('orderId') === order.reference);
  await expect(page.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'We could not check your order' });
  const polling = page.getByText('This page updates itself every 10 seconds.');
  if (state.matches('failed') && order.reference === UNKNOWN_ORDER) {
    // Given back in its field with the reason, to be corrected.
    const field = page.getByRole('textbox', { name: 'Order reference' });
    await expect(field).toHaveValue(UNKNOWN_ORDER);
    await expect(field).toHaveAccessibleDescription(/We cannot find an order with this reference/);
    await expect(alert).toHaveCount(0);
    return;
  }
  if (state.matches('failed')) {
    await expect(alert.getByRole('button', { name: 'Check again' })).toBeVisible();
    return;
  }
  await expect(alert).toHaveCount(0);
  const { text, step } = expectedStatus(state.context.order!);
  if (step === undefined) await expect(page.getByRole('status', { name: 'Order status' })).toHaveText(text);
  else await expectTracked(page, text, step);
  if (state.context.order!.orderStatus === AcceptanceStatus.Refused) await expect(page.getByText(REFUSAL_REASON)).toBeVisible();
  // Read every 10 seconds while the order can still change, and no more once it cannot.
  if (state.matches('active')) await expect(polling).toBeVisible();
  else await expect(polling).toHaveCount(0);
}

const isAnswer = (step: TrackingStep) => step.type.startsWith('xstate.done.actor.') || step.type.startsWith('xstate.error.actor.');

test.describe(trackingBrowserPaths.suite, () => {
  for (const { name, path } of trackingBrowserPaths.paths) {
    test(name, async ({ page, baseURL }) => {
      const order: PlacedOrder = { reference: UNKNOWN_ORDER, accepted: false, kitchenStatus: KitchenStatus.Ordered };
      await page.clock.install();
      const steps = path.steps.slice(1);
      for (const [index, step] of steps.entries()) {
        const event = step.event as TrackingStep;
        if (isAnswer(event)) continue;
        const answer = steps[index + 1]?.event as TrackingStep | undefined;
        await aimAt(order, event, baseURL!);
        if (answer && isAnswer(answer)) await arrange(page, order, answer);
        await act(page, order, event);
        const nextStep = steps.findIndex((later, laterIndex) => laterIndex > index && !isAnswer(later.event as TrackingStep));
        const reached = nextStep === -1 ? path.state : steps[nextStep - 1]!.state;
        await test.step(`${event.type} → ${JSON.stringify(reached.value)}`, () => expectScreen(page, order, reached));
      }
    });
  }
});
