import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createAcceptanceActor } from '../actors/acceptance';
import { apiIdentityOf, createAuthActor } from '../actors/auth';
import { createBasketActor } from '../actors/basket';
import { createPaymentActor } from '../actors/payment';
import { createTrackingActor } from '../actors/tracking';
import type { BootData } from '../api/bootData';
import { callApi, createApiClient } from '../api/client';
import { createAppRouter } from '../AppRouter';
import { parseRuntimeConfig } from '../platform/config';
import { createCoreDataCache } from '../shell/coreDataCache';
import { createMenuFromPage } from '../shell/menuFromPage';
import { createPageDataCache } from '../shell/pageDataCache';
import type { RouterContext } from '../shell/routerContext';
import { cssVariablesResolver, theme } from '../theme';

export interface FirstPaint {
  /** What goes inside `#root`. */
  html: string;
  /** The matched routes' ids (`/order`, `/$page`), whose lazy chunks' CSS the page links so that it paints styled. */
  routeIds: string[];
}

const noRequests = () => Promise.reject(new Error('The first paint is drawn from the data the page brings, without API calls'));

const noStoredSession: Pick<Storage, 'getItem'> = { getItem: () => null };

/**
 * The router context of main.tsx for a first-time visitor with nothing stored, built from the data the page brings:
 * the actors are never started where main.tsx starts them on the device, and any call fails without leaving the server.
 */
function firstPaintContext(boot: BootData): RouterContext {
  const config = parseRuntimeConfig(boot.config);
  const auth = createAuthActor(config.identity, { api: () => api, storage: noStoredSession });
  const api = createApiClient({ baseUrl: config.apiBaseUrl, applicationKey: config.applicationKey, siteKey: config.siteKey, identity: apiIdentityOf(auth), fetch: noRequests });
  const basket = createBasketActor({ api, storage: { load: () => undefined, save: () => undefined, clear: () => undefined } });
  return {
    api,
    auth,
    basket,
    payment: createPaymentActor({ api, basket }),
    payPal: config.payPal,
    acceptance: createAcceptanceActor(api),
    tracking: createTrackingActor(api),
    coreData: createCoreDataCache(noRequests, boot.restaurantData),
    appStart: { settingsChecked: false },
    pages: createPageDataCache(() => callApi(noRequests()), boot.pages),
    menuFromPage: createMenuFromPage(boot.menu),
    analytics: { pageView: () => undefined },
    appVersion: config.appVersion,
  };
}

/**
 * Without the links React puts first where it would hoist them into a `<head>` (the preload of a photo with a high fetch
 * priority): the served head has its own (src/server/plugins/site.ts), and in the root they would be children the app's
 * drawing does not have, which moves every element's place that src/start/start-after-paint.js carries over by.
 */
function withoutHoistedLinks(html: string): string {
  return html.replace(/^(?:<link [^>]*>)+/, '');
}

/**
 * The app's page at `pathname` as HTML, drawn from the start data the server puts in the same page, for the browser to
 * paint before the app's code has arrived (docs/first-paint.md). Undefined when the app would not show that path as
 * it is (a redirect, a route that is not ready).
 */
export async function renderFirstPaint(pathname: string, boot: BootData): Promise<FirstPaint | undefined> {
  const context = firstPaintContext(boot);
  try {
    const router = createAppRouter(context, createMemoryHistory({ initialEntries: [pathname] }));
    await router.load();
    const { resolvedLocation, matches } = router.state;
    if (resolvedLocation?.pathname !== pathname || matches.some((match) => match.status !== 'success')) return undefined;
    const html = renderToString(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    return { html: withoutHoistedLinks(html), routeIds: matches.map((match) => match.routeId) };
  } finally {
    for (const actor of [context.basket, context.payment, context.acceptance, context.tracking]) actor.stop();
  }
}
