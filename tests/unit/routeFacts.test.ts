import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRootRoute, createRoute, createRouter, type AnyRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, routeManifestSource } from '../../scripts/route-manifest.mjs';
import { DESCRIPTION_NAMES, type PageFacts, type RouteFacts } from '../../src/domain/routeFacts';
import { routeTree } from '../../src/routeTree.gen';
import { ROUTE_MANIFEST } from '../../src/server/routeManifest.gen';
import type { RouterContext } from '../../src/shell/routerContext';

const root = resolve(import.meta.dirname, '../..');

const NAVIGATION = [null, 'self', 'takeAway', 'account'];
const START = ['public', 'restored', 'home'];

function isSitemapFact(sitemap: unknown): boolean {
  if (sitemap === 'listed' || sitemap === 'private' || sitemap === 'restaurantPage') return true;
  return typeof sitemap === 'object' && sitemap !== null && typeof (sitemap as { sameAs?: unknown }).sameAs === 'string';
}

/**
 * Every route of the tree, walked from the root: a route with children frames them and says `layout` (or is a page
 * too); a route without children is a page and must declare each of its facts. Each problem names its route.
 */
function factProblems(router: AnyRouter): string[] {
  return Object.values(router.routesById).flatMap((route) => {
    const facts = (route.options.staticData as { facts?: RouteFacts } | undefined)?.facts;
    const isLeaf = (route.children as unknown[] | undefined)?.length ? false : true;
    if (facts === undefined) return [`${route.id}: no facts`];
    if (facts === 'layout') return isLeaf ? [`${route.id}: a layout with no page under it`] : [];
    const problems: string[] = [];
    if (typeof facts.title !== 'string' && facts.title !== null) problems.push(`${route.id}: no title`);
    if (!isSitemapFact(facts.sitemap)) problems.push(`${route.id}: no sitemap fact`);
    if (!NAVIGATION.includes(facts.navigation as string | null)) problems.push(`${route.id}: no navigation fact`);
    if (!START.includes(facts.start)) problems.push(`${route.id}: no start rule`);
    if (typeof facts.firstPaint !== 'boolean') problems.push(`${route.id}: no first-paint fact`);
    return problems;
  });
}

/** Each page route of the tree by its full path, with its facts. */
function pagesOf(router: AnyRouter): Record<string, PageFacts> {
  return Object.fromEntries(
    Object.values(router.routesById).flatMap((route) => {
      const facts = (route.options.staticData as { facts: RouteFacts }).facts;
      return facts === 'layout' ? [] : [[route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, ''), facts]];
    }),
  );
}

// Walked, never loaded: the context its guards read is not needed.
const appRouter = createRouter({ routeTree, context: undefined as unknown as RouterContext });

describe('the routes’ facts', () => {
  it('are declared by every route of the app’s route tree', () => {
    expect(Object.keys(appRouter.routesById).length).toBeGreaterThan(50);
    expect(factProblems(appRouter)).toEqual([]);
  });

  it('are refused by the walk, and by the type check, for a route without a title or a sitemap fact', () => {
    const rootRoute = createRootRoute({ staticData: { facts: 'layout' } });
    const complete = { navigation: null, start: 'public', firstPaint: false } as const;
    const untitled = createRoute({
      getParentRoute: () => rootRoute,
      path: '/untitled',
      // @ts-expect-error: a page route's facts must name its title
      staticData: { facts: { ...complete, sitemap: 'listed' } },
    });
    const unlisted = createRoute({
      getParentRoute: () => rootRoute,
      path: '/unlisted',
      // @ts-expect-error: a page route's facts must say what search engines are told
      staticData: { facts: { ...complete, title: 'Unlisted' } },
    });
    // @ts-expect-error: every route declares its facts
    const bare = createRoute({ getParentRoute: () => rootRoute, path: '/bare' });
    const router = createRouter({ routeTree: rootRoute.addChildren([untitled, unlisted, bare]) });
    expect(factProblems(router)).toEqual(['/untitled: no title', '/unlisted: no sitemap fact', '/bare: no facts']);
  });

  it('reach the server as the route files declare them: the manifest holds each page route of the tree and no other', () => {
    expect(ROUTE_MANIFEST).toEqual(pagesOf(appRouter));
  });

  it('are in the manifest as `npm run gen:routes` writes it now', () => {
    expect(readFileSync(resolve(root, MANIFEST_FILE), 'utf8')).toBe(routeManifestSource(root));
  });

  it('put the kitchen’s pages under the `_kitchen` layout, which alone carries their guard', () => {
    const kitchenPages = Object.values(appRouter.routesById).filter((route) => route.fullPath.startsWith('/kitchen'));
    expect(kitchenPages.map((route) => route.fullPath).sort()).toEqual(['/kitchen', '/kitchen/bookings', '/kitchen/printers', '/kitchen/ticket/$orderId']);
    for (const page of kitchenPages) {
      expect(page.parentRoute?.id, page.id).toBe('/_kitchen');
      expect(page.options.beforeLoad, page.id).toBeUndefined();
    }
    expect(appRouter.routesById['/_kitchen'].options.beforeLoad).toBeTypeOf('function');
  });

  it('leave a public page written only in its route file and its navigation link (and the router\'s generated tree)', () => {
    const files = execFileSync('git', ['grep', '-l', "'/dine-at-home'", '--', '.'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
    const outsideTests = files.filter((file) => !file.startsWith('tests/'));
    expect(outsideTests.sort()).toEqual(['src/components/navigation.ts', 'src/routeTree.gen.ts', 'src/routes/dine-at-home.tsx']);
  });

  it('describe pages only with the restaurant’s data that descriptions may name', () => {
    for (const [path, facts] of Object.entries(ROUTE_MANIFEST)) {
      for (const [, name] of (facts.description ?? '').matchAll(/\{(\w+)(?::lower)?\}/g)) expect(DESCRIPTION_NAMES, path).toContain(name);
    }
  });
});
