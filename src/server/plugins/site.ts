import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bootDataElement, type BootData } from '../../domain/bootData';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { isPageName } from '../../domain/pageContent';
import { normalisePath } from '../../domain/paths';
import { decideTrackingCookie } from '../../domain/trackingCookie';
import { errorBody, isApiRequest } from '../errors';
import { registerCrawling } from '../seo/crawling';
import { pageHead } from '../seo/pageHead';
import type { BrowserConfig } from './browserConfig';
import { loadFirstPaint, type PrerenderedPage } from './firstPaint';
import { SCRIPT_NONCE_PLACEHOLDER } from '../../domain/firstPaint';
import { EARLY_TAPS_SCRIPT } from '../../domain/earlyTaps';
import { NEW_BUILD_RELOAD_SCRIPT } from '../../domain/newBuildReload';
import { allowScriptsWithNonce, openInTheSameBrowsingContextGroup } from './securityHeaders';

const immutableAsset = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
/** index.html's stylesheet links, as Vite writes them. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>/g;

export interface SiteOptions {
  siteRoot: string;
  /** What `/config.json` answers. */
  browserConfig: BrowserConfig;
  /** The site's origin as customers reach it (PUBLIC_URL), for the whole URLs search engines read. */
  publicUrl: string;
}

/**
 * Serves the built site. Vite puts content-hashed files under /assets/, so those may be cached for a
 * year; everything else (the HTML above all) is revalidated so a deploy shows at once.
 */
export async function registerSite(app: FastifyInstance, { siteRoot, browserConfig, publicUrl }: SiteOptions): Promise<void> {
  const siteBuilt = existsSync(join(siteRoot, 'index.html'));
  if (siteBuilt) {
    const assetsDirectory = join(siteRoot, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: siteRoot,
      cacheControl: false,
      // The build writes each asset's brotli and gzip beside it (vite.config.ts): sent as they are, not compressed again.
      preCompressed: true,
      // `/` is a client route like any other: its HTML carries the start data, so it is not served as a file.
      index: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assetsDirectory) ? immutableAsset : revalidate);
      },
    });
  }
  // The build puts the first paint's server entry beside the site (`npm run build`: dist/site, dist/prerender).
  const firstPaint = siteBuilt ? await loadFirstPaint({ entry: join(dirname(siteRoot), 'prerender', 'renderFirstPaint.js'), siteRoot, log: app.log }) : undefined;
  const siteDocument = async (pathname: string) => {
    const boot = await bootDataFor(app, browserConfig, pathname);
    const prerendered = await firstPaint?.(pathname, boot);
    const html = withBootData(await readFile(join(siteRoot, 'index.html'), 'utf8'), boot, pathname, publicUrl, prerendered);
    return { html, prerendered: prerendered !== undefined };
  };
  if (siteBuilt) app.get('/', (request, reply) => sendSiteDocument(request, reply, siteDocument, '/'));
  registerCrawling(app, publicUrl);
  app.setNotFoundHandler((request, reply) => answerNotFound(request, reply, siteBuilt ? siteDocument : undefined));
}

type SiteDocument = (pathname: string) => Promise<{ html: string; prerendered: boolean }>;

async function sendSiteDocument(request: FastifyRequest, reply: FastifyReply, siteDocument: SiteDocument, pathname: string): Promise<FastifyReply> {
  const document = await siteDocument(pathname);
  if (document.prerendered) openInTheSameBrowsingContextGroup(reply);
  // Every page has an inline script (the reload after a deploy), a rendered one the router's and the early taps' too.
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  allowScriptsWithNonce(reply, nonce);
  const html = document.html.replaceAll(`nonce="${SCRIPT_NONCE_PLACEHOLDER}"`, `nonce="${nonce}"`);
  // A visitor whose browser runs no script, or leaves before the app has, is counted too (SPEC §3).
  const { setCookie } = decideTrackingCookie(request.headers.cookie ?? '', (buffer) => crypto.getRandomValues(buffer), new Date());
  if (setCookie) reply.header('set-cookie', setCookie);
  return reply.header('cache-control', revalidate).type('text/html; charset=utf-8').send(html);
}

/**
 * A GET of a path without a file extension is a page, whatever the client says it accepts: link previewers (Facebook's,
 * WhatsApp's, Slack's, X's) and curl accept any type or send no Accept at all, and they are who reads a page's Open
 * Graph tags. So the answer never depends on Accept, and a cache in front of the site can keep one answer per path.
 */
function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && extname(request.url.split('?')[0]) === '';
}

/**
 * Client routes such as /order or /privacy exist only in the browser, so every page path gets the site's HTML (an unknown
 * one the splash, as the app draws it). Only /api answers JSON; a missing file is a plain 404.
 */
async function answerNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
  siteDocument: SiteDocument | undefined,
): Promise<FastifyReply> {
  if (isApiRequest(request.url)) {
    return reply.code(404).send(errorBody('Route does not exist'));
  }
  if (isPageRequest(request)) {
    if (!siteDocument) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The site has not been built yet: run npm run build.');
    }
    return sendSiteDocument(request, reply, siteDocument, request.url.split('?')[0]);
  }
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

/**
 * What the app would otherwise ask for one call after another once its code has run (src/domain/bootData.ts). A read
 * that fails is left out rather than failing the page: the app then makes the call itself and handles its failure.
 */
async function bootDataFor(app: FastifyInstance, config: BrowserConfig, pathname: string): Promise<BootData> {
  const { restaurant, pages, menus } = app.repositories;
  const leftOut = (what: string) => (error: unknown) => app.log.error({ err: error }, `${what} left out of the page`);
  const pageName = pageNameInPath(pathname);
  const [restaurantData, page] = await Promise.all([
    restaurant.getCoreData().catch(leftOut('core data')),
    pageName ? pages.getPage(pageName).catch(leftOut('page data')) : undefined,
  ]);
  // /order draws the menu (src/routes/_order.order.tsx), when online ordering is available.
  const menu =
    normalisePath(pathname) === '/order' && restaurantData && isOnlineOrderingAvailable(restaurantData)
      ? await menus.getMenu(restaurantData.menuId).catch(leftOut('menu'))
      : undefined;
  return {
    config,
    ...(restaurantData ? { restaurantData } : {}),
    ...(pageName && page ? { pages: { [pageName]: page } } : {}),
    ...(menu ? { menu } : {}),
  };
}


/**
 * A page the server rendered brings `/order`'s menu once, in the router's dehydrated loader data, which the browser
 * hydrates from (main.tsx then hands no menu of the start data to a later visit): not a second time as start data.
 */
function withoutMenu({ menu: _menu, ...boot }: BootData): BootData {
  return boot;
}

/** A restaurant's page can only be at a path of one segment that is a page name: /gallery, /privacy, /allergens. */
function pageNameInPath(pathname: string): string | undefined {
  // Fastify has already refused a path whose escapes do not decode.
  const segment = decodeURIComponent(normalisePath(pathname).slice(1));
  return isPageName(segment) ? segment : undefined;
}

/**
 * The page's own head (title, description, Open Graph, structured data, the preload of its largest photo:
 * src/server/seo/pageHead.ts) in place of index.html's generic title and description, and the start data. A page the server rendered fills the root (the browser hydrates it:
 * docs/first-paint.md) and preloads its route's chunks beside index.html's module scripts, with its stylesheets linked.
 *
 * What the first paint needs comes first in the head, so that the browser asks for it first: on a phone's few
 * connections and slow link the requests made first are answered first (docs/first-paint.md, "What the head asks for
 * first"). The page's head with the photo's preload and every stylesheet go before index.html's module scripts; the
 * route's chunks after them. The reload after a deploy (src/domain/newBuildReload.ts) goes first of all: it listens for
 * what fails to load of all that, and an inline script after a stylesheet would wait for it.
 */
function withBootData(html: string, boot: BootData, pathname: string, publicUrl: string, prerendered: PrerenderedPage | undefined): string {
  const page = Object.values(boot.pages ?? {})[0];
  const head = pageHead({ pathname, publicUrl, restaurant: boot.restaurantData, page, menu: boot.menu });
  const entryStyles = html.match(STYLESHEET_LINK) ?? [];
  const withoutGeneric = html.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '').replace(STYLESHEET_LINK, '');
  const headEnd = withoutGeneric.indexOf('</head>');
  const firstScript = withoutGeneric.indexOf('<script type="module"');
  // Before the head's first module script; the source index.html (Vite's dev server) has its script in the body.
  const at = firstScript === -1 || firstScript > headEnd ? headEnd : firstScript;
  const withHead =
    withoutGeneric.slice(0, at) +
    `<script nonce="${SCRIPT_NONCE_PLACEHOLDER}">${NEW_BUILD_RELOAD_SCRIPT}</script>${head}${entryStyles.join('')}${prerendered?.styleLinks ?? ''}` +
    withoutGeneric.slice(at).replace('</head>', () => `${prerendered?.scriptLinks ?? ''}${bootDataElement(prerendered ? withoutMenu(boot) : boot)}</head>`);
  if (!prerendered) return withHead;
  return (
    withHead
      .replace('</head>', `<script nonce="${SCRIPT_NONCE_PLACEHOLDER}">${EARLY_TAPS_SCRIPT}</script></head>`)
      // A function, so that a `$` in the page is not read as a replacement pattern.
      .replace('<div id="root"></div>', () => `<div id="root">${prerendered.rootHtml}</div>`)
  );
}

