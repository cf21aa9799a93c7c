import { fork, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openBackOffice } from './manageSupport';
import { addDishes, chooseFirstLaterSlot, chooseOrderTypeAndContinue, enterContact, expectStep, openBasket } from './orderSupport';

// The owner re-prices a dish while it sits in a customer's basket: the customer is told, line by line, before paying
// (issue 30). The menu changes for every customer, so this file forks a server of its own (clockedServer.ts).

let server: ChildProcess;
let serverUrl: string;

test.beforeAll(async () => {
  server = fork('tests/e2e/clockedServer.ts', [], { execArgv: ['--import', 'tsx'] });
  serverUrl = await new Promise<string>((resolve, reject) => {
    server.once('message', (message) => resolve((message as { url: string }).url));
    server.once('exit', (code) => reject(new Error(`The server exited (${code})`)));
  });
});

test.afterAll(async () => {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.send({ stop: true });
  await stopped;
});

async function personOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverUrl });
  return context.newPage();
}

test('the owner raises a price while the dish is in a basket: the customer sees it named before paying, and /payment asks the new amount', async ({ browser }) => {
  test.slow();
  const customer = await personOn(browser);
  await addDishes(customer, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(customer, 2);
  await expect(customer.getByRole('list', { name: 'Cost breakdown' }).getByRole('listitem').filter({ hasText: 'Total' })).toContainText('£11.60');
  await chooseOrderTypeAndContinue(customer, 'Collection');
  await expectStep(customer, '/contact', 'Enter your contact details');

  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/menu');
  await owner.getByRole('button', { name: 'Edit Sweet & Sour Chicken' }).click();
  const dish = owner.getByRole('dialog', { name: 'Edit Sweet & Sour Chicken' });
  await dish.getByRole('textbox', { name: 'Price' }).fill('7.80');
  await dish.getByRole('button', { name: 'Done' }).click();
  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  await owner.getByRole('dialog', { name: 'Publish the menu?' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Published: customers now see menu version 2.' })).toBeVisible();

  await enterContact(customer);
  await chooseFirstLaterSlot(customer);
  await expectStep(customer, '/checkout', 'Order checkout');
  const notice = customer.getByRole('alert').filter({ hasText: 'Some prices have changed' });
  await expect(notice.getByRole('list', { name: 'Prices changed' }).getByRole('listitem')).toHaveText(['Sweet & Sour Chicken (Hong Kong style (in batter, sauce on the side)): was £7.60, now £7.80']);
  await expect(customer.getByRole('list', { name: 'Cost breakdown' }).getByRole('listitem').filter({ hasText: 'Total' })).toContainText('£11.80');
  // Nothing is paid before the change is acknowledged.
  await customer.getByRole('radio', { name: 'Debit or credit card' }).check();
  const toPayment = customer.getByRole('button', { name: 'Continue to payment' });
  await expect(toPayment).toBeDisabled();
  await notice.getByRole('button', { name: 'Dismiss the notice of changed prices' }).click();
  await expect(notice).toHaveCount(0);
  await toPayment.click();
  await expectStep(customer, '/payment', 'Payment details');
  await expect(customer.getByText(/^£11\.80 for your collection order, /)).toBeVisible();
});
