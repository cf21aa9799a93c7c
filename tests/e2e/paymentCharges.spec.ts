import { expect, test, type Page } from '@playwright/test';
import { FAKE_CARDS } from '../../src/server/local/payPal/fakeCards';
import { addDishes, chooseFirstLaterSlot, enterAddress, enterContact, expectStep, openBasket, reachCollectionCheckout } from './orderSupport';
import { basketIdOf, continueToPayment, expectPaymentButtons, moneyAtPayPal, payByCard } from './paymentSupport';

// Every charge told before it is taken, and a declined card the customer can act on (issue 30; docs/payments.md).

const DECLINED = 'Your card was declined. Try another card, PayPal, or pay with cash';

async function cardForm(page: Page) {
  await reachCollectionCheckout(page);
  await continueToPayment(page, 'Debit or credit card');
  await expectPaymentButtons(page, 'Debit or credit card');
  return page.getByRole('form', { name: 'Card payment' });
}

test('a declined card keeps the customer on /payment with what to do, and the next card pays: one authorisation, one order', async ({ page, request }) => {
  await cardForm(page);
  const basketId = await basketIdOf(page);
  // What is about to be authorised, and for what, above PayPal's buttons.
  await expect(page.getByText(/^£11\.60 for your collection order, /)).toBeVisible();

  await payByCard(page, FAKE_CARDS.declined);
  await expectStep(page, '/payment', 'Payment details');
  await expect(page.getByRole('alert').filter({ hasText: 'Payment declined' })).toContainText(DECLINED);
  await expect(page.getByText('There was an external PayPal issue.')).toHaveCount(0);
  // The payment starts again: the card form is there for another card.
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with PayPal instead' })).toBeVisible();

  await payByCard(page, FAKE_CARDS.approved);
  await expectStep(page, '/restaurant-confirmation', 'Waiting for the restaurant to accept your order');
  const held = await moneyAtPayPal(request, basketId);
  // The declined card's authorisation was DENIED by the bank; one authorisation holds money.
  expect(held.authorisations.filter((authorisation) => authorisation.status === 'CREATED')).toHaveLength(1);
  expect(held.authorisations.filter((authorisation) => authorisation.status === 'DENIED')).toHaveLength(1);
  expect(held.orders.filter((order) => order.status === 'COMPLETED')).toHaveLength(2);
  expect(held.captures).toEqual([]);
});

test('the card form tells each refused detail at its field, keeps what was typed, and lists the sandbox test cards', async ({ page }) => {
  const form = await cardForm(page);
  const testCards = form.getByRole('list', { name: 'Test cards' });
  await expect(testCards.getByRole('listitem')).toContainText(['4111 1111 1111 1111: Approved', '4000 0000 0000 0119: Declined by the bank (INSTRUMENT_DECLINED)', '4000 0000 0000 0002: 3-D Secure fails']);

  const number = form.getByRole('textbox', { name: 'Card number' });
  const expiry = form.getByRole('textbox', { name: 'Expiry date' });
  const securityCode = form.getByRole('textbox', { name: 'Security code' });
  const name = form.getByRole('textbox', { name: 'Name on card' });
  // The name first: checked in the form before anything is sent.
  await number.fill(FAKE_CARDS.approved);
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Enter the name on the card.');
  await expect(name).toBeFocused();

  await number.fill('4111111111111112');
  await expiry.fill('01/20');
  await securityCode.fill('1');
  await name.fill('Mei Chen');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(number).toHaveAccessibleDescription('The card number is not valid.');
  await expect(expiry).toHaveAccessibleDescription('The card has expired.');
  await expect(securityCode).toHaveAccessibleDescription('The security code must be 3 or 4 digits.');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(number).toBeFocused();
  await expect(number).toHaveValue('4111111111111112');
  await expect(expiry).toHaveValue('01/20');
  await expect(page).toHaveURL((url) => url.pathname === '/payment');
});

test('"Debit or credit card" at checkout opens the card form on /payment, PayPal stays one tap away, and Back keeps the card chosen', async ({ page }) => {
  await cardForm(page);
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toHaveCount(0);
  await page.goBack();
  await expectStep(page, '/checkout', 'Order checkout');
  await expect(page.getByRole('radio', { name: 'Debit or credit card' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expectPaymentButtons(page, 'Debit or credit card');
  await page.getByRole('button', { name: 'Pay with PayPal instead' }).click();
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Debit or Credit Card' })).toBeEnabled();
});

test('the basket says the delivery charge depends on the postcode until it is known; the checkout names the postcode it is for', async ({ page }) => {
  await addDishes(page, ['Sweet & Sour Chicken', 'Barbecue Spare Ribs', 'Crispy Seaweed']);
  await openBasket(page, 3);
  await page.getByRole('radio', { name: 'Delivery' }).check();
  const basketCosts = page.getByRole('list', { name: 'Cost breakdown' });
  await expect(basketCosts.getByRole('listitem').filter({ hasText: 'Delivery charge' })).toContainText('Depends on your postcode');
  // £7.60 + £6.90 + £3.90 and the bag charge, no delivery figure guessed.
  await expect(basketCosts.getByRole('listitem').filter({ hasText: 'Total before delivery' })).toContainText('£18.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterAddress(page, 'LS6 1AA');
  await enterContact(page);
  await chooseFirstLaterSlot(page);
  await expectStep(page, '/checkout', 'Order checkout');
  const costs = page.getByRole('list', { name: 'Cost breakdown' });
  await expect(costs.getByRole('listitem').filter({ hasText: 'Delivery charge to LS6 1AA' })).toContainText('£1.50');
  await expect(costs).toContainText('Priced for LS6 1AA: each area we deliver to has its own charge for delivery.');
  await expect(costs.getByRole('listitem').filter({ hasText: /^Total/ })).toContainText('£20.00');
});
