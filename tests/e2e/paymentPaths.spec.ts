import { expect, test, type Page } from '@playwright/test';
import type { PaymentSnapshot } from '../../machines/payment/paymentMachine';
import { stateOf, type Step } from '../machines/payment.paths';
import { cardDeclined, notApproved, serverError, unverified } from '../machines/paymentHarness';
import { paymentErrorMessage, PAYMENT_DECLINED_MESSAGE } from '../../src/domain/paymentErrors';
import { expectStep, reachCollectionCheckout } from './orderSupport';
import { basketIdOf, continueToPayment, expectPaymentButtons, expectPaymentIssue, failAtPayPal, makePayPalScriptUnreachable, moneyAtPayPal, watchLoggedErrors } from './paymentSupport';
import { isCustomerStep, paymentBrowserPaths, screenOf } from './paths/payment';
import { waitForShell } from './shellSupport';

/** What the path has set up at the PayPal fake and in the page, so far. */
type Arranged = { basketId?: string; scriptUnreachable: boolean; account: 'Verified' | 'Unverified' };

const FAILED_ON_PURPOSE = 'The server failed on purpose';

/** One call of the site's API answers 500, as a server that fails does; the next reaches the real server. */
async function failOnce(page: Page, call: string): Promise<void> {
  await page.route(call, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: FAILED_ON_PURPOSE }), { times: 1 });
}

/** Makes the real server, PayPal's fake and PayPal's script give the step the path names, before the customer's step. */
async function arrange(page: Page, arranged: Arranged, step: Step): Promise<void> {
  if (step.type === 'SCRIPT_STATUS' && step.status === 'rejected') {
    await makePayPalScriptUnreachable(page);
    arranged.scriptUnreachable = true;
  } else if (step.type === 'SCRIPT_STATUS' && step.status === 'resolved' && arranged.scriptUnreachable) {
    await page.unroute('**/paypal-sandbox/sdk/js**');
    arranged.scriptUnreachable = false;
  } else if (step.type === 'ORDER_NOT_CREATED') await failAtPayPal(page, 'create', 'server-error');
  else if (step.type === 'xstate.error.actor.createPayPalOrderLink') await failOnce(page, '**/api/payment/createPayPalOrderLink');
  else if (step.type === 'xstate.error.actor.logError') await failOnce(page, '**/api/payment/LogError');
  else if (step.type === 'xstate.error.actor.convertToCash') await failOnce(page, '**/api/orderbuilder/update');
  else if (step.type === 'xstate.error.actor.authoriseCapture') {
    const { error } = step as { error: unknown };
    if (error === unverified) arranged.account = 'Unverified';
    else if (error === cardDeclined) await failAtPayPal(page, 'authorize', 'declined');
    // PayPal failing to authorise: the server refuses (400), nothing held.
    else if (error === notApproved) await failAtPayPal(page, 'authorize', 'server-error');
    // A 5xx: the server's answer is lost, so the outcome is unknown (Try again asks again for the same order).
    else if (error === serverError) await failOnce(page, '**/api/payment/authorise-capture');
    else throw new Error(`No way to make authorise-capture fail with ${JSON.stringify(error)}`);
  }
}

const payPalWindow = (page: Page) => page.getByRole('dialog', { name: 'PayPal sandbox' });

/** Each customer step through the real screens. */
async function act(page: Page, arranged: Arranged, step: Step): Promise<void> {
  switch (step.type) {
    case 'START':
      await reachCollectionCheckout(page);
      arranged.basketId = await basketIdOf(page);
      await continueToPayment(page);
      break;
    case 'RESUME':
      // A first visit straight to /paymentProcessing: the browser holds no order being paid.
      await page.goto('/paymentProcessing');
      await waitForShell(page);
      break;
    case 'CREATE_ORDER':
      await page.getByRole('button', { name: 'PayPal', exact: true }).click();
      break;
    case 'APPROVED':
      await payPalWindow(page).getByRole('radio', { name: arranged.account, exact: true }).check();
      await payPalWindow(page).getByRole('button', { name: 'Pay now' }).click();
      break;
    case 'CANCELLED':
      await payPalWindow(page).getByRole('button', { name: 'Cancel and return to the restaurant' }).click();
      break;
    case 'TRY_AGAIN':
      await page.getByRole('button', { name: 'Try again' }).click();
      break;
    case 'PAY_CASH_INSTEAD':
      // On /paymentIssue, or in /payment's decline.
      await page.getByRole('button', { name: 'Pay with cash instead' }).click();
      break;
    default:
      throw new Error(`No screen action for ${step.type}`);
  }
}

/** What the screens show at each resting state (SPEC §2 and §8, docs/payments.md). */
async function expectScreen(page: Page, state: PaymentSnapshot): Promise<void> {
  const screen = screenOf(state);
  const cashFailure = page.getByRole('alert').filter({ hasText: 'Your order could not be changed to cash' });
  const declined = page.getByRole('alert').filter({ hasText: 'Payment declined' });
  switch (screen.state) {
    case 'ready.buttons':
      await expectPaymentButtons(page);
      await expect(payPalWindow(page)).toHaveCount(0);
      if (screen.declined) await expect(declined).toContainText(PAYMENT_DECLINED_MESSAGE);
      else await expect(declined).toHaveCount(0);
      break;
    case 'ready.approving':
      await expectStep(page, '/payment', 'Payment details');
      await expect(payPalWindow(page).getByRole('button', { name: 'Pay now' })).toBeVisible();
      break;
    case 'issue':
      await expectPaymentIssue(page, paymentErrorMessage(screen.mode!));
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
      // SPEC §8: a 500 with a text body tells that text.
      if (screen.cashError) await expect(cashFailure).toContainText(FAILED_ON_PURPOSE);
      else await expect(cashFailure).toHaveCount(0);
      break;
    case 'paid':
      await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
      break;
    case 'cashChosen':
      await expectStep(page, '/checkout', 'Order checkout');
      await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
      await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
      break;
    default:
      throw new Error(`No screen is written out for ${screen.state}`);
  }
}

test.describe(paymentBrowserPaths.suite, () => {
  // Each path orders through the screens before paying.
  test.describe.configure({ timeout: 60_000 });

  for (const { name, path } of paymentBrowserPaths.paths) {
    test(name, async ({ page, request }) => {
      const arranged: Arranged = { scriptUnreachable: false, account: 'Verified' };
      const logged = watchLoggedErrors(page);
      const steps = path.steps.slice(1);
      for (const [index, step] of steps.entries()) {
        const event = step.event as Step;
        if (!isCustomerStep(event)) continue;
        const nextCustomer = steps.findIndex((later, laterIndex) => laterIndex > index && isCustomerStep(later.event as Step));
        const following = steps.slice(index + 1, nextCustomer === -1 ? undefined : nextCustomer);
        for (const answer of following) await arrange(page, arranged, answer.event as Step);
        await act(page, arranged, event);
        // The real server and PayPal's fake answer at once: the screen shows the state they lead to.
        const reached = following.at(-1)?.state ?? step.state;
        await test.step(`${event.type} → ${stateOf(reached)}`, () => expectScreen(page, reached));
      }
      // Every failure was logged once, before /paymentIssue told the customer (a failed log is told as its own mode).
      const loggings = path.steps.filter((step) => stateOf(step.state) === 'logging');
      await expect.poll(() => logged.length).toBe(loggings.length);
      if (path.state.matches('paid')) {
        const atPayPal = await moneyAtPayPal(request, arranged.basketId!);
        expect(atPayPal.authorisations, 'one payment held, however often the customer tried').toHaveLength(1);
      }
    });
  }
});
