import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_BUILD_RELOAD_SCRIPT } from '../../src/domain/newBuildReload';
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

/** The app's module scripts, as index.html names them. */
function moduleScripts(document: Document): string[] {
  return [...document.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src') ?? '');
}

/** The router's scripts at the end of the root: the dehydrated matches the browser hydrates from. */
function routerScripts(rootElement: HTMLElement): HTMLScriptElement[] {
  return [...rootElement.querySelectorAll('script')].filter((script) => (script.textContent ?? '').includes('$_TSR'));
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

describe('the server renders the public pages for the browser to hydrate', () => {
  it("at /: the restaurant's name as the heading and the two main actions, live controls with the router's dehydrated matches", async () => {
    const restaurant = await server.repositories.restaurant.getCoreData();
    const document = await servedDocument(server, '/');
    const rootElement = rootOf(document);
    // Nothing to wait for before the page is the visitor's: no inert, no hidden tree, no marker for a start script.
    expect(rootElement.getAttributeNames()).toEqual(['id']);
    expect(rootElement.querySelector('h1')?.textContent).toBe(restaurant?.name);
    expect([...rootElement.querySelectorAll('a')].map((link) => link.textContent)).toEqual(expect.arrayContaining(['Order a takeaway', 'Book a table']));
    expect(rootElement.querySelector('header')).not.toBeNull();
    expect(routerScripts(rootElement).length).toBeGreaterThan(0);
  });

  it('names the app in module scripts in the head and preloads the matched routes\' chunks; no start script of its own', async () => {
    const scripts = builtAppScripts();
    // The entry and the chunk of React it imports (vite.config.ts), at least.
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const path of ['/', '/order', '/gallery', '/basket']) {
      const document = await servedDocument(server, path);
      expect(moduleScripts(document), path).toEqual(scripts);
      expect(document.querySelector('script[src="/start-after-paint.js"], [data-carousel-module], [data-prerendered]'), path).toBeNull();
    }
    expect(existsSync(join(builtSite, 'start-after-paint.js'))).toBe(false);
    for (const path of ['/order', '/gallery']) {
      const preloads = [...(await servedDocument(server, path)).head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? '');
      expect(preloads.length, path).toBeGreaterThan(0);
      for (const href of preloads) {
        expect(existsSync(join(builtSite, href)), href).toBe(true);
        // What index.html's scripts load is theirs already.
        expect(scripts, href).not.toContain(href);
      }
    }
  });

  it("lets only this answer's scripts run: a fresh nonce on each, named in the answer's Content-Security-Policy", async () => {
    const nonces = [];
    for (let answer = 0; answer < 2; answer += 1) {
      const response = await server.app.inject({ url: '/order', headers: { accept: 'text/html' } });
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const inline = [...new JSDOM(response.body).window.document.querySelectorAll('script:not([src])')].filter((script) => !script.getAttribute('type')?.includes('json'));
      expect(inline.length).toBeGreaterThan(1);
      for (const script of inline) expect(script.getAttribute('nonce')).toBe(nonce);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('reloads a page whose chunks a deploy replaced: on every page, rendered or not, an inline script before any stylesheet or module script, allowed by its nonce', async () => {
    for (const path of ['/', '/order', '/basket', '/kitchen', '/manage']) {
      const response = await server.app.inject({ url: path, headers: { accept: 'text/html' } });
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const head = new JSDOM(response.body).window.document.head;
      const first = head.querySelector('script, link[rel="stylesheet"], link[rel="modulepreload"]');
      expect(first?.textContent, path).toBe(NEW_BUILD_RELOAD_SCRIPT);
      expect(first?.getAttribute('nonce'), path).toBe(nonce);
    }
  });

  it('at /order: the heading and the menu\'s first dishes, with the menu\'s stylesheets', async () => {
    const restaurant = await server.repositories.restaurant.getCoreData();
    const menu = restaurant && (await server.repositories.menus.getMenu(restaurant.menuId));
    const document = await servedDocument(server, '/order');
    const rootElement = rootOf(document);
    expect(rootElement.querySelector('h1')?.textContent).toBe('Add items to your order');
    const dishHeadings = [...rootElement.querySelectorAll('main h3')].map((heading) => heading.textContent);
    expect(dishHeadings.length, 'dishes in the first paint').toBeGreaterThan(2);
    expect(menu?.categories.flatMap((category) => category.items.map((item) => item.title))).toEqual(expect.arrayContaining(dishHeadings));
    expectBuiltStylesheets(document, '/order');
    // The menu comes once, in the router's dehydrated loader data the browser hydrates from, not again as start data.
    const boot = JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}') as { menu?: unknown; restaurantData?: unknown };
    expect(boot.restaurantData).toBeDefined();
    expect(boot.menu).toBeUndefined();
    const dehydrated = routerScripts(rootElement).map((script) => script.textContent ?? '').join('');
    const firstDish = menu!.categories.flatMap((category) => category.items)[0]!;
    expect(dehydrated.split(`itemId:${firstDish.itemId},`).length - 1).toBe(1);
  });

  it('at /order: each menu category in a Suspense boundary of its own, which React hydrates in slices (docs/first-paint.md)', async () => {
    const restaurant = await server.repositories.restaurant.getCoreData();
    const menu = restaurant && (await server.repositories.menus.getMenu(restaurant.menuId));
    const rootElement = rootOf(await servedDocument(server, '/order'));
    const sections = [...rootElement.querySelectorAll('section[id^="menu-category-"]')];
    expect(sections).toHaveLength(menu!.categories.length);
    // React writes a boundary it rendered as the comments `$` and `/$` around its content.
    const COMMENT_NODE = 8;
    for (const section of sections) {
      expect(section.previousSibling?.nodeType, section.id).toBe(COMMENT_NODE);
      expect(section.previousSibling?.nodeValue, section.id).toBe('$');
      expect(section.nextSibling?.nodeValue, section.id).toBe('/$');
    }
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
    expect(rootElement.querySelector('h1')?.textContent).toBe(gallery?.title || 'Gallery');
    // The photo's preload is the head's alone, not React's in the root.
    expect(rootElement.querySelectorAll('link')).toHaveLength(0);
    const firstPhoto = rootElement.querySelector('main img');
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(firstPhoto?.getAttribute('src')?.replace(/\.webp$/, '.avif'));
    expect(preload?.getAttribute('imagesrcset')).toBe(rootElement.querySelector('main picture source[type="image/avif"]')?.getAttribute('srcset'));
    expect(firstPhoto?.getAttribute('fetchpriority')).toBe('high');
    expectBuiltStylesheets(document, '/gallery');
  });

  it('at the other public pages that show the same to every visitor', async () => {
    for (const path of ['/restaurant', '/booking', '/dine-at-home', '/apps', '/contact', '/privacy']) {
      const rootElement = rootOf(await servedDocument(server, path));
      expect(routerScripts(rootElement).length, path).toBeGreaterThan(0);
      expect(rootElement.querySelector('main h1')?.textContent, path).toBeTruthy();
    }
  });

  it('not where the page is the device\'s own from the start: the root stays empty for the browser to render', async () => {
    for (const path of ['/basket', '/track', '/login', '/account', '/kitchen', '/no-such-page']) {
      expect(rootOf(await servedDocument(server, path)).innerHTML, path).toBe('');
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

  it('leaves the root empty for the browser to render, and is logged', async () => {
    const document = await servedDocument(failing, '/');
    expect(rootOf(document).innerHTML).toBe('');
    expect(document.getElementById('boot-data')).not.toBeNull();
    expect(moduleScripts(document)).toEqual(builtAppScripts());
    expect(logged.some((line) => line.includes('broken first paint'))).toBe(true);
  });

  it('opens a server-rendered public page in the browsing context group it is reached from: no opener policy, which would start a cold renderer', async () => {
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
