import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { forkClockedServer, type ClockedServer } from './clockedServerProcess';
import { openBackOffice } from './manageSupport';

// The owner's pages editor (docs/back-office.md, "Pages"): a gallery slide and an About Us paragraph edited, previewed
// and published, then seen by a visitor on a phone; a <script> typed into a field is shown as text. It changes what
// every visitor sees, so this file forks a server of its own, as manageMenu.spec.ts does.

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
  const page = await context.newPage();
  // A script the owner typed must never run: any alert fails the test.
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
  return page;
}

async function choosePage(owner: Page, label: string) {
  await owner.getByRole('combobox', { name: 'Page to edit' }).selectOption({ label });
  await expect(owner.getByRole('textbox', { name: 'Page title' })).toBeVisible();
}

async function previewAndPublish(owner: Page, address: string, expectations: (preview: ReturnType<Page['getByRole']>) => Promise<void>) {
  await owner.getByRole('button', { name: 'Save draft' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await owner.getByRole('button', { name: 'Preview' }).click();
  const preview = owner.getByRole('region', { name: `Preview of ${address}` });
  await expectations(preview);
  await owner.screenshot({ path: `/tmp/i35p-preview-${address.slice(1)}.png`, fullPage: true });
  await owner.getByRole('button', { name: 'Back to editing' }).click();
  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  const review = owner.getByRole('dialog', { name: 'Publish the page?' });
  await expect(review.getByRole('list', { name: 'What will change' })).toBeVisible();
  await review.getByRole('button', { name: 'Publish now' }).click();
  await expect(owner.getByRole('status').filter({ hasText: `Published: visitors now see the new page at ${address}` })).toBeVisible();
}

const SLIDE_ALT = 'Our dining room set for a family banquet';
const NEW_PHOTO_ALT = 'Char siu roasting in the kitchen';
const PARAGRAPH = 'Three generations of the Wong family now cook here, and our char siu is still roasted every morning.';
const SCRIPT_HEADING = '<script>alert("owned")</script> Cantonese and Peking cooking';

test('the owner edits a gallery slide and an About Us paragraph, previews and publishes them; a visitor sees both, and a typed <script> as text', async ({ browser }) => {
  test.slow();
  const photoFile = join(mkdtempSync(join(tmpdir(), 'page-photo-')), 'char-siu.jpg');
  writeFileSync(photoFile, await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 170, g: 60, b: 30 } } }).jpeg().toBuffer());

  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/pages');
  await owner.screenshot({ path: '/tmp/i35p-editor-start.png' });

  await choosePage(owner, 'Gallery (/gallery)');
  const carousel = owner.getByRole('group', { name: 'Row 2, column 1, block 1: Photo carousel' });
  await carousel.getByRole('textbox', { name: 'What photo 1 shows' }).fill(SLIDE_ALT);
  await carousel.getByLabel('Choose a photo to add').setInputFiles(photoFile);
  await carousel.getByRole('textbox', { name: 'What the new photo shows' }).fill(NEW_PHOTO_ALT);
  await carousel.getByRole('button', { name: 'Upload photo' }).click();
  await expect(carousel.getByRole('textbox', { name: 'What photo 7 shows' })).toHaveValue(NEW_PHOTO_ALT);
  await owner.screenshot({ path: '/tmp/i35p-editor-gallery.png', fullPage: true });
  // The editor of a page with every kind of block open: axe finds nothing.
  const axe = await new AxeBuilder({ page: owner }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await previewAndPublish(owner, '/gallery', async (preview) => {
    await expect(preview.getByRole('img', { name: SLIDE_ALT })).toBeVisible();
  });

  await choosePage(owner, 'About Us (/about-us)');
  await owner.getByRole('group', { name: 'Row 1, column 1, block 1: Text' }).getByRole('textbox', { name: 'Paragraph 2' }).fill(PARAGRAPH);
  await owner.getByRole('group', { name: 'Row 2, column 1, block 1: Text' }).getByRole('textbox', { name: 'Heading' }).fill(SCRIPT_HEADING);
  await previewAndPublish(owner, '/about-us', async (preview) => {
    await expect(preview.getByText(PARAGRAPH)).toBeVisible();
    await expect(preview.getByRole('heading', { name: SCRIPT_HEADING })).toBeVisible();
  });

  // The drafts are published: a visitor on a phone sees both, and the script as the text typed.
  const visitor = await personOn(browser, { width: 390, height: 844 });
  await visitor.goto('/gallery');
  await expect(visitor.getByRole('img', { name: SLIDE_ALT })).toBeVisible();
  await expect(visitor.getByRole('img', { name: NEW_PHOTO_ALT, includeHidden: true })).toHaveCount(1);
  await visitor.screenshot({ path: '/tmp/i35p-visitor-gallery-phone.png', fullPage: true });
  await visitor.goto('/about-us');
  await expect(visitor.getByText(PARAGRAPH)).toBeVisible();
  await expect(visitor.getByRole('heading', { name: SCRIPT_HEADING })).toBeVisible();
  await visitor.screenshot({ path: '/tmp/i35p-visitor-about-phone.png', fullPage: true });

  // The served page carries it as escaped text, never as an element.
  const served = await (await fetch(`${server.url}/about-us`, { headers: { accept: 'text/html' } })).text();
  expect(served).not.toContain('<script>alert("owned")');
});

test('a field refused keeps what was typed, with its message beside it', async ({ browser }) => {
  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/pages');
  await choosePage(owner, 'About Us (/about-us)');
  const button = owner.getByRole('group', { name: 'Row 4, column 1, block 1: Button to a page of this site' });
  await button.getByRole('textbox', { name: 'Button link' }).fill('javascript:alert(1)');
  await owner.getByRole('textbox', { name: 'Page title' }).fill('About the Wong family');
  await owner.getByRole('button', { name: 'Save draft' }).click();
  await expect(owner.getByRole('alert').filter({ hasText: 'Some fields need attention: nothing was saved.' })).toBeVisible();
  const link = button.getByRole('textbox', { name: 'Button link' });
  await expect(link).toHaveValue('javascript:alert(1)');
  await expect(link).toHaveAccessibleDescription(/must be a page of this site, starting with \//);
  await expect(owner.getByRole('textbox', { name: 'Page title' })).toHaveValue('About the Wong family');
  await owner.screenshot({ path: '/tmp/i35p-editor-refused.png' });
  const visitor = await personOn(browser, { width: 390, height: 844 });
  await visitor.goto('/about-us');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('About Us');
});

test("the owner chooses the home page's signature dishes there, through the menu's draft and publish", async ({ browser }) => {
  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/pages');
  await owner.getByRole('combobox', { name: 'Page to edit' }).selectOption({ label: 'Home page: signature dishes (/)' });
  const highlights = owner.getByRole('region', { name: 'Home page: signature dishes' });
  await highlights.getByRole('checkbox', { name: 'Char Siu Curry' }).check();
  await highlights.getByRole('checkbox', { name: 'Crispy Aromatic Duck' }).uncheck();
  await owner.screenshot({ path: '/tmp/i35p-home-highlights.png', fullPage: true });
  await highlights.getByRole('button', { name: 'Publish signature dishes' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Published: the home page shows the new signature dishes.' })).toBeVisible();

  const visitor = await personOn(browser, { width: 390, height: 844 });
  await visitor.goto('/');
  const signature = visitor.getByRole('region', { name: 'Our signature dishes' });
  await expect(signature.getByRole('heading', { name: 'Char Siu Curry' })).toBeVisible();
  await expect(signature.getByRole('heading', { name: 'Crispy Aromatic Duck' })).toHaveCount(0);

  await owner.goto('/manage/audit');
  await expect(owner.getByText('Highlighted Char Siu Curry on the home page')).toBeVisible();
});

test('the owner removes a page they added, after a question; visitors then find the splash and the sitemap leaves it out', async ({ browser }) => {
  test.slow();
  const owner = await personOn(browser);
  await openBackOffice(owner, '/manage/pages');
  await owner.getByRole('textbox', { name: 'Or add a page at' }).fill('christmas-menu');
  await owner.getByRole('button', { name: 'Add the page' }).click();
  await owner.getByRole('textbox', { name: 'Page title' }).fill('Christmas menu');
  await owner.getByRole('textbox', { name: 'Paragraph 1' }).fill('Book your Christmas banquet by 20 December.');
  await previewAndPublish(owner, '/christmas-menu', async (preview) => {
    await expect(preview.getByRole('heading', { name: 'Christmas menu' })).toBeVisible();
  });
  const visitor = await personOn(browser, { width: 390, height: 844 });
  await visitor.goto('/christmas-menu');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Christmas menu');

  // The site's own pages offer no removal, and say why.
  await choosePage(owner, 'About Us (/about-us)');
  await expect(owner.getByText('you can change them, but not remove them')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Remove page' })).toHaveCount(0);

  await choosePage(owner, 'Christmas menu (/christmas-menu)');
  await owner.getByRole('button', { name: 'Remove page' }).click();
  const question = owner.getByRole('dialog', { name: 'Remove /christmas-menu?' });
  await expect(question).toContainText('Visitors will no longer find this page');
  await question.getByRole('button', { name: 'Keep the page' }).click();
  await expect(question).toBeHidden();
  await owner.getByRole('button', { name: 'Remove page' }).click();
  await owner.screenshot({ path: '/tmp/i35p-remove-question.png' });
  await question.getByRole('button', { name: 'Remove the page' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Removed: /christmas-menu is no longer on the site.' })).toBeVisible();
  await expect(owner.getByRole('combobox', { name: 'Page to edit' }).getByRole('option', { name: /christmas-menu/ })).toHaveCount(0);
  await owner.screenshot({ path: '/tmp/i35p-removed.png' });

  await visitor.goto('/christmas-menu');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This page is not on our menu');
  expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain('/christmas-menu');
  await owner.goto('/manage/audit');
  await expect(owner.getByText('Removed the page christmas-menu from the site')).toBeVisible();
});
