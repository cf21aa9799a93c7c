import { createRouter } from '@tanstack/react-router';
import { PageLoading } from './components/PageLoading';
import { RenderErrorRedirect } from './components/RenderErrorRedirect';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './shell/routerContext';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
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
