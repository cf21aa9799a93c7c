import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBootData, type BootData } from '../../src/domain/bootData';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { createRepositories } from '../../src/server/db/repositories';
import { callIdentityService, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD } from '../../src/server/local/identity/emulator';
import { startServer, type RunningServer } from '../../src/server/main';
import { BOOT_DATA_IN_HTML } from '../e2e/bootDataHtml';

const root = resolve(import.meta.dirname, '../..');
const identification = { 'x-application-key': 'takeaway-web', 'x-site-key': 'demo-site' };
// Without a title or description: the server writes each page's own (src/server/seo/pageHead.ts, tests/api/seo.test.ts).
const indexHtml = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const hashedAssetName = 'index-3f2a1b9c.js';
const hashedAsset = `export const menu = ${JSON.stringify(Array.from({ length: 2000 }, (_, index) => `dish ${index}`))};\n`;
// An asset the build compressed (vite.config.ts writes `.br` and `.gz` beside each): quality 11, which no request pays for.
const preCompressedAssetName = 'ordering-5d8e7f1a.js';
const preCompressedAsset = `export const dishes = ${JSON.stringify(Array.from({ length: 2000 }, (_, index) => `dish ${index * 7}`))};\n`;
const preCompressedBrotli = brotliCompressSync(preCompressedAsset, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });

let server: RunningServer;
let dataDir: string;
let database: AppDatabase;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'api-test-data-'));
  const siteRoot = join(dataDir, 'site');
  mkdirSync(join(siteRoot, 'assets'), { recursive: true });
  writeFileSync(join(siteRoot, 'index.html'), indexHtml);
  writeFileSync(join(siteRoot, 'assets', hashedAssetName), hashedAsset);
  writeFileSync(join(siteRoot, 'assets', preCompressedAssetName), preCompressedAsset);
  writeFileSync(join(siteRoot, 'assets', `${preCompressedAssetName}.br`), preCompressedBrotli);
  server = await startServer(
    {
      port: 0,
      dataDir,
      siteRoot,
      logLevel: 'silent',
      identity: { mode: 'local', emulatorPort: 0, region: 'eu-west-2' },
      payPal: { mode: 'local', fakePort: 0, fakeUrl: undefined },
    },
    {},
  );
  database = await openDatabase({ sqliteFile: join(dataDir, 'takeaway.sqlite') });
});

afterAll(async () => {
  await database?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/api${path}`, { ...init, headers: { ...identification, ...(init.headers ?? {}) } });
}

function postJson(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}

/** Every row of every table, so "wrote nothing" means nothing anywhere. */
function totalRowCount(): number {
  const sqlite = new SqliteDatabase(join(dataDir, 'takeaway.sqlite'), { readonly: true });
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as Array<{ name: string }>;
    return tables.reduce(
      (sum, { name }) => sum + (sqlite.prepare(`select count(*) as count from "${name}"`).get() as { count: number }).count,
      0,
    );
  } finally {
    sqlite.close();
  }
}

describe('read calls answer from the seeded database', () => {
  it('GET /restaurant/coreRestaurantData answers the restaurant', async () => {
    const response = await api('/restaurant/coreRestaurantData');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ data: { restaurantData: await createRepositories(database.db).restaurant.getCoreData() } });
    expect(body.data.restaurantData.name).not.toBe('');
    expect(typeof body.data.restaurantData.onlineOrderingAllowed).toBe('boolean');
  });

  it('GET /pagedata/page/Gallery answers the gallery with every block type', async () => {
    const response = await api('/pagedata/page/Gallery');
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toEqual(await createRepositories(database.db).pages.getPage('Gallery'));
    const blockTypes = new Set(
      data.rows.flatMap((row: { columns: Array<{ contentBlocks: Array<{ contentBlockType: number }> }> }) =>
        row.columns.flatMap((column) => column.contentBlocks.map((block) => block.contentBlockType)),
      ),
    );
    expect([...blockTypes].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it.each(['privacy', 'cookies', 'terms', 'about-us', 'gallery'])('GET /pagedata/page/%s answers the page', async (page) => {
    const response = await api(`/pagedata/page/${page}`);
    expect(response.status).toBe(200);
    expect((await response.json()).data.pageName.toLowerCase()).toBe(page);
  });

  it('an unknown page is 404 "Page not found"', async () => {
    const response = await api('/pagedata/page/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errorMessage: 'Page not found', validationErrors: [] });
  });

  it("GET /menu/getMenu/{menuId} answers the restaurant's menu", async () => {
    const { data } = await (await api('/restaurant/coreRestaurantData')).json();
    const response = await api(`/menu/getMenu/${data.restaurantData.menuId}`);
    expect(response.status).toBe(200);
    const menu = (await response.json()).data;
    expect(menu).toEqual(await createRepositories(database.db).menus.getMenu(data.restaurantData.menuId));
    expect(menu.categories.length).toBeGreaterThan(0);
  });

  it('an unknown menu is 404', async () => {
    const response = await api('/menu/getMenu/999999');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errorMessage: 'Menu not found', validationErrors: [] });
  });

  it('a menu id that is not a number is 400 naming menuId', async () => {
    const response = await api('/menu/getMenu/chips');
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errorMessage).toBeNull();
    expect(body.validationErrors).toContainEqual({ field: 'menuId', message: 'must be a whole number' });
  });
});

describe('identification headers', () => {
  const refused = [
    ['no headers', {}],
    ['no site key', { 'x-application-key': 'takeaway-web' }],
    ['no application key', { 'x-site-key': 'demo-site' }],
    ['a wrong application key', { 'x-application-key': 'someone-else', 'x-site-key': 'demo-site' }],
    ['a wrong site key', { 'x-application-key': 'takeaway-web', 'x-site-key': 'other-site' }],
  ] as const;

  it.each(refused)('a call with %s is 401', async (_case, headers) => {
    const response = await fetch(`${server.url}/api/restaurant/coreRestaurantData`, { headers });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.errorMessage).toEqual(expect.any(String));
    expect(body.validationErrors).toEqual([]);
  });

  it('is checked before anything else: a malformed body or an unknown route without them is 401', async () => {
    const malformed = await fetch(`${server.url}/api/orderbuilder/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"basketId":',
    });
    expect(malformed.status).toBe(401);
    expect((await fetch(`${server.url}/api/no/such/route`)).status).toBe(401);
  });

  it('cannot be dodged by percent-encoding the path', async () => {
    const response = await fetch(`${server.url}/%61pi/restaurant/coreRestaurantData`, {
      headers: { 'x-application-key': 'someone-else', 'x-site-key': 'other-site' },
    });
    expect(response.status).toBe(401);
  });
});

describe('unknown API routes', () => {
  it.each([
    ['GET', '/no/such/route'],
    ['POST', '/orderbuilder/nothing'],
    ['GET', '/orderbuilder/update'],
    ['DELETE', '/menu/getMenu/1'],
  ])('%s /api%s is 404 "Route does not exist"', async (method, path) => {
    const response = await api(path, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errorMessage: 'Route does not exist', validationErrors: [] });
  });
});

describe('body validation happens before any handler and writes nothing', () => {
  const validOrder = {
    basketId: 'b8f2c0d4e6a81b3c5d7e9f1a2b3c4d5e',
    menuVersion: 1,
    sourceType: 'Website',
    os: 'web',
    osVersion: 'Linux',
    appVersion: '1.0.81',
    orderType: 1,
    orderItems: [{ categoryId: 1, itemId: 101, quantity: 2, title: 'Prawn Crackers', itemCost: 2.5, lineCost: 5 }],
    voucherItems: [],
    itemCost: 5,
    deliveryCharge: 0,
    bagCharge: 0.1,
    discount: 0,
    totalCost: 5.1,
    ignoreTimeOffset: false,
    paymentType: 1,
    asapFlag: true,
  };
  const validAccount = { authId: 'f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b', email: 'diner@example.com' };
  // The account calls take a signed-in caller, who is checked before the body is read (tests/api/authorization.test.ts).
  let signedIn: Record<string, string>;
  const callerHeaders = (path: string) => (path.startsWith('/account/') ? signedIn : {});

  beforeAll(async () => {
    const { identity } = await (await fetch(`${server.url}/config.json`)).json();
    const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { IdToken: string } }>(server.identityEmulatorEndpoint!, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: identity.userPoolClientId,
      AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD },
    });
    signedIn = { authorization: `Bearer ${AuthenticationResult.IdToken}` };
  });

  const invalidBodies: Array<[string, string, string, { field: string; message: string }]> = [
    ['a wrong type', '/orderbuilder/update', JSON.stringify({ ...validOrder, menuVersion: '1' }), { field: 'menuVersion', message: 'must be a whole number' }],
    [
      'a wrong type in a line',
      '/orderbuilder/update',
      JSON.stringify({ ...validOrder, orderItems: [{ ...validOrder.orderItems[0], quantity: '2' }] }),
      { field: 'orderItems[0].quantity', message: 'must be a whole number' },
    ],
    ['an unknown field', '/orderbuilder/update', JSON.stringify({ ...validOrder, price: 0 }), { field: 'price', message: 'is not allowed' }],
    [
      'a missing required field',
      '/orderbuilder/update',
      JSON.stringify({ ...validOrder, basketId: undefined }),
      { field: 'basketId', message: 'is required' },
    ],
    ['malformed JSON', '/orderbuilder/update', '{"basketId": "abc", ', { field: 'body', message: 'must be valid JSON' }],
    ['an empty body', '/orderbuilder/update', '', { field: 'body', message: 'must be a JSON object' }],
    ['a wrong type', '/account/CreateAccount', JSON.stringify({ ...validAccount, email: 42 }), { field: 'email', message: 'must be text' }],
    ['an unknown field', '/account/CreateAccount', JSON.stringify({ ...validAccount, points: 5000 }), { field: 'points', message: 'is not allowed' }],
    ['a missing required field', '/account/CreateAccount', JSON.stringify({ authId: validAccount.authId }), { field: 'email', message: 'is required' }],
    ['a malformed email', '/account/CreateAccount', JSON.stringify({ ...validAccount, email: 'diner' }), { field: 'email', message: 'must be an email address, for example name@example.com' }],
    ['malformed JSON', '/account/CreateAccount', '{authId: 1}', { field: 'body', message: 'must be valid JSON' }],
  ];

  it.each(invalidBodies)('%s in POST %s is 400 with its validation failure', async (_case, path, body, failure) => {
    const rowsBefore = totalRowCount();
    const response = await postJson(path, body, callerHeaders(path));
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.errorMessage).toBeNull();
    expect(answer.validationErrors).toContainEqual(failure);
    expect(totalRowCount()).toBe(rowsBefore);
  });

  it('a valid body passes validation and reaches the handler (a business refusal)', async () => {
    const order = await postJson('/orderbuilder/update', JSON.stringify(validOrder));
    expect(order.status).toBe(400);
    expect(await order.json()).toEqual({ errorMessage: 'This basket does not exist', validationErrors: [] });
    const account = await postJson('/account/CreateAccount', JSON.stringify(validAccount), signedIn);
    // The handler refuses an account for another user's id and email than the token's.
    expect(account.status).toBe(400);
    expect(await account.json()).toEqual({
      errorMessage: null,
      validationErrors: [
        { field: 'authId', message: 'must be the id of the user you signed in as' },
        { field: 'email', message: 'must be the email address you signed in with' },
      ],
    });
  });

  it('a body-less operation accepts an empty JSON body', async () => {
    const response = await postJson('/orderbuilder/cancel/b8f2c0d4e6a81b3c5d7e9f1a2b3c4d5e', '');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorMessage: 'We cannot find this order', validationErrors: [] });
  });

  it('a body sent as something other than JSON is refused', async () => {
    const response = await api('/orderbuilder/update', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'basketId,menuVersion',
    });
    expect(response.status).toBe(415);
    expect((await response.json()).validationErrors).toEqual([{ field: 'body', message: 'must be sent as application/json' }]);
  });
});

describe('bearer tokens on GET /account/GetAccount', () => {
  const cognitoLocalKey = JSON.parse(
    readFileSync(join(root, 'node_modules/cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
  ) as { jwk: JWK };
  let issuer: string;
  let clientId: string;

  beforeAll(async () => {
    const { identity } = await (await fetch(`${server.url}/config.json`)).json();
    issuer = `${server.identityEmulatorEndpoint}/${identity.userPoolId}`;
    clientId = identity.userPoolClientId;
  });

  async function signIdToken({
    key = undefined as CryptoKey | undefined,
    audience = clientId,
    tokenIssuer = issuer,
    tokenUse = 'id',
    expiresAt = Math.floor(Date.now() / 1000) + 3600,
  } = {}): Promise<string> {
    return new SignJWT({ token_use: tokenUse, email: 'diner@example.com', 'cognito:username': 'diner@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setSubject('7d3c1f0a-2b4e-4c6d-8e9f-0a1b2c3d4e5f')
      .setIssuer(tokenIssuer)
      .setAudience(audience)
      .setIssuedAt(expiresAt - 3600)
      .setExpirationTime(expiresAt)
      .sign(key ?? (await importJWK(cognitoLocalKey.jwk, 'RS256')));
  }

  const getAccount = (authorization?: string) => api('/account/GetAccount', authorization ? { headers: { authorization } } : {});

  async function expectRefused(response: Response): Promise<void> {
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.errorMessage).toEqual(expect.any(String));
    expect(body.validationErrors).toEqual([]);
  }

  it('a real id token from the identity emulator is accepted (the staff user has no account record: 404)', async () => {
    const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { IdToken: string } }>(
      server.identityEmulatorEndpoint!,
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD } },
    );
    expect((await getAccount(`Bearer ${AuthenticationResult.IdToken}`)).status).toBe(404);
  });

  it('a well-formed token signed with the emulator key is accepted, so the refusals below are for their faults', async () => {
    expect((await getAccount(`Bearer ${await signIdToken()}`)).status).toBe(404);
  });

  it('no token is 401', async () => {
    await expectRefused(await getAccount());
  });

  it('a token that is not a JWT is 401', async () => {
    await expectRefused(await getAccount('Bearer not-a-token'));
  });

  it('a forged token (signed with another key) is 401', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(await getAccount(`Bearer ${await signIdToken({ key: privateKey })}`));
  });

  it('an expired token is 401', async () => {
    await expectRefused(await getAccount(`Bearer ${await signIdToken({ expiresAt: Math.floor(Date.now() / 1000) - 60 })}`));
  });

  it('a token for another app client (wrong audience) is 401', async () => {
    await expectRefused(await getAccount(`Bearer ${await signIdToken({ audience: 'another-app-client' })}`));
  });

  it('a token from another issuer is 401', async () => {
    await expectRefused(await getAccount(`Bearer ${await signIdToken({ tokenIssuer: 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Other' })}`));
  });

  it('an access token instead of an id token is 401', async () => {
    await expectRefused(await getAccount(`Bearer ${await signIdToken({ tokenUse: 'access' })}`));
  });
});

describe('the site', () => {
  const page = (path: string, headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml' }) =>
    fetch(`${server.url}${path}`, { headers });

  /** The served HTML split into index.html as built and the start data written into it (src/domain/bootData.ts). */
  async function siteDocument(path: string): Promise<{ html: string; written: string; boot: BootData }> {
    const response = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    const written = html.slice(indexHtml.indexOf('</head>'), html.indexOf('</head>'));
    expect(html.replace(written, '')).toBe(indexHtml);
    const element = BOOT_DATA_IN_HTML.exec(written);
    expect(element, 'the start data').not.toBeNull();
    return { html, written, boot: parseBootData(element![1]) };
  }

  it.each(['/', '/order', '/privacy', '/account/orders'])('GET %s answers index.html with the start data, revalidated on every load', async (path) => {
    const { boot } = await siteDocument(path);
    expect(boot.config).toEqual(await (await fetch(`${server.url}/config.json`)).json());
    expect(boot.restaurantData).toEqual((await (await api('/restaurant/coreRestaurantData')).json()).data.restaurantData);
  });

  it('a restaurant’s page brings its page data, as the API answers it, and nothing else does', async () => {
    const privacy = (await (await api('/pagedata/page/privacy')).json()).data;
    expect((await siteDocument('/privacy')).boot.pages).toEqual({ privacy });
    expect((await siteDocument('/Privacy/')).boot.pages).toEqual({ privacy });
    for (const path of ['/', '/order', '/no-such-page', '/privacy/more']) expect((await siteDocument(path)).boot.pages, path).toBeUndefined();
  });

  it('/order brings the menu, as the API answers it, and no other path does', async () => {
    const { menuId } = (await (await api('/restaurant/coreRestaurantData')).json()).data.restaurantData;
    const menu = (await (await api(`/menu/getMenu/${menuId}`)).json()).data;
    for (const path of ['/order', '/Order/']) expect((await siteDocument(path)).boot.menu, path).toEqual(menu);
    for (const path of ['/', '/basket', '/gallery']) expect((await siteDocument(path)).boot.menu, path).toBeUndefined();
  });

  it('the gallery asks for its first photo at once, at the width its column shows; a page without a carousel asks for none', async () => {
    const gallery = (await (await api('/pagedata/page/Gallery')).json()).data;
    const { written, boot } = await siteDocument('/gallery');
    expect(boot.pages).toEqual({ gallery });
    const first = gallery.rows[1].columns[0].contentBlocks[0].contentBlockData.slides[0];
    const mediaId = /^\/media\/([0-9a-f]{64})-640\.webp$/.exec(first.img)![1];
    // In AVIF, the first source of the slide's <picture>: a browser without it ignores the preload and takes the WebP.
    const widths = [160, 320, 640].map((width) => `/media/${mediaId}-${width}.avif ${width}w`).join(', ');
    // The gallery's first carousel is in a column of 8 twelfths from the md breakpoint, the whole width below it.
    const sizes = [
      '(min-width: 992px) calc((min(100vw, 75rem) - 2rem) * 8 / 12)',
      '(min-width: 768px) calc((min(100vw, 75rem) - 2rem) * 8 / 12)',
      '(min-width: 576px) calc(min(100vw, 75rem) - 2rem)',
      'calc(min(100vw, 75rem) - 2rem)',
    ].join(', ');
    expect(written).toContain(
      `<link rel="preload" as="image" href="/media/${mediaId}-640.avif" imagesrcset="${widths}" imagesizes="${sizes}" type="image/avif" fetchpriority="high">`,
    );
    expect((await siteDocument('/privacy')).written).not.toContain('rel="preload"');
  });

  it('no text of a page can end the start data and run as a script', async () => {
    const title = 'Offers </script><script>alert(1)</script><!--';
    await database.db.insertInto('pages').values({ page_name: 'offers', title, content: '[]' }).execute();
    const { written, boot } = await siteDocument('/offers');
    expect(written).not.toContain('</script><script>');
    expect(written).not.toContain('<!--');
    expect(boot.pages?.offers.title).toBe(title);
  });

  it('hashed assets are cached for a year', async () => {
    const response = await page(`/assets/${hashedAssetName}`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(hashedAsset);
  });

  it('a missing file is 404, not index.html', async () => {
    expect((await page('/assets/missing-1234.js', {})).status).toBe(404);
    expect((await page('/logo.png')).status).toBe(404);
  });

  it('GET /config.json gives the browser its runtime configuration', async () => {
    const response = await fetch(`${server.url}/config.json`);
    expect(response.status).toBe(200);
    const config = await response.json();
    expect(config).toEqual({
      apiBaseUrl: '/api',
      applicationKey: 'takeaway-web',
      siteKey: 'demo-site',
      identity: {
        userPoolId: expect.stringMatching(/^local_/),
        userPoolClientId: expect.any(String),
        region: 'eu-west-2',
        endpoint: '/identity',
      },
      payPal: { clientId: 'local-sandbox-client', environment: 'sandbox', sdkBaseUrl: '/paypal-sandbox/sdk/js' },
      appVersion: '1.0.81',
      minimumAppVersion: '1.0.0',
      webPushPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    });
  });

  it.each(['/', '/api/restaurant/coreRestaurantData'])('%s carries the security headers', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: { ...identification, accept: 'text/html' } });
    const policy = response.headers.get('content-security-policy') ?? '';
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      const sources = policy.split(';').find((part) => part.startsWith(`${directive} `)) ?? '';
      for (const host of ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']) {
        expect(sources, directive).toContain(host);
      }
    }
    for (const directive of ['script-src', 'connect-src', 'img-src']) {
      const sources = policy.split(';').find((part) => part.startsWith(`${directive} `)) ?? '';
      expect(sources).toContain('https://www.googletagmanager.com');
      expect(sources).toContain('https://*.google-analytics.com');
    }
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('compresses large responses', async () => {
    const menu = await api('/menu/getMenu/1', { headers: { 'accept-encoding': 'gzip' } });
    expect(menu.headers.get('content-encoding')).toBe('gzip');
    expect((await menu.json()).data.categories.length).toBeGreaterThan(0);
    const asset = await page(`/assets/${hashedAssetName}`, { 'accept-encoding': 'br' });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe(hashedAsset);
  });

  it("sends the brotli the build wrote beside an asset as it is, and the asset itself to a client that takes none", async () => {
    const compressed = await fetch(`${server.url}/assets/${preCompressedAssetName}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toContain('javascript');
    expect(compressed.headers.get('cache-control')).toContain('immutable');
    expect(compressed.headers.get('vary')).toContain('accept-encoding');
    expect(Number(compressed.headers.get('content-length'))).toBe(preCompressedBrotli.length);
    expect(await compressed.text()).toBe(preCompressedAsset);
    const plain = await fetch(`${server.url}/assets/${preCompressedAssetName}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(preCompressedAsset);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['deflate', 'deflate'],
    ['identity', null],
    ['compress', null],
  ])('answers the menu with accept-encoding %s in %s, the same JSON every time', async (acceptEncoding, encoding) => {
    const answers = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      // fetch decodes br and gzip itself; content-encoding says what crossed the wire.
      const response = await api('/menu/getMenu/1', { headers: { 'accept-encoding': acceptEncoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('vary')).toContain('accept-encoding');
      answers.push(await response.json());
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ data: await createRepositories(database.db).menus.getMenu(1) });
  });

  it('the identity emulator is reachable through /identity', async () => {
    const response = await fetch(`${server.url}/identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: (await (await fetch(`${server.url}/config.json`)).json()).identity.userPoolClientId, AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD } }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).AuthenticationResult.IdToken).toEqual(expect.any(String));
  });
});
