import { expect, test } from '@playwright/test';
import { freshEmail, newCustomer } from './accountSupport';
import { openBackOffice } from './manageSupport';

// /manage/customers (docs/back-office.md): the owner finds a customer and gives them points; what the page says was
// given is what was sent, and a second tap on the same gift gives nothing more.
test('the owner gives points once: the message says what was given, and the same gift waits for a change before it can be given again', async ({ browser }) => {
  const customerContext = await browser.newContext();
  const email = freshEmail('gift');
  await newCustomer(await customerContext.newPage(), email, { name: 'Gift Taker' });
  await customerContext.close();

  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const owner = await ownerContext.newPage();
  await openBackOffice(owner, '/manage/customers');
  await owner.getByRole('textbox', { name: 'Email or loyalty code' }).fill(email);
  await owner.getByRole('button', { name: 'Find' }).click();
  await owner.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: /Gift Taker/ }).click();

  const gift = owner.getByRole('form', { name: 'Give points' });
  await gift.getByRole('textbox', { name: 'Points' }).fill('50');
  await gift.getByRole('textbox', { name: 'Reason' }).fill('Sorry for the late delivery');
  await gift.getByRole('button', { name: 'Give points' }).click();
  await expect(gift.getByRole('status')).toHaveText('Gave 50 points.');
  await expect(owner.getByText('Points: 50 (every 100 become a £5 voucher)')).toBeVisible();
  // The same gift again needs a change first.
  await expect(gift.getByRole('button', { name: 'Give points' })).toBeDisabled();
  await gift.getByRole('textbox', { name: 'Points' }).fill('20');
  // Still what was given, not what is typed now.
  await expect(gift.getByRole('status')).toHaveText('Gave 50 points.');
  await expect(gift.getByRole('button', { name: 'Give points' })).toBeEnabled();
  await ownerContext.close();
});
