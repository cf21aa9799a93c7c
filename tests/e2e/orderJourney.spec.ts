import { expect, test } from '@playwright/test';
import {
  addDishes,
  chooseFirstLaterSlot,
  chooseOrderTypeAndContinue,
  enterAddress,
  enterContact,
  expectStep,
  GUEST,
  openBasket,
  placeOrderAndReadReference,
} from './orderSupport';
import { RESTAURANT_NAME } from './shellSupport';
import { slotLabel } from '../../src/domain/timeSlotLabels';

test('a guest orders for collection, paying cash, from the menu to an order reference', async ({ page }) => {
  await addDishes(page, ['Crispy Seaweed']);
  // Allergens and dietary labels are on the dish's card, before it is added (UK distance-selling rules).
  const dish = page.getByRole('article', { name: 'Sweet & Sour Chicken' });
  await expect(dish).toContainText('Allergens: Cereals containing gluten, Eggs, Soya');
  await expect(page.getByRole('article', { name: 'Crispy Seaweed' })).toContainText('Vegan');
  await expect(page.getByRole('article', { name: 'Soft-shell Crab with Chilli & Garlic' })).toContainText('Not available at the moment');
  await expect(page.getByRole('button', { name: 'Add Soft-shell Crab with Chilli & Garlic to order' })).toHaveCount(0);
  await dish.getByRole('combobox', { name: 'Option for Sweet & Sour Chicken' }).selectOption({ label: 'Cantonese style (stir-fried with pineapple and peppers) (+£0.50)' });
  await expect(dish).toContainText('£8.10');
  await dish.getByRole('button', { name: 'Add Sweet & Sour Chicken to order' }).click();

  // Sweet & Sour Chicken £7.60 + £0.50 Cantonese style, Crispy Seaweed £3.90: £12.00 reaches the £10 minimum.
  await openBasket(page, 2);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Manage your order basket`);
  const basketLines = page.getByRole('list', { name: 'Items in your basket' });
  await expect(basketLines.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Collection available')).toBeVisible();
  await expect(page.getByText('Add £3.00 to deliver')).toBeVisible();
  const chicken = 'Sweet & Sour Chicken (Cantonese style (stir-fried with pineapple and peppers))';
  await page.getByRole('textbox', { name: `Special request for ${chicken}` }).fill('Extra pineapple');
  await page.getByRole('textbox', { name: `Special request for ${chicken}` }).blur();

  await chooseOrderTypeAndContinue(page, 'Collection');
  await expectStep(page, '/contact', 'Enter your contact details');
  await enterContact(page);
  await expectStep(page, '/orderTime', 'Select your order time');
  const slot = await chooseFirstLaterSlot(page);

  await expectStep(page, '/checkout', 'Order checkout');
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Order Checkout`);
  const breakdown = page.getByRole('list', { name: 'Cost breakdown' });
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Items' })).toContainText('£12.00');
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Bag charge' })).toContainText('£0.10');
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Total' })).toContainText('£12.10');
  await expect(page.getByRole('list', { name: 'Items in your order' })).toContainText(`1 × ${chicken} (Extra pineapple)`);
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Delivery charge' })).toHaveCount(0);
  await expect(page.getByText(slot)).toBeVisible();
  await expect(page.getByText(`${GUEST.name}, ${GUEST.phone}, ${GUEST.email}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash on collection' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Notes for the restaurant (optional)' }).fill('No sesame on the seaweed, please');

  const reference = await placeOrderAndReadReference(page);
  expect(reference).toMatch(/^[A-Za-z0-9_-]+$/);
  await expect(page).toHaveTitle(`${RESTAURANT_NAME} | Waiting for the restaurant`);
});

test('a guest orders for delivery to an in-zone postcode, paying cash, and sees the zone charge', async ({ page }) => {
  // £7.60 + £6.90 + £3.90 = £18.40, above LS6's £12 minimum; LS6 delivers for £1.50.
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
  await openBasket(page, 3);
  await chooseOrderTypeAndContinue(page, 'Delivery');
  await expectStep(page, '/delivery', 'Enter your delivery details');
  await enterAddress(page, 'ls6 1aa');
  await expectStep(page, '/contact', 'Enter your contact details');
  await enterContact(page);
  await expectStep(page, '/orderTime', 'Select your order time');
  await expect(page.getByRole('radiogroup', { name: 'When would you like your delivery?' })).toBeVisible();
  await chooseFirstLaterSlot(page);

  await expectStep(page, '/checkout', 'Order checkout');
  const breakdown = page.getByRole('list', { name: 'Cost breakdown' });
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Items' })).toContainText('£18.40');
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Delivery charge' })).toContainText('£1.50');
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Total' })).toContainText('£20.00');
  await expect(page.getByText('4 Cardigan Road, Leeds, LS6 1AA')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();

  const reference = await placeOrderAndReadReference(page);
  expect(reference.length).toBeGreaterThan(0);
});

test("a phone whose clock is hours fast is offered every time the server offers, its days named by the server's clock", async ({ page }) => {
  await page.clock.install({ time: Date.now() + 5 * 3_600_000 });
  await addDishes(page, ['Sweet & Sour Chicken', 'Crispy Seaweed']);
  await openBasket(page, 2);
  await chooseOrderTypeAndContinue(page, 'Collection');
  const timeSlotsAnswer = page.waitForResponse((response) => response.url().includes('/orderbuilder/timeSlots/1'));
  await enterContact(page);
  await expectStep(page, '/orderTime', 'Select your order time');
  const offered = ((await (await timeSlotsAnswer).json()) as { data: { slots: string[]; serverTime: string } }).data;

  await page.getByRole('radio', { name: 'At a later time' }).check();
  const options = page.getByRole('combobox', { name: 'Time' }).locator('option');
  await expect(options).toHaveCount(offered.slots.length);
  await expect(options.first()).toHaveAttribute('value', offered.slots[0]);
  await expect(options.first()).toHaveText(slotLabel(offered.slots[0], new Date(offered.serverTime)));
});
