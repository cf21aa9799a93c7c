import { expect, test } from '@playwright/test';
import { kitchenApi } from './kitchenApi';
import { placeGuestOrder } from './guestOrderApi';
import { expectTracked } from './orderSupport';
import { waitForShell } from './shellSupport';

// An order paid online whose payment fell back to cash (docs/payments.md, "Orders for later"): the tracking page, which
// the cashInstead push opens, asks for the cash. PayPal's refusal after its honour period takes days of the server's
// clock (tests/api/preOrders.test.ts shows GetActiveOrder's payment after a real one), so here the server's answer for
// an accepted order is given that payment on its way to the page.

test('/track asks for the cash once PayPal would not take the money, and says nothing of it otherwise', async ({ page, baseURL }) => {
  const kitchen = await kitchenApi(baseURL!);
  const { orderRef } = await placeGuestOrder(baseURL!);
  await kitchen.accept(orderRef);

  await page.goto(`/track?orderId=${orderRef}`);
  await waitForShell(page);
  await expectTracked(page, 'Your order is in the queue', 'Ordered');
  await expect(page.getByText('Please pay in cash')).toHaveCount(0);

  await page.route(`**/api/order/GetActiveOrder/${orderRef}`, async (route) => {
    const answer = await (await route.fetch()).json();
    answer.data.order.payment = { method: 'paypal', money: 'releasing', amount: 14, cashInstead: true };
    await route.fulfill({ json: answer });
  });
  await page.reload();
  await waitForShell(page);
  await expectTracked(page, 'Your order is in the queue', 'Ordered');
  const notice = page.getByRole('alert').filter({ hasText: 'Please pay in cash' });
  await expect(notice).toContainText('We could not take the online payment for your order, so you have not been charged.');
  await expect(notice).toContainText('Please pay £14.00 in cash when you collect your order.');
});
