import { expect, test } from '@playwright/test';
import { kitchenApi, type KitchenApi } from './kitchenApi';
import { GUEST, nextCustomerPoll, placeDeliveryOrder } from './orderSupport';
import { waitForShell } from './shellSupport';

// docs/interfaces.md, Privacy: the confirmation link shows who ordered and where only in the browser that ordered.
test.describe.configure({ timeout: 60_000 });

let kitchen: KitchenApi;
test.beforeAll(async ({ baseURL }) => {
  kitchen = await kitchenApi(baseURL!);
});

test("the customer's own confirmation shows their details; the same link opened elsewhere shows the order without them", async ({
  page,
  browser,
}) => {
  await page.clock.install();
  const reference = await placeDeliveryOrder(page);
  await kitchen.accept(reference);
  await nextCustomerPoll(page);
  await expect(page).toHaveURL((url) => url.pathname === '/confirmation' && url.searchParams.get('orderId') === reference);
  await expect(page.getByText(`${GUEST.name}, ${GUEST.phone}, ${GUEST.email}`)).toBeVisible();
  await expect(page.getByText('4 Cardigan Road')).toBeVisible();

  const shared = await browser.newContext();
  try {
    const elsewhere = await shared.newPage();
    await elsewhere.goto(page.url());
    await waitForShell(elsewhere);
    await expect(elsewhere.getByText(`Order reference ${reference}`)).toBeVisible();
    await expect(elsewhere.getByRole('status', { name: 'Order number' })).toContainText(/Order \d+/);
    await expect(elsewhere.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(3);
    await expect(elsewhere.getByText('Contact and delivery details are shown only on the device that placed the order')).toBeVisible();
    for (const personal of [GUEST.name, GUEST.phone, GUEST.email, 'Cardigan Road']) {
      await expect(elsewhere.getByText(personal, { exact: false })).toHaveCount(0);
    }
  } finally {
    await shared.close();
  }
});
