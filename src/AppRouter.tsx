import { createRouter } from '@tanstack/react-router';
import { PageLoading } from './components/PageLoading';
import { RenderErrorRedirect } from './components/RenderErrorRedirect';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './shell/routerContext';

/**
 * The one router of both sides: the browser's (src/main.tsx) and the server's, which renders a page for the browser to
 * hydrate (src/prerender/renderFirstPaint.tsx) with `scriptNonce` on the scripts it writes, for the page's CSP.
 */
export function createAppRouter(context: RouterContext, { scriptNonce }: { scriptNonce?: string } = {}) {
  return createRouter({
    routeTree,
    context,
    ...(scriptNonce ? { ssr: { nonce: scriptNonce } } : {}),
    defaultPendingComponent: PageLoading,
    defaultErrorComponent: RenderErrorRedirect,
    defaultPreload: 'intent',
    // The header is scrolled into view on every route change instead (SPEC §2).
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
