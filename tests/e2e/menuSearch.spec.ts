import { expect, test } from '@playwright/test';

// The customer's menu search (src/screens/order/dishSearch.ts): by the dish's number, its English or its Chinese name.

test('a customer finds a dish by its menu number, exactly that dish first, and adds it', async ({ page }) => {
  await page.goto('/order');
  const search = page.getByRole('searchbox', { name: 'Search the menu' });
  await search.fill('54');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('status')).toHaveText("1 dish matches “54”");
  const first = results.getByRole('article').first();
  await expect(first.getByRole('heading')).toHaveText('King Prawns with Ginger & Spring Onion');
  await expect(first).toContainText('54.King Prawns with Ginger & Spring Onion');
  await expect(first.locator('[lang="zh-Hans"]')).toHaveText('姜葱大虾');
  // The categories step aside while searching, so no dish is on the page twice.
  await expect(page.getByRole('heading', { name: 'Starters', level: 2 })).toHaveCount(0);
  await first.getByRole('button', { name: 'Add King Prawns with Ginger & Spring Onion to order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added King Prawns with Ginger & Spring Onion' })).toHaveCount(1);

  await search.fill('');
  await expect(page.getByRole('heading', { name: 'Starters', level: 2 })).toBeVisible();
});

test('a customer finds a dish by its Chinese name or its English name, and is told when nothing matches', async ({ page }) => {
  await page.goto('/order');
  const search = page.getByRole('searchbox', { name: 'Search the menu' });
  const results = page.getByRole('region', { name: 'Search results' });

  await search.fill('咕噜肉');
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.getByRole('article', { name: 'Sweet & Sour Pork', exact: true })).toContainText('40.Sweet & Sour Pork');

  await search.fill('sweet & sour');
  await expect(results.getByRole('heading', { name: 'Sweet & Sour Pork' })).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Sweet & Sour Chicken' })).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Hot & Sour Soup' })).toHaveCount(0);

  await search.fill('lobster');
  await expect(results.getByRole('status')).toHaveText('No dishes match “lobster”');
  await expect(results.getByRole('article')).toHaveCount(0);
});
