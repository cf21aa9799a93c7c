import { expect, test, type Locator, type Page } from '@playwright/test';
import type { components } from '../../src/api/schema.gen';
import { tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { waitForHydration, waitForShell } from './shellSupport';

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

async function galleryPhotoAlts(page: Page): Promise<string[]> {
  const gallery = await pageData(page, 'Gallery');
  const carouselBlock = gallery.rows.flatMap((row) => row.columns).flatMap((column) => column.contentBlocks).find((block) => block.contentBlockType === 3);
  if (carouselBlock?.contentBlockType !== 3) throw new Error('The seeded gallery has no carousel');
  const alts = carouselBlock.contentBlockData.slides.map((slide) => slide.alt);
  expect(alts).toHaveLength(PHOTO_COUNT);
  return alts;
}

/** Opens the gallery with the browser's clock stopped once Swiper has started (its bullets are Swiper's), so that only the test moves time. */
async function openGalleryWithStoppedClock(page: Page): Promise<string[]> {
  const alts = await galleryPhotoAlts(page);
  await page.clock.install();
  await page.goto('/gallery');
  await waitForHydration(page);
  await expectPhoto(page, 1, alts);
  // A moment ahead of the page's clock, which runs on until then.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  return alts;
}

/** Counts the photos' fades from now on: each is a CSS transition of a slide's opacity, which the browser announces. */
async function countFades(page: Page): Promise<() => Promise<number>> {
  await carouselOf(page).evaluate((carousel: HTMLElement) => {
    document.documentElement.dataset.fades = '0';
    carousel.addEventListener('transitionrun', (event) => {
      if (event.propertyName === 'opacity') document.documentElement.dataset.fades = String(Number(document.documentElement.dataset.fades) + 1);
    });
  });
  return () => page.evaluate(() => Number(document.documentElement.dataset.fades));
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
  await expect(carousel.getByRole('img', { name: tablePhoto.alt })).toBeVisible();
  const firstPhoto = carousel.getByRole('img');
  await expect(firstPhoto).toHaveAttribute('width', '640');
  await expect(firstPhoto).toHaveAttribute('height', '480');
  await expect(firstPhoto).toHaveAttribute('src', /\.webp$/);
  // Its column is 8 twelfths of 75rem less the padding, 779 pixels at 1×: the widest copy, 640 pixels, is the one
  // downloaded, in AVIF, which Chromium takes.
  await expect
    .poll(() => firstPhoto.evaluate((image: HTMLImageElement) => image.complete && new URL(image.currentSrc).pathname))
    .toBe(`/media/${tablePhoto.mediaId}-640.avif`);
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

test('the carousel moves on by itself every 7 seconds, with a fade, and keeps doing so after a click', async ({ page }) => {
  const alts = await openGalleryWithStoppedClock(page);
  const fades = await countFades(page);
  // Counted from when Swiper started, a moment before the clock stopped.
  await page.clock.runFor(AUTOPLAY_MS);
  await expectPhoto(page, 2, alts);
  await expect.poll(fades).toBeGreaterThan(0);

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

test('bullets, arrows, the keyboard, a sideways wheel and a swipe change the photo, and it moves on after each', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const alts = await openGalleryWithStoppedClock(page);
  const carousel = carouselOf(page);
  await carousel.hover();
  // Up and down, the wheel scrolls the page; sideways it moves the photos.
  await page.mouse.wheel(0, 120);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expectPhoto(page, 1, alts);
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
  // The first photo's arrow back goes round to the last.
  await carousel.getByRole('button', { name: 'Show photo 1' }).click();
  await carousel.getByRole('button', { name: 'Previous photo' }).click();
  await expectPhoto(page, PHOTO_COUNT, alts);
  // A swipe to the right brings the photo before, to the left the next.
  const box = (await carousel.boundingBox())!;
  const swipe = async (from: number, to: number) => {
    await page.mouse.move(box.x + from * box.width, box.y + box.height / 3);
    await page.mouse.down();
    await page.mouse.move(box.x + to * box.width, box.y + box.height / 3, { steps: 4 });
    await page.mouse.up();
    // Swiper lets clicks through again on its next tick.
    await page.clock.runFor(10);
  };
  await swipe(0.3, 0.7);
  await expectPhoto(page, PHOTO_COUNT - 1, alts);
  await swipe(0.7, 0.3);
  await expectPhoto(page, PHOTO_COUNT, alts);
  // Still moving by itself, 7 seconds after the last change.
  await page.clock.runFor(AUTOPLAY_MS - 20);
  await expectPhoto(page, PHOTO_COUNT, alts);
  await page.clock.runFor(10);
  await expectPhoto(page, 1, alts);
});

test('the slideshow can be paused and played again', async ({ page }) => {
  const alts = await openGalleryWithStoppedClock(page);
  const carousel = carouselOf(page);
  await carousel.getByRole('button', { name: 'Pause the photos' }).click();
  await page.clock.runFor(3 * AUTOPLAY_MS);
  await expectPhoto(page, 1, alts);
  // Paused, it still answers the visitor, and stays where they put it.
  await carousel.getByRole('button', { name: 'Show photo 3' }).click();
  await page.clock.runFor(2 * AUTOPLAY_MS);
  await expectPhoto(page, 3, alts);
  await carousel.getByRole('button', { name: 'Play the photos' }).click();
  await expect(carousel.getByRole('button', { name: 'Pause the photos' })).toBeVisible();
  await page.clock.runFor(AUTOPLAY_MS);
  await expectPhoto(page, 4, alts);
});

test('a visitor who asks for less motion gets the photos at rest, changing without a fade, with the controls', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const alts = await openGalleryWithStoppedClock(page);
  const carousel = carouselOf(page);
  await expect(carousel.getByRole('button', { name: 'Play the photos' })).toBeVisible();
  await page.clock.runFor(3 * AUTOPLAY_MS);
  await expectPhoto(page, 1, alts);
  const fades = await countFades(page);
  await carousel.getByRole('button', { name: 'Next photo' }).click();
  await expectPhoto(page, 2, alts);
  // A fade would have begun by now (the other test sees it within a frame); the photo is there at once.
  await page.waitForTimeout(500);
  expect(await fades()).toBe(0);
  await page.clock.runFor(3 * AUTOPLAY_MS);
  await expectPhoto(page, 2, alts);
});

test("Swiper's code and styles load on the gallery, which has a carousel, and not on the home page", async ({ page }) => {
  const swiperFiles: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/(swiper|carouselSwiper)-[\w-]+\.(js|css)$/.test(path)) swiperFiles.push(path);
  });
  await page.goto('/');
  await waitForHydration(page);
  await waitForShell(page);
  await page.waitForLoadState('networkidle');
  expect(swiperFiles).toEqual([]);

  await page.getByRole('link', { name: 'Gallery' }).first().click();
  await expect(carouselOf(page).getByRole('button', { name: 'Show photo 1' })).toBeVisible();
  expect(swiperFiles.some((path) => path.endsWith('.js'))).toBe(true);
  expect(swiperFiles.some((path) => path.endsWith('.css'))).toBe(true);
});

test('an external call to action opens in a new tab that cannot reach back', async ({ page, context }) => {
  await context.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Map</title><h1>Map</h1>' }));
  await page.goto('/gallery');
  // A tap before the app has run is tapBeforeHydration.spec.ts's; this one is about the tab it opens.
  await waitForHydration(page);
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
    if (request.resourceType() === 'image' && /\.(avif|webp)$/.test(request.url())) photos.push(new URL(request.url()).pathname);
  });
  await page.goto('/gallery');
  const copy = (width: number) => `/media/${tablePhoto.mediaId}-${width}.avif`;
  await expect(page.locator('head > link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveAttribute('href', copy(640));
  await expect(carouselOf(page)).toBeVisible();
  const firstPhoto = carouselOf(page).getByRole('img').first();
  await expect(firstPhoto).toHaveAttribute('src', `/media/${tablePhoto.mediaId}-640.webp`);
  // A 390-pixel screen at 1× shows the photo 358 pixels wide: the 640-pixel copy, never a narrower one to be replaced.
  await expect.poll(() => firstPhoto.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toBe(copy(640));
  expect(asked).toEqual([]);
  expect(photos[0]).toBe(copy(640));
  expect(photos).not.toContain(copy(160));
  // The preloaded AVIF is the copy shown: no WebP of any slide is fetched as well.
  expect(photos.filter((photo) => photo.endsWith('.webp'))).toEqual([]);
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
