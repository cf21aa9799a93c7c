import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageLoading } from './components/PageLoading';
import { RenderErrorRedirect } from './components/RenderErrorRedirect';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './shell/routerContext';

/** `history` is the browser's unless given: the served HTML's first paint (src/prerender/) renders a path from memory. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
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
