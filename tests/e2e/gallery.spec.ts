import { expect, test, type Locator, type Page } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import { holdTheAppBack, waitForHydration, waitForShell } from './shellSupport';

type ContentPage = components['schemas']['Page'];

const API_HEADERS = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
const AUTOPLAY_MS = 7000;
// The seeded gallery (src/server/db/seed/galleryPage.ts).
const PHOTO_COUNT = 6;
const MAP_URL = 'https://www.openstreetmap.org/search?query=Market%20Street%2C%20Headingley%2C%20Leeds';

async function pageData(page: Page, pageName: string): Promise<ContentPage> {
  const answer = await page.request.get(`/api/pagedata/page/${pageName}`, { headers: API_HEADERS });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: ContentPage }).data;
}

/** Equal to the pixel, whatever fractions the layout leaves. */
function expectSame(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThan(1);
}

function carouselOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Photos' });
}

/** The photo showing, by its bullet (the current one is marked) and by the one photo left to assistive technology. */
async function expectPhoto(page: Page, number: number, alts: string[]): Promise<void> {
  const carousel = carouselOf(page);
  await expect(carousel.getByRole('button', { name: `Show photo ${number}` })).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('img')).toHaveAccessibleName(alts[number - 1]);
}

/**
 * Who moves the carousel: a first-time visitor's served page, before the app runs (it starts the app when touched, and
 * the app's carousel takes over where the served one is), or the app's page.
 */
const MOVED_BY = ['the served page', 'the app'] as const;
type MovedBy = (typeof MOVED_BY)[number];

async function galleryPhotoAlts(page: Page): Promise<string[]> {
  const gallery = await pageData(page, 'Gallery');
  const carouselBlock = gallery.rows.flatMap((row) => row.columns).flatMap((column) => column.contentBlocks).find((block) => block.contentBlockType === 3);
  if (carouselBlock?.contentBlockType !== 3) throw new Error('The seeded gallery has no carousel');
  const alts = carouselBlock.contentBlockData.slides.map((slide) => slide.alt);
  expect(alts).toHaveLength(PHOTO_COUNT);
  return alts;
}

/** Opens the gallery with the browser's clock stopped once the carousel moves, so that only the test moves time. */
async function openGalleryWithStoppedClock(page: Page, movedBy: MovedBy): Promise<string[]> {
  const alts = await galleryPhotoAlts(page);
  await page.clock.install();
  await page.goto('/gallery');
  if (movedBy === 'the app') await waitForHydration(page);
  await expect(carouselOf(page)).toHaveAttribute('data-controlled');
  await expectPhoto(page, 1, alts);
  // A moment ahead of the page's clock, which runs on until then.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  return alts;
}

test('the gallery draws every block type of the seeded page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/gallery');
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  // 0: content.
  await expect(page.getByRole('heading', { level: 2, name: 'Inside Golden Dragon' })).toBeVisible();
  await expect(page.getByText('Every dish is cooked to order in our open kitchen', { exact: false })).toBeVisible();
  // 3: carousel, its first photo sized before it loads.
  const carousel = carouselOf(page);
  await expect(carousel.getByRole('img', { name: 'The Golden Dragon dining room, with red lanterns over round tables laid for dinner' })).toBeVisible();
  const firstPhoto = carousel.getByRole('img');
  await expect(firstPhoto).toHaveAttribute('width', '1600');
  await expect(firstPhoto).toHaveAttribute('height', '1067');
  await expect(firstPhoto).toHaveAttribute('src', /\.webp$/);
  // Its column is 8 twelfths of 75rem less the padding, 779 pixels at 1×: the 800-pixel photo is the one downloaded.
  await expect
    .poll(() => firstPhoto.evaluate((image: HTMLImageElement) => image.complete && new URL(image.currentSrc).pathname))
    .toBe('/images/gallery/dining-room-800w.webp');
  // 4: card blocks, with header, header1, header2 and paragraphs.
  const callUs = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Call us' }) });
  await expect(callUs.getByText('0113 496 0123', { exact: true })).toBeVisible();
  await expect(callUs.getByText('Tuesday to Sunday, from 5pm (4pm on Sundays)')).toBeVisible();
  await expect(callUs.getByText('We are closed on Mondays, except bank holidays.')).toBeVisible();
  // 2: external call to action.
  await expect(page.getByRole('link', { name: 'Open the map (opens in a new tab)' })).toHaveAttribute('rel', 'noopener noreferrer');
  // 1: internal call to action, through the router.
  await page.getByRole('link', { name: 'Order online' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('columns take their share of the 12-column grid at each breakpoint', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/gallery');
  const carousel = carouselOf(page);
  const callUs = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Call us' }) });
  const hungry = page.getByRole('region', { name: 'Hungry already?' });
  const findingUs = page.getByRole('region', { name: 'Finding us' });
  await expect(carousel).toBeVisible();

  // lg: the carousel 8 columns, the card beside it 4; the two calls to action 6 and 6.
  let carouselBox = (await carousel.boundingBox())!;
  let cardBox = (await callUs.boundingBox())!;
  expectSame(cardBox.y, carouselBox.y);
  expect(carouselBox.width / cardBox.width).toBeGreaterThan(1.9);
  expect(carouselBox.width / cardBox.width).toBeLessThan(2.2);
  expectSame((await hungry.boundingBox())!.y, (await findingUs.boundingBox())!.y);

  // sm (576–767 px): the carousel and the card each a full row, the calls to action still side by side.
  await page.setViewportSize({ width: 600, height: 900 });
  carouselBox = (await carousel.boundingBox())!;
  cardBox = (await callUs.boundingBox())!;
  expect(cardBox.y).toBeGreaterThan(carouselBox.y + carouselBox.height);
  expectSame(cardBox.width, carouselBox.width);
  expectSame((await hungry.boundingBox())!.y, (await findingUs.boundingBox())!.y);

  // xs: every column a full row.
  await page.setViewportSize({ width: 375, height: 800 });
  const hungryBox = (await hungry.boundingBox())!;
  const findingUsBox = (await findingUs.boundingBox())!;
  expect(findingUsBox.y).toBeGreaterThan(hungryBox.y + hungryBox.height);
  expectSame(findingUsBox.width, hungryBox.width);
});

for (const movedBy of MOVED_BY) {
  test(`moved by ${movedBy}, the carousel moves on by itself every 7 seconds, and keeps doing so after a click`, async ({ page }) => {
    const alts = await openGalleryWithStoppedClock(page, movedBy);
    await page.clock.runFor(AUTOPLAY_MS);
    await expectPhoto(page, 2, alts);

    // A click starts the count again; then the photos change every 7 seconds by themselves.
    await carouselOf(page).getByRole('button', { name: 'Next photo' }).click();
    await expectPhoto(page, 3, alts);
    await page.clock.runFor(AUTOPLAY_MS - 1);
    await expectPhoto(page, 3, alts);
    await page.clock.runFor(1);
    await expectPhoto(page, 4, alts);
    await page.clock.runFor(AUTOPLAY_MS - 1);
    await expectPhoto(page, 4, alts);
    await page.clock.runFor(1);
    await expectPhoto(page, 5, alts);
    // From the last photo it starts again at the first.
    await page.clock.runFor(2 * AUTOPLAY_MS);
    await expectPhoto(page, 1, alts);
  });

  test(`moved by ${movedBy}, bullets, arrows, the keyboard, a sideways wheel and a swipe change the photo`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const alts = await openGalleryWithStoppedClock(page, movedBy);
    const carousel = carouselOf(page);
    await carousel.hover();
    await page.mouse.wheel(120, 0);
    await expectPhoto(page, 2, alts);
    await carousel.getByRole('button', { name: 'Show photo 4' }).click();
    await expectPhoto(page, 4, alts);
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await expectPhoto(page, 3, alts);
    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await expectPhoto(page, 4, alts);
    await page.keyboard.press('ArrowRight');
    await expectPhoto(page, 5, alts);
    await page.keyboard.press('ArrowLeft');
    await expectPhoto(page, 4, alts);
    // A swipe to the left brings the next photo, to the right the one before; a short one is a tap.
    const box = (await carousel.boundingBox())!;
    const swipe = async (from: number, to: number) => {
      await page.mouse.move(box.x + from * box.width, box.y + box.height / 3);
      await page.mouse.down();
      await page.mouse.move(box.x + to * box.width, box.y + box.height / 3, { steps: 4 });
      await page.mouse.up();
    };
    await swipe(0.7, 0.3);
    await expectPhoto(page, 5, alts);
    await swipe(0.3, 0.7);
    await expectPhoto(page, 4, alts);
    await swipe(0.5, 0.51);
    await expectPhoto(page, 4, alts);
    // The first photo's arrow back goes round to the last.
    await carousel.getByRole('button', { name: 'Show photo 1' }).click();
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await expectPhoto(page, PHOTO_COUNT, alts);
  });

  test(`moved by ${movedBy}, the slideshow can be paused and played again`, async ({ page }) => {
    const alts = await openGalleryWithStoppedClock(page, movedBy);
    const carousel = carouselOf(page);
    await carousel.getByRole('button', { name: 'Pause the photos' }).click();
    await page.clock.runFor(3 * AUTOPLAY_MS);
    await expectPhoto(page, 1, alts);
    await carousel.getByRole('button', { name: 'Play the photos' }).click();
    await page.clock.runFor(AUTOPLAY_MS);
    await expectPhoto(page, 2, alts);
  });

  test(`moved by ${movedBy}, a visitor who asks for less motion gets the photos still, with the controls`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const alts = await openGalleryWithStoppedClock(page, movedBy);
    await page.clock.runFor(3 * AUTOPLAY_MS);
    await expectPhoto(page, 1, alts);
    await carouselOf(page).getByRole('button', { name: 'Next photo' }).click();
    await expectPhoto(page, 2, alts);
    await expect(carouselOf(page).getByRole('button', { name: 'Play the photos' })).toBeVisible();
  });
}

test('a first-time visitor sees the served carousel move without the app, and the app takes over at the same photo and count', async ({ page }) => {
  // The served carousel is all there is until the test lets the app through.
  const letTheAppThrough = await holdTheAppBack(page);
  const alts = await openGalleryWithStoppedClock(page, 'the served page');
  await page.clock.runFor(2 * AUTOPLAY_MS);
  await expectPhoto(page, 3, alts);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);

  // Paused, then played again 3 seconds later, on the served page.
  await carouselOf(page).getByRole('button', { name: 'Pause the photos' }).click();
  await page.clock.runFor(3000);
  await expectPhoto(page, 3, alts);
  await carouselOf(page).getByRole('button', { name: 'Play the photos' }).click();
  const playedAt = await page.evaluate(() => Date.now());
  await page.clock.runFor(2000);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);

  // The app, started by that first touch, runs in short tasks (src/start/): time moves in small steps until its page has
  // replaced the served one.
  letTheAppThrough();
  for (let step = 0; (await page.locator('#root[data-prerendered]').count()) > 0; step += 1) {
    expect(step, 'the app took the page over').toBeLessThan(200);
    await page.clock.runFor(10);
  }
  await expect(carouselOf(page)).toHaveAttribute('data-controlled');
  await expectPhoto(page, 3, alts);
  await expect(carouselOf(page).getByRole('button', { name: 'Pause the photos' })).toBeVisible();
  // The next photo 7 seconds after Play was pressed on the served page, not after the app took over.
  const now = await page.evaluate(() => Date.now());
  await page.clock.runFor(playedAt + AUTOPLAY_MS - now - 1);
  await expectPhoto(page, 3, alts);
  await page.clock.runFor(1);
  await expectPhoto(page, 4, alts);
});

test('an external call to action opens in a new tab that cannot reach back', async ({ page, context }) => {
  await context.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Map</title><h1>Map</h1>' }));
  await page.goto('/gallery');
  const newTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Open the map (opens in a new tab)' }).click();
  const map = await newTab;
  await expect(map).toHaveURL(MAP_URL);
  expect(await map.evaluate(() => window.opener)).toBeNull();
  await expect(page).toHaveURL(/\/gallery$/);
});

test("a content card's call to action shows the icon its ctaIcon names, at size 20", async ({ page }) => {
  await page.goto('/gallery');
  const cases = [
    { name: 'Call 0113 496 0123', icon: 'phone', href: 'tel:+441134960123' },
    { name: 'Send an email', icon: 'mail', href: 'mailto:hello@goldendragon-headingley.example' },
  ];
  for (const { name, icon, href } of cases) {
    const button = page.getByRole('link', { name, exact: true });
    await expect(button).toHaveAttribute('href', href);
    await expect(button).not.toHaveAttribute('target');
    const svg = button.locator(`svg.tabler-icon-${icon}`);
    await expect(svg).toBeVisible();
    await expect(svg).toHaveAttribute('width', '20');
    await expect(svg).toHaveAttribute('height', '20');
  }
});

/** Every page-data call the app makes from now on. */
function pageDataCalls(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/pagedata/page/')) asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

test('the gallery asks for its page data only when it does not hold it', async ({ page }) => {
  const asked = pageDataCalls(page);
  await page.goto('/');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Gallery' }).first().click();
  await expect(carouselOf(page)).toBeVisible();
  await page.getByRole('link', { name: 'Order online' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await page.getByRole('link', { name: 'Gallery' }).first().click();
  await expect(carouselOf(page)).toBeVisible();
  expect(asked).toEqual(['/api/pagedata/page/Gallery']);
});

test('a start at the gallery on a phone asks for nothing: the page brings its data and its first photo, at a phone’s width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const asked = pageDataCalls(page);
  const photos: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && request.url().endsWith('.webp')) photos.push(new URL(request.url()).pathname);
  });
  await page.goto('/gallery');
  await expect(page.locator('head > link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveAttribute('href', '/images/gallery/dining-room.webp');
  await expect(carouselOf(page)).toBeVisible();
  const firstPhoto = carouselOf(page).getByRole('img').first();
  await expect(firstPhoto).toHaveAttribute('src', '/images/gallery/dining-room.webp');
  // A 390-pixel screen at 1× shows the photo 358 pixels wide: the 480-pixel one is enough, never the 1600.
  await expect.poll(() => firstPhoto.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toBe('/images/gallery/dining-room-480w.webp');
  expect(asked).toEqual([]);
  expect(photos[0]).toBe('/images/gallery/dining-room-480w.webp');
  expect(photos).not.toContain('/images/gallery/dining-room.webp');
});

for (const pageName of ['privacy', 'cookies', 'terms', 'about-us', 'allergens']) {
  test(`/${pageName} shows its page from the restaurant's database`, async ({ page }) => {
    const data = await pageData(page, pageName);
    const sections = data.rows.flatMap((row) => row.columns).flatMap((column) => column.contentBlocks);
    await page.goto(`/${pageName}`);
    await expect(page.getByRole('heading', { level: 1, name: data.title })).toBeVisible();
    for (const section of sections) {
      if (section.contentBlockType !== 0 && section.contentBlockType !== 1) continue;
      const { header, content = [] } = section.contentBlockData;
      if (header) await expect(page.getByRole('heading', { level: 2, name: header })).toBeVisible();
      for (const paragraph of content) await expect(page.getByText(paragraph, { exact: true })).toBeVisible();
    }
  });
}

for (const path of ['/no-such-page', '/no%20such%20page', '/gallery/photos']) {
  test(`${path} is not a page, so it shows the splash`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'This page is not on our menu' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === path);
  });
}
