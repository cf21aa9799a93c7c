import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { BootData } from '../../api/bootData';
import { normalisePath } from '../../domain/paths';
import type { FirstPaint } from '../../prerender/renderFirstPaint';
import { escapeHtml } from '../seo/pageHead';

/** Route file → the stylesheets its code brings, written into the site's build by vite.config.ts's `routeStyles`. */
const ROUTE_STYLES_FILE = '.vite/route-styles.json';

export type RenderFirstPaint = (pathname: string, boot: BootData) => Promise<FirstPaint | undefined>;

/** What the served HTML carries of the page: `#root`'s content and the stylesheets that content needs. */
export interface PrerenderedPage {
  rootHtml: string;
  styleLinks: string;
}

/** The page for `pathname` drawn from `boot`, or undefined where the root stays empty for the app to fill. */
export type FirstPaintSource = (pathname: string, boot: BootData) => Promise<PrerenderedPage | undefined>;

/**
 * The public pages that show the same to every first-time visitor, drawn from the start data alone; a restaurant's page
 * (the gallery, privacy, …) too when the page brings it. Others depend on what the device holds (a basket, a session, an
 * order being tracked) or on the visitor's choices, so the app draws them.
 */
const FIRST_PAINT_PATHS = new Set(['/', '/home', '/restaurant', '/order', '/booking', '/dine-at-home', '/apps', '/contact']);

function isFirstPaintPath(pathname: string, boot: BootData): boolean {
  return FIRST_PAINT_PATHS.has(normalisePath(pathname)) || Object.keys(boot.pages ?? {}).length > 0;
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
 * The served HTML's first paint (docs/first-paint.md): the build's server entry (`vite build --ssr`, dist/prerender/)
 * when it is there, else none and every root stays empty. A page is drawn once per path for the same start data and
 * minute, so a busy evening draws each page about once a minute; a drawing that fails is logged, held as none for
 * that minute, and never fails the page.
 */
export async function loadFirstPaint({ entry, siteRoot, log }: { entry: string; siteRoot: string; log: FastifyBaseLogger }): Promise<FirstPaintSource | undefined> {
  if (!existsSync(entry)) return undefined;
  const { renderFirstPaint } = (await import(pathToFileURL(entry).href)) as { renderFirstPaint: RenderFirstPaint };
  const stylesPath = join(siteRoot, ROUTE_STYLES_FILE);
  const routeStyles = existsSync(stylesPath) ? (JSON.parse(await readFile(stylesPath, 'utf8')) as Record<string, string[]>) : {};
  return firstPaintSource(renderFirstPaint, routeStyles, log);
}

export function firstPaintSource(render: RenderFirstPaint, routeStyles: Record<string, string[]>, log: FastifyBaseLogger): FirstPaintSource {
  const held = new Map<string, HeldPaint>();

  async function draw(pathname: string, boot: BootData): Promise<PrerenderedPage | undefined> {
    try {
      const paint = await render(pathname, boot);
      if (!paint) return undefined;
      const stylesheets = [...new Set(paint.routeIds.flatMap((routeId) => routeStyles[routeFileOf(routeId)] ?? []))];
      return { rootHtml: paint.html, styleLinks: stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') };
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
