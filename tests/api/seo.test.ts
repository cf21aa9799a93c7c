import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { penceToPounds } from '../../src/domain/money';
import { ConfigurationError, loadConfig } from '../../src/server/config';
import { normalisePath } from '../../src/domain/paths';
import { tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { jsonLdElement, restaurantStructuredData } from '../../src/server/seo/structuredData';
import { titleAt as titleFor } from '../../src/server/seo/routeFacts';
import { buildInjectedApp, type InjectedApp } from './injectedApp';
import { identification } from './orderingServer';

// jsdom has no type declarations here; only its parser is used, through this much of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

const root = resolve(import.meta.dirname, '../..');
const publicUrl = 'https://www.golden-dragon.example';

let server: InjectedApp;
let siteRoot: string;

beforeAll(async () => {
  // The site's own index.html, with its generic title and description, as the build copies it.
  siteRoot = mkdtempSync(join(tmpdir(), 'seo-site-'));
  copyFileSync(join(root, 'index.html'), join(siteRoot, 'index.html'));
  server = await buildInjectedApp({ config: { publicUrl, siteRoot } });
});

afterAll(async () => {
  await server?.close();
  rmSync(siteRoot, { recursive: true, force: true });
});

describe('PUBLIC_URL', () => {
  it('is the origin whole URLs are written with: localhost at the port by default', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://www.Golden-Dragon.example/' }).publicUrl).toBe('https://www.golden-dragon.example');
  });

  it('refuses what is not an http(s) origin', () => {
    for (const value of ['www.golden-dragon.example', 'ftp://golden-dragon.example', 'https://golden-dragon.example/shop', 'https://golden-dragon.example/?a=1']) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(ConfigurationError);
    }
  });
});

// ---- The served HTML ----

async function servedDocument(path: string): Promise<Document> {
  const response = await server.app.inject({ url: path, headers: { accept: 'text/html,application/xhtml+xml' } });
  expect(response.statusCode, path).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  return new JSDOM(response.body).window.document;
}

/** The one element's content: two (index.html's generic one left beside the page's own) would be a failure. */
function metaContent(document: Document, attribute: 'name' | 'property', key: string): string | undefined {
  const elements = [...document.head.querySelectorAll(`meta[${attribute}="${key}"]`)];
  expect(elements.length, `${key} at most once`).toBeLessThanOrEqual(1);
  return elements[0]?.getAttribute('content') ?? undefined;
}

function canonicalOf(document: Document): string | undefined {
  return document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined;
}

function structuredData(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((element) => JSON.parse(element.textContent ?? ''));
}

// ---- A checker for the schema.org types used: each property of the type, its value's type, and the required ones ----

type Check = (value: unknown, at: string) => string[];

const text: Check = (value, at) => (typeof value === 'string' && value.trim() !== '' ? [] : [`${at}: expected text, got ${JSON.stringify(value)}`]);
const matching =
  (pattern: RegExp, what: string): Check =>
  (value, at) =>
    typeof value === 'string' && pattern.test(value) ? [] : [`${at}: expected ${what}, got ${JSON.stringify(value)}`];
const absoluteUrl = matching(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'an absolute URL');
/** schema.org's DayOfWeek members, by JavaScript's day number as the database keeps it (0 Sunday). */
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const dayOfWeek = matching(new RegExp(`^https://schema\\.org/(${WEEKDAY_NAMES.join('|')})$`), 'a schema.org DayOfWeek');
const restrictedDiet = matching(
  /^https:\/\/schema\.org\/(DiabeticDiet|GlutenFreeDiet|HalalDiet|HinduDiet|KosherDiet|LowCalorieDiet|LowFatDiet|LowLactoseDiet|LowSaltDiet|VeganDiet|VegetarianDiet)$/,
  'a schema.org RestrictedDiet',
);
// schema.org's Time, as Google reads opening hours: hh:mm[:ss].
const time = matching(/^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$/, 'a time hh:mm');
// schema.org's price: digits with a full stop for decimals, never a currency sign; GBP in pence, so two decimals.
const price = matching(/^[0-9]+\.[0-9]{2}$/, 'a price with two decimals');
const countryCode = matching(/^[A-Z]{2}$/, 'an ISO 3166-1 country code');
const oneOf =
  (...checks: Check[]): Check =>
  (value, at) => {
    const results = checks.map((check) => check(value, at));
    return results.some((problems) => problems.length === 0) ? [] : results.flat();
  };
const listOf =
  (check: Check): Check =>
  (value, at) =>
    Array.isArray(value) && value.length > 0 ? value.flatMap((item, index) => check(item, `${at}[${index}]`)) : check(value, at);
type SchemaTypeName = 'Restaurant' | 'PostalAddress' | 'OpeningHoursSpecification' | 'Menu' | 'MenuSection' | 'MenuItem' | 'Offer';

const thing =
  (type: SchemaTypeName): Check =>
  (value, at) =>
    checkThing(value, at, type);

interface SchemaType {
  required: string[];
  properties: Record<string, Check>;
}

/** The properties this site uses, as schema.org defines them on each type (or a type it inherits from). */
const SCHEMA_ORG_TYPES: Record<SchemaTypeName, SchemaType> = {
  Restaurant: {
    required: ['name', 'address', 'telephone', 'openingHoursSpecification', 'servesCuisine', 'url', 'hasMenu'],
    properties: {
      '@id': absoluteUrl,
      name: text,
      description: text,
      url: absoluteUrl,
      telephone: text,
      email: text,
      address: (value, at) => thing('PostalAddress')(value, at),
      openingHoursSpecification: (value, at) => listOf(thing('OpeningHoursSpecification'))(value, at),
      servesCuisine: listOf(text),
      hasMenu: (value, at) => oneOf(absoluteUrl, text, thing('Menu'))(value, at),
    },
  },
  PostalAddress: {
    required: ['streetAddress', 'addressLocality', 'postalCode', 'addressCountry'],
    properties: { streetAddress: text, addressLocality: text, addressRegion: text, postalCode: text, addressCountry: countryCode },
  },
  OpeningHoursSpecification: {
    required: ['dayOfWeek', 'opens', 'closes'],
    properties: { dayOfWeek: listOf(dayOfWeek), opens: time, closes: time },
  },
  Menu: {
    required: ['name', 'hasMenuSection'],
    properties: {
      '@id': absoluteUrl,
      name: text,
      url: absoluteUrl,
      inLanguage: text,
      hasMenuSection: (value, at) => listOf(thing('MenuSection'))(value, at),
    },
  },
  MenuSection: {
    required: ['name', 'hasMenuItem'],
    properties: { name: text, description: text, hasMenuItem: (value, at) => listOf(thing('MenuItem'))(value, at) },
  },
  MenuItem: {
    required: ['name', 'offers'],
    properties: {
      name: text,
      description: text,
      suitableForDiet: listOf(restrictedDiet),
      offers: (value, at) => thing('Offer')(value, at),
    },
  },
  Offer: {
    required: ['price', 'priceCurrency'],
    properties: { price, priceCurrency: matching(/^GBP$/, 'GBP') },
  },
};

function checkThing(value: unknown, at: string, expectedType: SchemaTypeName): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: expected a ${expectedType}`];
  const { '@type': type, '@context': context, ...properties } = value as Record<string, unknown>;
  if (type !== expectedType) return [`${at}: expected @type ${expectedType}, got ${JSON.stringify(type)}`];
  if (context !== undefined && context !== 'https://schema.org') return [`${at}: @context ${JSON.stringify(context)}`];
  const schema = SCHEMA_ORG_TYPES[expectedType];
  const missing = schema.required.filter((name) => properties[name] === undefined).map((name) => `${at}.${name}: required`);
  const wrong = Object.entries(properties).flatMap(([name, propertyValue]) => {
    const check = schema.properties[name];
    return check ? check(propertyValue, `${at}.${name}`) : [`${at}.${name}: not a property of ${expectedType} used here`];
  });
  return [...missing, ...wrong];
}

/** The top-level items, each of its declared type, with the schema.org context. */
function schemaOrgProblems(items: Record<string, unknown>[]): string[] {
  return items.flatMap((item, index) => {
    const type = String(item['@type']);
    if (item['@context'] !== 'https://schema.org') return [`item ${index}: no schema.org @context`];
    return type in SCHEMA_ORG_TYPES ? checkThing(item, type, type as SchemaTypeName) : [`item ${index}: unexpected @type ${type}`];
  });
}

// ---- The database's own facts, read without the server's repositories ----

async function restaurantRow() {
  return server.database.db.selectFrom('restaurant').selectAll().executeTakeFirstOrThrow();
}

describe('the schema.org checker', () => {
  it('refuses what search engines would not read as the types used', () => {
    const hours = { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Mon', opens: '5pm', closes: '23:30' };
    const item = { '@type': 'MenuItem', name: 'Dim sum', offers: { '@type': 'Offer', price: 8.5, priceCurrency: '£' } };
    const menu = { '@context': 'https://schema.org', '@type': 'Menu', name: 'Menu', hasMenuSection: [{ '@type': 'MenuSection', name: 'Starters', hasMenuItem: [item] }] };
    const restaurant = { '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Golden Dragon', openingHoursSpecification: [hours], rating: 5 };
    expect(schemaOrgProblems([menu, restaurant])).toEqual([
      'Menu.hasMenuSection[0].hasMenuItem[0].offers.price: expected a price with two decimals, got 8.5',
      'Menu.hasMenuSection[0].hasMenuItem[0].offers.priceCurrency: expected GBP, got "£"',
      'Restaurant.address: required',
      'Restaurant.telephone: required',
      'Restaurant.servesCuisine: required',
      'Restaurant.url: required',
      'Restaurant.hasMenu: required',
      'Restaurant.openingHoursSpecification[0].dayOfWeek: expected a schema.org DayOfWeek, got "Mon"',
      'Restaurant.openingHoursSpecification[0].opens: expected a time hh:mm, got "5pm"',
      'Restaurant.rating: not a property of Restaurant used here',
    ]);
  });
});

describe('the served HTML of the public pages', () => {
  it('/ carries its title, description, canonical URL, Open Graph and the Restaurant with the database’s address, phone and hours', async () => {
    const document = await servedDocument('/');
    const restaurant = await restaurantRow();
    expect(document.title).toBe(titleFor('/', restaurant.trading_name));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    const description = metaContent(document, 'name', 'description')!;
    expect(description).not.toBe('Order Chinese takeaway for collection or delivery');
    for (const fact of [restaurant.trading_name, restaurant.town, restaurant.phone]) expect(description).toContain(fact);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(canonicalOf(document)).toBe(`${publicUrl}/`);
    expect(metaContent(document, 'name', 'robots')).toBeUndefined();
    expect({
      type: metaContent(document, 'property', 'og:type'),
      title: metaContent(document, 'property', 'og:title'),
      description: metaContent(document, 'property', 'og:description'),
      url: metaContent(document, 'property', 'og:url'),
      siteName: metaContent(document, 'property', 'og:site_name'),
      locale: metaContent(document, 'property', 'og:locale'),
      card: metaContent(document, 'name', 'twitter:card'),
    }).toEqual({
      type: 'website',
      title: document.title,
      description,
      url: `${publicUrl}/`,
      siteName: restaurant.trading_name,
      locale: 'en_GB',
      // The demo restaurant's own photo (tests/api/shareImages.test.ts).
      card: 'summary_large_image',
    });

    const items = structuredData(document);
    expect(schemaOrgProblems(items)).toEqual([]);
    expect(items).toHaveLength(1);
    const [described] = items as [Record<string, any>];
    const periods = await server.database.db.selectFrom('opening_periods').selectAll().orderBy('day').orderBy('opens').execute();
    expect(periods.length).toBeGreaterThan(0);
    expect(described).toMatchObject({
      '@type': 'Restaurant',
      name: restaurant.trading_name,
      telephone: restaurant.phone,
      url: `${publicUrl}/`,
      hasMenu: `${publicUrl}/order`,
      servesCuisine: 'Chinese',
      address: {
        streetAddress: `${restaurant.address1}, ${restaurant.address2}`,
        addressLocality: restaurant.town,
        addressRegion: restaurant.county,
        postalCode: restaurant.post_code,
        addressCountry: 'GB',
      },
    });
    expect(described.openingHoursSpecification).toEqual(
      periods.map((period) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[period.day]}`,
        opens: period.opens,
        closes: period.closes,
      })),
    );
  });

  it('/home is the same page as /, and /restaurant carries the Restaurant under its own title', async () => {
    const home = await servedDocument('/home');
    expect(canonicalOf(home)).toBe(`${publicUrl}/`);
    const restaurant = await servedDocument('/restaurant');
    const { trading_name: name, address1, post_code: postCode } = await restaurantRow();
    expect(restaurant.title).toBe(titleFor('/restaurant', name));
    expect(metaContent(restaurant, 'property', 'og:title')).toBe(restaurant.title);
    expect(metaContent(restaurant, 'name', 'description')).toContain(`${address1}`);
    expect(metaContent(restaurant, 'name', 'description')).toContain(postCode);
    expect(canonicalOf(restaurant)).toBe(`${publicUrl}/restaurant`);
    for (const document of [home, restaurant]) {
      expect(schemaOrgProblems(structuredData(document))).toEqual([]);
      expect(structuredData(document)).toEqual(structuredData(await servedDocument('/')));
    }
  });

  it('/order carries the Menu: every available dish in its section at the database’s price in GBP, and no unavailable one', async () => {
    const document = await servedDocument('/order');
    const { trading_name: name, menu_id: menuId } = await restaurantRow();
    expect(document.title).toBe(titleFor('/order', name));
    expect(canonicalOf(document)).toBe(`${publicUrl}/order`);
    const items = structuredData(document);
    expect(schemaOrgProblems(items)).toEqual([]);
    expect(items.map((item) => item['@type'])).toEqual(['Menu']);

    const dishes = await server.database.db
      .selectFrom('menu_items')
      .innerJoin('menu_categories', 'menu_categories.category_id', 'menu_items.category_id')
      .select(['menu_categories.name as section', 'menu_items.title', 'menu_items.item_cost', 'menu_items.available'])
      .where('menu_categories.menu_id', '=', menuId)
      .execute();
    expect(dishes.some((dish) => dish.available === 0), 'the demo menu has a dish that is not available').toBe(true);
    const offered = (items[0].hasMenuSection as { name: string; hasMenuItem: { name: string; offers: { price: string } }[] }[]).flatMap(
      (section) => section.hasMenuItem.map((item) => ({ section: section.name, title: item.name, price: item.offers.price })),
    );
    const available = dishes
      .filter((dish) => dish.available === 1)
      .map((dish) => ({ section: dish.section, title: dish.title, price: penceToPounds(dish.item_cost).toFixed(2) }));
    expect(offered).toHaveLength(available.length);
    expect(offered).toEqual(expect.arrayContaining(available));
  });

  it('a restaurant’s page is described by its opening words, and the gallery’s first photo is its Open Graph image', async () => {
    const privacy = await servedDocument('/privacy');
    const page = await server.database.db.selectFrom('pages').select('content').where('page_name', '=', 'privacy').executeTakeFirstOrThrow();
    const openingWords = (JSON.stringify(JSON.parse(page.content)).match(/"content":\["([^"]+)"/) ?? [])[1];
    expect(openingWords).toBeDefined();
    expect(openingWords!.startsWith(metaContent(privacy, 'name', 'description')!.replace(/…$/, ''))).toBe(true);
    expect(canonicalOf(privacy)).toBe(`${publicUrl}/privacy`);
    expect(structuredData(privacy)).toEqual([]);

    const gallery = await servedDocument('/gallery');
    expect(metaContent(gallery, 'property', 'og:image')).toBe(`${publicUrl}/media/${tablePhoto.mediaId}-share.jpg`);
    expect(metaContent(gallery, 'property', 'og:image:alt')).toBe(tablePhoto.alt);
    expect(metaContent(gallery, 'name', 'twitter:card')).toBe('summary_large_image');
  });

  it('a private page or a path that is no page says noindex and names no canonical URL', async () => {
    for (const path of ['/basket', '/account', '/kitchen', '/no-such-page']) {
      const document = await servedDocument(path);
      expect(metaContent(document, 'name', 'robots'), path).toBe('noindex');
      expect(canonicalOf(document), path).toBeUndefined();
      expect(metaContent(document, 'name', 'description'), path).toBeTruthy();
    }
  });

  it('no text of the restaurant’s can end the JSON-LD element', async () => {
    const restaurant = (await server.repositories.restaurant.getCoreData())!;
    const tagline = 'Cantonese </script><script>alert(1)</script>';
    const element = jsonLdElement(restaurantStructuredData({ ...restaurant, tagline }, publicUrl));
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const parsed = new JSDOM(element).window.document.querySelector('script[type="application/ld+json"]')!.textContent!;
    expect(JSON.parse(parsed).description).toBe(tagline);
  });
});

/** SPEC §2's list of the paths the app may start from without going through `/`; '' is the bare origin. */
const PUBLIC_PATHS = [
  '', '/', '/home', '/order', '/booking', '/contact', '/track', '/restaurant', '/updateRequired', '/fix-issue',
  '/privacy', '/cookies', '/terms', '/about-us', '/apps', '/dine-at-home', '/login', '/register', '/gallery',
];

// ---- Pages for every client ----

/** SPEC §2's public routes, as it writes them. */
const SPEC_PUBLIC_ROUTES = [
  '/', '/home', '/restaurant', '/apps', '/gallery', '/dine-at-home', '/booking', '/order', '/contact', '/track', '/updateRequired',
  '/fix-issue', '/privacy', '/cookies', '/terms', '/about-us', '/login', '/register', '/forgotPassword', '/forgotpassword',
  '/confirmAccount', '/sorry',
];

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** Clients that read a page without asking for HTML first: curl, and the link previewers of the apps a link is shared in. */
const OTHER_CLIENTS: { client: string; headers: Record<string, string> }[] = [
  { client: 'Accept: */*', headers: { accept: '*/*' } },
  { client: 'no Accept header', headers: {} },
  { client: "Facebook's previewer", headers: { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' } },
  { client: "WhatsApp's previewer", headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } },
  { client: "Slack's previewer", headers: { accept: '*/*', 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } },
  { client: "X's previewer", headers: { accept: '*/*', 'user-agent': 'Twitterbot/1.0' } },
  { client: 'a client asking for JSON', headers: { accept: 'application/json' } },
];

const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');

describe('pages for every client', () => {
  it('every public page and every page of the restaurant’s answers its HTML with its Open Graph tags to every client, as a browser gets it', async () => {
    const pageNames = await server.database.db.selectFrom('pages').select('page_name').execute();
    const storedPages = pageNames.map(({ page_name: name }) => `/${name.toLowerCase()}`);
    expect(storedPages).toEqual(expect.arrayContaining(['/about-us', '/privacy', '/allergens']));
    // A path that is no page is the splash, for every client as for a browser.
    const paths = [...new Set([...SPEC_PUBLIC_ROUTES, ...PUBLIC_PATHS.filter((path) => path !== ''), ...storedPages, '/no-such-page'])];
    for (const path of paths) {
      const browser = await server.app.inject({ url: path, headers: { accept: BROWSER_ACCEPT } });
      expect(browser.statusCode, path).toBe(200);
      const document = new JSDOM(browser.body).window.document;
      const openGraph = Object.fromEntries(['og:title', 'og:description', 'og:url', 'og:type'].map((key) => [key, metaContent(document, 'property', key)]));
      expect(openGraph, path).toEqual({
        'og:title': document.title,
        'og:description': metaContent(document, 'name', 'description'),
        'og:url': `${publicUrl}${normalisePath(path) === '/home' ? '/' : normalisePath(path)}`,
        'og:type': 'website',
      });
      for (const { client, headers } of OTHER_CLIENTS) {
        const response = await server.app.inject({ url: path, headers });
        expect(response.statusCode, `${path} to ${client}`).toBe(200);
        expect(response.headers['content-type'], `${path} to ${client}`).toBe('text/html; charset=utf-8');
        // The same page, but for the nonce of its inline scripts, which is new in every answer (and in its CSP header).
        expect(withoutNonces(response.body), `${path} to ${client}`).toBe(withoutNonces(browser.body));
      }
      const head = await server.app.inject({ method: 'HEAD', url: path });
      expect([head.statusCode, head.headers['content-type']], `HEAD ${path}`).toEqual([200, 'text/html; charset=utf-8']);
    }
  });

  it('only /api answers JSON: an API call and an unknown API route answer JSON to every client; a missing file is a plain 404', async () => {
    for (const { client, headers } of [{ client: 'a browser', headers: { accept: BROWSER_ACCEPT } }, ...OTHER_CLIENTS]) {
      const call = await server.app.inject({ url: '/api/restaurant/coreRestaurantData', headers: { ...identification, ...headers } });
      expect([call.statusCode, call.headers['content-type']], `an API call from ${client}`).toEqual([200, 'application/json; charset=utf-8']);
      expect(call.json().data.restaurantData.name).toBeTruthy();
      const unknown = await server.app.inject({ url: '/api/no/such/route', headers: { ...identification, ...headers } });
      expect([unknown.statusCode, unknown.json()], `an unknown API route from ${client}`).toEqual([404, { errorMessage: 'Route does not exist', validationErrors: [] }]);
      for (const file of ['/logo.png', '/assets/missing-1234.js']) {
        const missing = await server.app.inject({ url: file, headers });
        expect([missing.statusCode, missing.headers['content-type']], `${file} from ${client}`).toEqual([404, 'text/plain; charset=utf-8']);
      }
    }
    for (const [path, type] of [['/robots.txt', 'text/plain; charset=utf-8'], ['/sitemap.xml', 'application/xml; charset=utf-8']]) {
      expect((await server.app.inject({ url: path, headers: { accept: '*/*' } })).headers['content-type'], path).toBe(type);
    }
  });

  it('a page is not there to be posted to: a POST to a page path is a plain 404, not the page', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/order', headers: { accept: '*/*' } });
    expect([response.statusCode, response.headers['content-type']]).toEqual([404, 'text/plain; charset=utf-8']);
  });
});

// ---- robots.txt and sitemap.xml ----

async function served(path: string, contentType: string): Promise<string> {
  const response = await server.app.inject({ url: path });
  expect(response.statusCode, path).toBe(200);
  expect(response.headers['content-type']).toBe(contentType);
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.body;
}

/** RFC 9309: the longest matching rule wins, and Allow wins a tie. */
function allowedByRobots(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .flatMap((match) => (match ? [{ allow: match[1] === 'Allow', prefix: match[2] }] : []))
    .filter((rule) => path.startsWith(rule.prefix))
    .sort((first, second) => second.prefix.length - first.prefix.length || Number(second.allow) - Number(first.allow));
  return rules[0]?.allow ?? true;
}

/** Every route the app defines (src/routes), as a path: layouts and the restaurant's pages' `$page` left out. */
function appRoutePaths(): string[] {
  return readdirSync(join(root, 'src/routes'))
    .map((file) => file.replace(/\.tsx$/, ''))
    .filter((name) => !name.startsWith('__') && name !== '$page' && !/^_[^.]+$/.test(name))
    .map((name) => (name === 'index' ? '/' : `/${name.split('.').filter((segment) => !segment.startsWith('_')).map((segment) => segment.replace(/_$/, '')).join('/')}`));
}

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the API, the kitchen, the account and the order steps, and names the sitemap', async () => {
    const robots = await served('/robots.txt', 'text/plain; charset=utf-8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    for (const path of ['/api/menu/getMenu/1', '/kitchen', '/kitchen/bookings', '/account', '/updateProfile', '/basket', '/checkout', '/paymentIssue', '/login']) {
      expect(allowedByRobots(robots, path), path).toBe(false);
    }
    for (const path of ['/', '/order', '/restaurant', '/gallery', '/privacy']) expect(allowedByRobots(robots, path), path).toBe(true);
  });

  it('sitemap.xml lists every public page and every page of the restaurant’s, each served with itself as canonical URL', async () => {
    const robots = await served('/robots.txt', 'text/plain; charset=utf-8');
    const sitemap = await served('/sitemap.xml', 'application/xml; charset=utf-8');
    expect(sitemap).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((match) => match[1]);
    const listedPaths = listed.map((url) => url.slice(publicUrl.length));
    expect(listed.every((url) => url.startsWith(`${publicUrl}/`))).toBe(true);
    expect(new Set(listedPaths).size).toBe(listedPaths.length);

    // SPEC §2's public routes, and every route of the app: each is listed, or robots.txt keeps crawlers out of it.
    const sameAsHome = ['', '/home'];
    for (const path of [...PUBLIC_PATHS, ...appRoutePaths()].filter((path) => !sameAsHome.includes(path))) {
      expect(listedPaths.includes(normalisePath(path)) || !allowedByRobots(robots, path), `${path} listed or disallowed`).toBe(true);
    }
    for (const path of ['/', '/restaurant', '/order', '/gallery', '/booking', '/dine-at-home', '/apps']) expect(listedPaths).toContain(path);
    const pageNames = await server.database.db.selectFrom('pages').select('page_name').execute();
    expect(pageNames.map((page) => page.page_name)).toContain('allergens');
    for (const { page_name: pageName } of pageNames) expect(listedPaths).toContain(`/${pageName.toLowerCase()}`);

    for (const path of listedPaths) {
      expect(allowedByRobots(robots, path), path).toBe(true);
      expect(canonicalOf(await servedDocument(path)), path).toBe(`${publicUrl}${path}`);
    }
  });
});
