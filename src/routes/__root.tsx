import { createRootRouteWithContext, redirect, Scripts, type StaticDataRouteOption } from '@tanstack/react-router';
import { SiteLayout } from '../components/SiteLayout';
import { SplashScreen } from '../components/SplashScreen';
import type { RouterContext } from '../shell/routerContext';
import { updateRequiredRedirect } from '../domain/appVersions';
import { normalisePath } from '../domain/paths';
import { pageFactsOf, returnPathAfterSettingsLoad, type PageFacts } from '../domain/routeFacts';

/**
 * The start rule of the route that shows `pathname`. A path below a fixed route (`/gallery/photos`) is matched to that
 * route only to show its splash: no route's rule, so the start is kept, as on any path no route has.
 */
function startRuleAt(matches: readonly { pathname: string; staticData: StaticDataRouteOption }[], pathname: string): PageFacts['start'] | undefined {
  const deepest = matches.at(-1);
  if (deepest === undefined || normalisePath(deepest.pathname) !== normalisePath(pathname)) return undefined;
  return pageFactsOf(matches)?.start;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { facts: 'layout' },
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
      const returnPath = returnPathAfterSettingsLoad(location.pathname, startRuleAt(matches, location.pathname));
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
