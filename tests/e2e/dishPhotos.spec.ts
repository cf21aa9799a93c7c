import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import sharp from 'sharp';
import { openBackOffice } from './manageSupport';

// A dish's photo (docs/back-office.md, "Photos"): the owner uploads one from a file and publishes; a customer sees it
// on the menu, and the served first paint of /order carries it with srcset, sizes, width and height. It changes what
// every customer sees, so this file forks a server of its own, as manageMenu.spec.ts does.

let server: ClockedServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await forkClockedServer();
});

test.afterAll(async () => {
  await server.stop();
});

async function personOn(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  return context.newPage();
}

const ALT = 'Mixed starter platter with spring rolls and ribs';

test('the owner uploads a dish photo from a file and publishes: a customer sees it with its alt text, served with srcset, sizes, width and height', async ({ browser }) => {
  test.slow();
  const photoFile = join(mkdtempSync(join(tmpdir(), 'dish-photo-')), 'starter.jpg');
  writeFileSync(photoFile, await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 190, g: 80, b: 30 } } }).jpeg().toBuffer());

  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/menu');
  await owner.getByRole('button', { name: 'Edit Mixed Starter for Two' }).click();
  const dish = owner.getByRole('dialog', { name: 'Edit Mixed Starter for Two' });
  await dish.getByLabel('Choose a photo').setInputFiles(photoFile);
  await dish.getByRole('textbox', { name: 'What the new photo shows' }).fill(ALT);
  await dish.getByRole('button', { name: 'Upload photo' }).click();
  await expect(dish.getByRole('img', { name: ALT })).toBeVisible();
  await dish.getByRole('button', { name: 'Done' }).click();

  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  const review = owner.getByRole('dialog', { name: 'Publish the menu?' });
  await expect(review.getByRole('list', { name: 'What will change' })).toContainText('Added a photo of Mixed Starter for Two');
  await review.getByRole('button', { name: 'Publish now' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Published: customers now see menu version' })).toBeVisible();

  const customer = await personOn(browser, { width: 390, height: 844 });
  await customer.goto('/order');
  const photo = customer.getByRole('article', { name: 'Mixed Starter for Two', exact: true }).getByRole('img', { name: ALT });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await customer.screenshot({ path: '/tmp/photos-order-phone.png' });

  const served = await (await fetch(`${server.url}/order`, { headers: { accept: 'text/html' } })).text();
  const image = served.match(new RegExp(`<img[^>]*alt="${ALT}"[^>]*>`))?.[0];
  expect(image, 'the served /order has the dish photo').toBeDefined();
  expect(image).toMatch(/srcSet="[^"]*-160\.webp 160w, [^"]*-320\.webp 320w, [^"]*-640\.webp 640w"/i);
  expect(image).toMatch(/sizes="96px"/);
  expect(image).toMatch(/width="900"/);
  expect(image).toMatch(/height="700"/);
  expect(image).toMatch(/decoding="async"/);
  expect(served).toMatch(/<source type="image\/avif" srcSet="[^"]*\.avif 160w/i);
});

test("the photo field says its limits, and a phone's photo over 10 MB is refused there before any of it is sent", async ({ browser }) => {
  const hugeFile = join(mkdtempSync(join(tmpdir(), 'dish-photo-')), 'camera-roll.jpg');
  writeFileSync(hugeFile, Buffer.alloc(11 * 1024 * 1024, 0xff));

  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/menu');
  await owner.getByRole('button', { name: 'Edit Mixed Starter for Two' }).click();
  const dish = owner.getByRole('dialog', { name: 'Edit Mixed Starter for Two' });
  // The dish has the photo the test above gave it: the owner replaces it.
  const field = dish.getByLabel('Replace the photo');
  await expect(field).toHaveAccessibleDescription('JPEG, PNG, WebP or AVIF, up to 10 MB and 50 megapixels');
  await expect(field).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');

  const uploads: string[] = [];
  owner.on('request', (request) => {
    if (request.url().includes('/api/manage/photos')) uploads.push(request.url());
  });
  await field.setInputFiles(hugeFile);
  await dish.getByRole('textbox', { name: 'What the new photo shows' }).fill(ALT);
  await dish.getByRole('button', { name: 'Upload photo' }).click();
  await expect(field).toHaveAccessibleDescription(/The photo is too large: at most 10 MB/);
  await expect(field).toBeFocused();
  await expect(dish.getByRole('textbox', { name: 'What the new photo shows' })).toHaveValue(ALT);
  expect(uploads).toEqual([]);
});
