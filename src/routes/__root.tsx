import { createRootRouteWithContext, redirect, Scripts } from '@tanstack/react-router';
import { SiteLayout } from '../components/SiteLayout';
import { SplashScreen } from '../components/SplashScreen';
import { isStaffPath } from '../shell/staffGate';
import { isRestorableOrderingStep } from '../shell/orderingGate';
import type { RouterContext } from '../shell/routerContext';
import { isAccountPath, returnPathAfterSettingsLoad } from '../shell/settingsGate';
import { updateRequiredRedirect } from '../domain/appVersions';
import { normalisePath } from '../domain/paths';

/**
 * The generic content page and the splash take any path: a start there is kept, not sent through `/`. A path
 * below a fixed route (`/gallery/photos`) is matched to that route only to show its splash, so it is kept too.
 */
function isFixedAppRoute(deepestMatch: { routeId: string; pathname: string } | undefined, pathname: string): boolean {
  if (deepestMatch === undefined || deepestMatch.routeId === '__root__' || deepestMatch.routeId.includes('$')) return false;
  return normalisePath(deepestMatch.pathname) === normalisePath(pathname);
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The settings gate of SPEC §2: nothing renders until the restaurant's core data is held.
  beforeLoad: async ({ context, location, matches }) => {
    // The error page must show even when the core data is what failed.
    if (normalisePath(location.pathname) === '/sorry') return { restaurant: context.coreData.current(), renderedAt: Date.now() };
    const isAppStart = !context.appStart.settingsChecked;
    let restaurant;
    try {
      restaurant = await context.coreData.load();
    } catch (error) {
      console.error('The restaurant core data could not be loaded', error);
      throw redirect({ to: '/sorry', replace: true });
    }
    // An app older than the server supports is held at /updateRequired; the website has no app version and never is.
    const updateRequired = updateRequiredRedirect(normalisePath(location.pathname), context.nativeAppVersions);
    if (updateRequired !== undefined) {
      context.appStart.settingsChecked = true;
      throw redirect({ href: updateRequired, replace: true });
    }
    if (isAppStart) {
      context.appStart.settingsChecked = true;
      const returnPath = returnPathAfterSettingsLoad(
        location.pathname,
        isFixedAppRoute(matches.at(-1), location.pathname),
        isRestorableOrderingStep(location.pathname) || isStaffPath(location.pathname) || isAccountPath(location.pathname),
      );
      if (returnPath !== location.pathname) throw redirect({ href: returnPath, replace: true });
    }
    // The server's instant for what depends on the clock ("Open now"): the hydrating render shows what the server drew.
    return { restaurant, renderedAt: Date.now() };
  },
  component: RootLayout,
  notFoundComponent: SplashScreen,
});

/**
 * The site's frame, with the router's scripts after it: on the server they carry the dehydrated matches the browser
 * hydrates from (docs/first-paint.md); each removes itself once run, and in the browser they draw nothing.
 */
function RootLayout() {
  return (
    <>
      <SiteLayout />
      <Scripts />
    </>
  );
}
