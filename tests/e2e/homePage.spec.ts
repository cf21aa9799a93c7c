import { expect, test, type APIRequestContext } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import { londonDate } from './londonCalendar';
import { changeCoreData, RESTAURANT_NAME, waitForShell } from './shellSupport';

type RestaurantData = components['schemas']['RestaurantData'];
type Menu = components['schemas']['Menu'];

const API_HEADERS = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`/api${path}`, { headers: API_HEADERS });
  expect(answer.ok(), path).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The status line for the restaurant's hours on London's clock now, worked out afresh: the demo's openings all
 * close before midnight, so today's periods and the days ahead are all there is to read.
 */
function expectedStatus(openingHours: RestaurantData['openingHours']): string {
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
  const minutes = minutesOf(clock);
  const periodsOn = (days: number) => {
    const weekday = new Date(`${londonDate(days).iso}T12:00:00Z`).getUTCDay();
    return openingHours.filter((period) => period.day === weekday).sort((first, second) => minutesOf(first.opens) - minutesOf(second.opens));
  };
  const openNow = periodsOn(0).find((period) => minutesOf(period.opens) <= minutes && minutes < minutesOf(period.closes));
  if (openNow) return `Open now · until ${openNow.closes}`;
  const laterToday = periodsOn(0).find((period) => minutesOf(period.opens) > minutes);
  if (laterToday) return `Closed · opens today at ${laterToday.opens}`;
  for (let days = 1; days <= 7; days += 1) {
    const [first] = periodsOn(days);
    if (first) return `Closed · opens ${londonDate(days).weekday} at ${first.opens}`;
  }
  return 'Closed';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the home page says whether the restaurant is open, today’s hours and lead times, its highlighted dishes and where to find it', async ({ page, request }) => {
  const restaurant = (await apiData<{ restaurantData: RestaurantData }>(request, '/restaurant/coreRestaurantData')).restaurantData;
  const menu = await apiData<Menu>(request, `/menu/getMenu/${restaurant.menuId}`);
  const statusBefore = expectedStatus(restaurant.openingHours);

  await page.goto('/');
  await waitForShell(page);
  await expect(page).toHaveTitle(RESTAURANT_NAME);
  const hero = page.getByRole('region', { name: RESTAURANT_NAME, exact: true });
  // The minute may turn while the page loads: the line is the one for the time before or after.
  const statusAfter = expectedStatus(restaurant.openingHours);
  await expect(hero.getByText(new RegExp(`^(${escapeRegExp(statusBefore)}|${escapeRegExp(statusAfter)})$`))).toBeVisible();
  await expect(hero.getByRole('link', { name: 'Order a takeaway' })).toHaveAttribute('href', '/order');
  await expect(hero.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/booking');

  const todayWeekday = new Date(`${londonDate(0).iso}T12:00:00Z`).getUTCDay();
  const todaysHours = restaurant.openingHours.filter((period) => period.day === todayWeekday).map((period) => `${period.opens}–${period.closes}`);
  const { collectionLeadMinutes, deliveryLeadMinutes } = restaurant.takeawaySettings;
  await expect(hero.getByRole('list', { name: 'Today' }).getByRole('listitem')).toHaveText([
    todaysHours.length > 0 ? `Today ${todaysHours.join(', ')}` : 'Closed today',
    `Collection in about ${collectionLeadMinutes} minutes`,
    `Delivery in about ${deliveryLeadMinutes} minutes`,
  ]);

  // The dishes the restaurant highlights in its menu, at the menu's prices.
  const highlighted = menu.categories.flatMap((category) => category.items).filter((item) => item.highlighted && item.available);
  expect(highlighted.length).toBeGreaterThanOrEqual(3);
  const dishes = page.getByRole('region', { name: 'Our signature dishes' }).getByRole('article');
  await expect(dishes.getByRole('heading', { level: 3 })).toHaveText(highlighted.map((item) => item.title));
  for (const [index, item] of highlighted.entries()) {
    const extras = item.configItems.map((option) => option.extraCost);
    const cheapest = item.itemCost + (extras.length > 0 ? Math.min(...extras) : 0);
    const price = gbp.format(cheapest);
    await expect(dishes.nth(index)).toContainText(new Set(extras).size > 1 ? `from ${price}` : price);
    await expect(dishes.nth(index).getByRole('link', { name: `Order ${item.title}` })).toHaveAttribute('href', `/order?dish=${item.itemId}`);
  }

  const findUs = page.getByRole('region', { name: 'Find us' });
  const { address } = restaurant;
  expect(await findUs.locator('address').innerText()).toBe(
    [address.address1, address.address2, address.town, address.county, address.postCode].filter(Boolean).join('\n'),
  );
  await expect(findUs.getByRole('link', { name: restaurant.phone })).toHaveAttribute('href', `tel:${restaurant.phone.replace(/\s/g, '')}`);

  // The last highlighted dish is furthest down the menu: the link lands on it, ready to add.
  const linked = highlighted[highlighted.length - 1];
  await dishes.last().getByRole('link', { name: `Order ${linked.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add items to your order' })).toBeVisible();
  const addLinked = page.getByRole('button', { name: `Add ${linked.title} to order` });
  await expect(addLinked).toBeFocused();
  await expect(addLinked).toBeInViewport();
});

test('with online ordering off the home page promises no lead times and offers its dishes without ordering them', async ({ page }) => {
  await changeCoreData(page, (restaurantData) => {
    restaurantData.onlineOrderingAllowed = false;
  });
  await page.goto('/');
  await waitForShell(page);
  const today = page.getByRole('list', { name: 'Today' });
  await expect(today).toContainText('Online ordering is unavailable at the moment: please phone us to order.');
  await expect(today).not.toContainText('Collection in about');
  await expect(today).not.toContainText('Delivery in about');
  const dishes = page.getByRole('region', { name: 'Our signature dishes' }).getByRole('article');
  await expect(dishes.first()).toBeVisible();
  await expect(dishes.getByRole('link')).toHaveCount(0);
});
