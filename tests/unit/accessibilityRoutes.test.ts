import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AXE_CHECKED_ROUTES } from '../e2e/accessibilityRoutes';

/** The app's routes by full path, as the router plugin writes them into the generated route tree. */
function appRoutes(): string[] {
  const routeTree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const byFullPath = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree);
  expect(byFullPath, 'the route tree lists its routes by full path').not.toBeNull();
  return [...byFullPath![1].matchAll(/^\s*'([^']+)':/gm)].map(([, path]) => path);
}

describe('the accessibility tests', () => {
  it('run axe on every route of the app, and only on routes it has', () => {
    const routes = appRoutes();
    expect(routes).toContain('/kitchen/ticket/$orderId');
    const checked = new Set(Object.values(AXE_CHECKED_ROUTES).flat());
    expect([...checked].sort()).toEqual([...routes].sort());
  });
});
