import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogOutput } from '../../src/server/logging';
import { buildInjectedApp, type InjectedApp } from './injectedApp';

// jsdom has no type declarations here; only its parser is used, through this much of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

const root = resolve(import.meta.dirname, '../..');
const builtSite = join(root, 'dist', 'site');

let server: InjectedApp;

beforeAll(async () => {
  // The first paint is the build's (dist/prerender beside dist/site), so that its class names and stylesheets are the site's.
  execFileSync(process.execPath, ['-e', "import('./scripts/build-if-needed.mjs').then((build) => build.buildSiteIfNeeded())"], { cwd: root, stdio: 'inherit' });
  server = await buildInjectedApp({ config: { siteRoot: builtSite } });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

async function servedDocument(app: InjectedApp, path: string): Promise<Document> {
  const response = await app.app.inject({ url: path, headers: { accept: 'text/html' } });
  expect(response.statusCode, path).toBe(200);
  return new JSDOM(response.body).window.document;
}

function rootOf(document: Document): HTMLElement {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The page has no #root');
  return rootElement;
}

function linkedStylesheets(document: Document): string[] {
  return [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href') ?? '');
}

/** The app's scripts, as index.html names them and the prerendered page hands them to src/start/start-after-paint.js. */
function appScripts(document: Document): { moduleScripts: string[]; afterPaint: string[] } {
  return {
    moduleScripts: [...document.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src') ?? ''),
    afterPaint: [...document.querySelectorAll('script[src="/start-after-paint.js"]')].map((script) => script.getAttribute('data-app') ?? ''),
  };
}

/** The module scripts the build's index.html names: the entry and the chunks it imports. */
function builtAppScripts(): string[] {
  return [...readFileSync(join(builtSite, 'index.html'), 'utf8').matchAll(/<script type="module" crossorigin src="([^"]+)">/g)].map((script) => script[1]);
}

/** The first paint's stylesheets are the build's own files, so that the page is styled before the app runs. */
function expectBuiltStylesheets(document: Document, path: string) {
  const stylesheets = linkedStylesheets(document);
  expect(stylesheets.length, `${path} links its route's stylesheets`).toBeGreaterThan(0);
  for (const href of stylesheets) expect(existsSync(join(builtSite, href)), href).toBe(true);
  // One link per file: a second (the entry's, without index.html's `crossorigin`) was downloaded and applied again.
  expect(stylesheets, `${path} links each stylesheet once`).toEqual([...new Set(stylesheets)]);
}

describe('the served HTML carries the first paint', () => {
  it('at /: the restaurant\'s name as the heading and the two main actions, in a root marked prerendered and inert until start-after-paint.js decides', async () => {
    const restaurant = await server.repositories.restaurant.getCoreData();
    const document = await servedDocument(server, '/');
    const rootElement = rootOf(document);
    expect(rootElement.hasAttribute('data-prerendered')).toBe(true);
    expect(rootElement.hasAttribute('inert')).toBe(true);
    expect(rootElement.getAttribute('aria-hidden')).toBe('true');
    expect(rootElement.querySelector('h1')?.textContent).toBe(restaurant?.name);
    expect([...rootElement.querySelectorAll('a')].map((link) => link.textContent)).toEqual(expect.arrayContaining(['Order a takeaway', 'Book a table']));
    expect(rootElement.querySelector('header')).not.toBeNull();
  });

  it('asks for the app only once painted: its scripts are handed to start-after-paint.js, not module scripts in the head', async () => {
    const scripts = builtAppScripts();
    // The entry and the chunk of React it imports (vite.config.ts), at least.
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const script of scripts) expect(existsSync(join(builtSite, script)), script).toBe(true);
    for (const path of ['/', '/order', '/gallery']) {
      const document = await servedDocument(server, path);
      expect(appScripts(document), path).toEqual({ moduleScripts: [], afterPaint: [scripts.join(' ')] });
      expect(document.querySelector('script[src="/start-after-paint.js"]')?.hasAttribute('defer'), path).toBe(true);
    }
    expect(existsSync(join(builtSite, 'start-after-paint.js'))).toBe(true);
    // Every page keeps the app for the visitor's first touch.
    const startScript = async (path: string) => (await servedDocument(server, path)).querySelector('script[src="/start-after-paint.js"]');
    for (const path of ['/', '/order', '/restaurant', '/gallery']) expect((await startScript(path))?.hasAttribute('data-start-at-once'), path).toBe(false);
    // The app starts at once where the restaurant has turned analytics on: a page is counted when it is shown.
    const withAnalytics = await buildInjectedApp({ config: { siteRoot: builtSite, analyticsMeasurementId: 'G-TEST123' } });
    try {
      const script = (await servedDocument(withAnalytics, '/order')).querySelector('script[src="/start-after-paint.js"]');
      expect(script?.hasAttribute('data-start-at-once')).toBe(true);
    } finally {
      await withAnalytics.close();
    }
    // A page the app draws asks for them at once, as index.html does.
    expect(appScripts(await servedDocument(server, '/basket'))).toEqual({ moduleScripts: scripts, afterPaint: [] });
  });

  it('at /order: the heading and the menu\'s first dishes, with the menu\'s stylesheets', async () => {
    const restaurant = await server.repositories.restaurant.getCoreData();
    const menu = restaurant && (await server.repositories.menus.getMenu(restaurant.menuId));
    const document = await servedDocument(server, '/order');
    const rootElement = rootOf(document);
    expect(rootElement.hasAttribute('inert')).toBe(true);
    expect(rootElement.querySelector('h1')?.textContent).toBe('Add items to your order');
    const dishHeadings = [...rootElement.querySelectorAll('main h3')].map((heading) => heading.textContent);
    expect(dishHeadings.length, 'dishes in the first paint').toBeGreaterThan(2);
    expect(menu?.categories.flatMap((category) => category.items.map((item) => item.title))).toEqual(expect.arrayContaining(dishHeadings));
    expectBuiltStylesheets(document, '/order');
  });

  it("at /order: each dish's menu number and its Chinese name, marked with the script's language", async () => {
    const rootElement = rootOf(await servedDocument(server, '/order'));
    const sweetAndSourPork = [...rootElement.querySelectorAll('main article')].find((card) => card.querySelector('h3')?.textContent === 'Sweet & Sour Pork');
    expect(sweetAndSourPork?.textContent).toMatch(/^40\.Sweet & Sour Pork/);
    const chineseName = [...rootElement.querySelectorAll('[lang="zh-Hans"]')].find((element) => element.textContent === '咕噜肉');
    expect(chineseName, '咕噜肉 inside an element with lang="zh-Hans"').toBeDefined();
  });

  it('at /gallery: the heading and the first photo, with the content pages\' stylesheet', async () => {
    const gallery = await server.repositories.pages.getPage('gallery');
    const document = await servedDocument(server, '/gallery');
    const rootElement = rootOf(document);
    expect(rootElement.hasAttribute('inert')).toBe(true);
    expect(rootElement.querySelector('h1')?.textContent).toBe(gallery?.title || 'Gallery');
    // The photo's preload is the head's alone: React's own, first in the root, would move the place of every element.
    expect(rootElement.querySelectorAll('link')).toHaveLength(0);
    const firstPhoto = rootElement.querySelector('main img');
    expect(firstPhoto?.getAttribute('src')).toBe(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href'));
    expect(firstPhoto?.getAttribute('fetchpriority')).toBe('high');
    expectBuiltStylesheets(document, '/gallery');
  });

  it('at the other public pages that show the same to every visitor', async () => {
    for (const path of ['/restaurant', '/booking', '/dine-at-home', '/apps', '/contact', '/privacy']) {
      const rootElement = rootOf(await servedDocument(server, path));
      expect(rootElement.hasAttribute('data-prerendered'), path).toBe(true);
      expect(rootElement.querySelector('main h1')?.textContent, path).toBeTruthy();
    }
  });

  it('not where the page depends on what the device holds: the root stays empty for the app', async () => {
    for (const path of ['/basket', '/track', '/login', '/account', '/kitchen', '/no-such-page']) {
      const rootElement = rootOf(await servedDocument(server, path));
      expect(rootElement.innerHTML, path).toBe('');
      expect(rootElement.hasAttribute('data-prerendered'), path).toBe(false);
      expect(rootElement.hasAttribute('inert'), path).toBe(false);
      expect(rootElement.hasAttribute('aria-hidden'), path).toBe(false);
    }
  });
});

describe('a first paint that cannot be drawn', () => {
  let failing: InjectedApp;
  let buildDirectory: string;
  const logged: string[] = [];

  beforeAll(async () => {
    buildDirectory = mkdtempSync(join(tmpdir(), 'first-paint-'));
    cpSync(join(builtSite, 'index.html'), join(buildDirectory, 'site', 'index.html'));
    mkdirSync(join(buildDirectory, 'prerender'));
    writeFileSync(join(buildDirectory, 'prerender', 'renderFirstPaint.js'), 'export async function renderFirstPaint() { throw new Error("broken first paint"); }\n');
    const logOutput: LogOutput = { write: (line) => logged.push(line) };
    failing = await buildInjectedApp({ config: { siteRoot: join(buildDirectory, 'site'), logLevel: 'error' }, logOutput });
  });

  afterAll(async () => {
    await failing?.close();
    rmSync(buildDirectory, { recursive: true, force: true });
  });

  it('leaves the root empty for the app, and is logged', async () => {
    const document = await servedDocument(failing, '/');
    expect(rootOf(document).innerHTML).toBe('');
    expect(document.getElementById('boot-data')).not.toBeNull();
    expect(appScripts(document).afterPaint).toEqual([]);
    expect(appScripts(document).moduleScripts).toEqual(builtAppScripts());
    expect(logged.some((line) => line.includes('broken first paint'))).toBe(true);
  });

  it('opens a prerendered public page in the browsing context group it is reached from: no opener policy, which would start a cold renderer', async () => {
    const openerPolicy = async (path: string) =>
      (await server.app.inject({ url: path, headers: { accept: 'text/html' } })).headers['cross-origin-opener-policy'];
    for (const path of ['/', '/order', '/gallery', '/restaurant']) expect(await openerPolicy(path), path).toBeUndefined();
    for (const path of ['/basket', '/account', '/kitchen', '/track', '/api/restaurant/coreRestaurantData']) {
      expect(await openerPolicy(path), path).toBe('same-origin-allow-popups');
    }
  });

  it('counts a visitor who only reads: the served page writes the tracking cookie, rewriting one of another version', async () => {
    const setCookie = async (cookie?: string) =>
      (await server.app.inject({ url: '/order', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })).headers['set-cookie'];
    const written = String(await setCookie());
    expect(written).toMatch(/^takeaway_tracking=[^;]+; Expires=[^;]+; Path=\/; Secure; SameSite=Strict$/);
    const value = JSON.parse(decodeURIComponent(written.split(';')[0].slice('takeaway_tracking='.length))) as { version: string; userId: string };
    expect(value).toEqual({ version: '1', userId: expect.stringMatching(/^[a-z0-9]{20}$/) });
    expect(await setCookie(written.split(';')[0])).toBeUndefined();
    const older = `takeaway_tracking=${encodeURIComponent(JSON.stringify({ version: '0', userId: 'keepthis0id123456789' }))}`;
    expect(decodeURIComponent(String(await setCookie(older)))).toContain('{"version":"1","userId":"keepthis0id123456789"}');
  });
});
