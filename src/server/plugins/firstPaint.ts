import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { BootData } from '../../domain/bootData';
import type { FirstPaint } from '../../domain/firstPaint';
import { escapeHtml } from '../seo/pageHead';
import { factsAt } from '../seo/routeFacts';

/** Route file → the chunks and stylesheets its code brings, written into the site's build by vite.config.ts's `routeAssets`. */
const ROUTE_ASSETS_FILE = '.vite/route-assets.json';

type RouteAssets = Record<string, { scripts: string[]; styles: string[] }>;

export type RenderFirstPaint = (pathname: string, boot: BootData) => Promise<FirstPaint | undefined>;

/** What the served HTML carries of the page: `#root`'s content, and for the head the route's chunks and stylesheets. */
export interface PrerenderedPage {
  rootHtml: string;
  /** Stylesheet links for the matched routes' CSS. */
  styleLinks: string;
  /** `modulepreload` links for the matched routes' chunks. */
  scriptLinks: string;
}

/** The page for `pathname` rendered from `boot`, or undefined where the root stays empty for the browser to render. */
export type FirstPaintSource = (pathname: string, boot: BootData) => Promise<PrerenderedPage | undefined>;

/**
 * The public pages whose route says `firstPaint`, rendered from the start data alone as a first-time visitor sees them
 * and hydrated in the browser, which then shows what the device keeps (a basket, a session); a restaurant's page (the
 * gallery, privacy, …) too when the page brings it. The ordering steps, the account and the kitchen are the device's own
 * from the start (a basket, a session, an order being tracked): the browser renders them.
 */
function isFirstPaintPath(pathname: string, boot: BootData): boolean {
  return factsAt(pathname)?.firstPaint === true || Object.keys(boot.pages ?? {}).length > 0;
}

/** A route id (`/order`, `/$page`, `/`) as the file under src/routes/ that the router plugin named it from. */
function routeFileOf(routeId: string): string {
  return routeId === '/' ? 'index' : routeId.slice(1).replaceAll('/', '.');
}

// Paths are bounded by the fixed list and the restaurant's pages, but not their spelling (`/Gallery`): a few spare.
const MOST_PATHS_HELD = 64;
const MINUTE_MS = 60_000;

interface HeldPaint {
  /** What it was drawn from: the start data and the minute, since pages say "Open now" or when the restaurant opens. */
  basis: string;
  page: Promise<PrerenderedPage | undefined>;
}

/**
 * The served page's server rendering (docs/first-paint.md): the build's server entry (`vite build --ssr`, dist/prerender/)
 * when it is there, else none and every root stays empty. A page is drawn once per path for the same start data and
 * minute, so a busy evening draws each page about once a minute; a drawing that fails is logged, held as none for
 * that minute, and never fails the page.
 */
export async function loadFirstPaint({ entry, siteRoot, log }: { entry: string; siteRoot: string; log: FastifyBaseLogger }): Promise<FirstPaintSource | undefined> {
  if (!existsSync(entry)) return undefined;
  const { renderFirstPaint } = (await import(pathToFileURL(entry).href)) as { renderFirstPaint: RenderFirstPaint };
  const assetsPath = join(siteRoot, ROUTE_ASSETS_FILE);
  const routeAssets = existsSync(assetsPath) ? (JSON.parse(await readFile(assetsPath, 'utf8')) as RouteAssets) : {};
  return firstPaintSource(renderFirstPaint, routeAssets, log);
}

export function firstPaintSource(render: RenderFirstPaint, routeAssets: RouteAssets, log: FastifyBaseLogger): FirstPaintSource {
  const held = new Map<string, HeldPaint>();

  async function draw(pathname: string, boot: BootData): Promise<PrerenderedPage | undefined> {
    try {
      const paint = await render(pathname, boot);
      if (!paint) return undefined;
      const assets = paint.routeIds.map((routeId) => routeAssets[routeFileOf(routeId)] ?? { scripts: [], styles: [] });
      const scripts = [...new Set(assets.flatMap((each) => each.scripts))];
      const stylesheets = [...new Set(assets.flatMap((each) => each.styles))];
      // `crossorigin` as index.html's module scripts have it, so that the preload is the one the import uses.
      const scriptLinks = scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('');
      const styleLinks = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
      return { rootHtml: paint.html, styleLinks, scriptLinks };
    } catch (error) {
      log.error({ err: error, pathname }, 'The first paint could not be drawn; the page is served with an empty root');
      return undefined;
    }
  }

  return (pathname, boot) => {
    if (!isFirstPaintPath(pathname, boot)) return Promise.resolve(undefined);
    const basis = `${Math.floor(Date.now() / MINUTE_MS)} ${JSON.stringify(boot)}`;
    const current = held.get(pathname);
    if (current?.basis === basis) return current.page;
    const page = draw(pathname, boot);
    held.delete(pathname);
    if (held.size >= MOST_PATHS_HELD) held.delete(held.keys().next().value as string);
    held.set(pathname, { basis, page });
    return page;
  };
}
