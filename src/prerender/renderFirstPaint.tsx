import { MantineProvider } from '@mantine/core';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { createAcceptanceActor } from '../actors/acceptance';
import { apiIdentityOf, createAuthActor } from '../actors/auth';
import { createBasketActor } from '../actors/basket';
import { noStoredSession, nothingStored } from '../actors/firstVisit';
import { lazyActor } from '../actors/lazyActor';
import type { PaymentActor } from '../actors/payment';
import { createOrderJourneyActor } from '../actors/orderJourney';
import { createTrackingActor } from '../actors/tracking';
import type { BootData } from '../domain/bootData';
import { callApi, createApiClient } from '../api/client';
import { createAppRouter } from '../AppRouter';
import { parseRuntimeConfig } from '../platform/config';
import { createCoreDataCache } from '../shell/coreDataCache';
import { createMenuFromPage } from '../shell/menuFromPage';
import { createPageDataCache } from '../shell/pageDataCache';
import type { RouterContext } from '../shell/routerContext';
import { theme } from '../theme';
import { SCRIPT_NONCE_PLACEHOLDER, type FirstPaint } from '../domain/firstPaint';

const noRequests = () => Promise.reject(new Error('The server draws a page from the data the page brings, without API calls'));

/**
 * The router context of main.tsx for a first-time visitor with nothing stored, built from the data the page brings:
 * the actors are never started where main.tsx starts them on the device, and any call fails without leaving the server.
 * The browser's hydrating render shows the same (src/actors/firstVisit.ts), and then what the device keeps.
 */
function serverContext(boot: BootData): RouterContext {
  const config = parseRuntimeConfig(boot.config);
  const auth = createAuthActor(config.identity, { api: () => api, storage: noStoredSession });
  const api = createApiClient({ baseUrl: config.apiBaseUrl, applicationKey: config.applicationKey, siteKey: config.siteKey, identity: apiIdentityOf(auth), fetch: noRequests });
  const basket = createBasketActor({ api, storage: nothingStored });
  // The payment pages are the device's own (a basket being paid for): the server renders none of them.
  const payment = lazyActor<PaymentActor>(() => Promise.reject(new Error('The server renders no payment page')));
  const acceptance = createAcceptanceActor(api);
  // The server knows nothing of the device's order: the journey's pages are left to the browser (docs/order-journey.md).
  const journey = lazyActor(() =>
    Promise.resolve(createOrderJourneyActor({ basket, payment, acceptance, navigate: () => undefined, memory: { load: () => undefined, save: () => undefined } })),
  );
  return {
    api,
    auth,
    basket,
    journey,
    payment,
    payPal: config.payPal,
    acceptance,
    tracking: createTrackingActor(api),
    coreData: createCoreDataCache(noRequests, boot.restaurantData),
    appStart: { settingsChecked: false },
    pages: createPageDataCache(() => callApi(noRequests()), boot.pages),
    menuFromPage: createMenuFromPage(boot.menu),
    analytics: { pageView: () => undefined },
    appVersion: config.appVersion,
  };
}

/** What the handler answers for a path the server leaves to the browser (a redirect, a route that is not ready). */
const NOT_DRAWN = 204;

/**
 * The app's page at `pathname`, rendered with the router's own SSR (docs/first-paint.md): the router loads the route
 * from the start data the server puts in the same page, renders it, and dehydrates its matches into the scripts that
 * end the markup, from which the browser hydrates it (`RouterClient`, src/main.tsx). Undefined when the app would not
 * show that path as it is (a redirect, a route that is not ready): the browser then renders it alone.
 */
export async function renderFirstPaint(pathname: string, boot: BootData): Promise<FirstPaint | undefined> {
  const context = serverContext(boot);
  let routeIds: string[] = [];
  try {
    const handle = createRequestHandler({ request: new Request(new URL(pathname, 'http://localhost')), createRouter: () => createAppRouter(context, { scriptNonce: SCRIPT_NONCE_PLACEHOLDER }) });
    const response = await handle(({ router, responseHeaders }) => {
      const { matches } = router.state;
      if (matches.some((match) => match.status !== 'success')) return new Response(null, { status: NOT_DRAWN });
      routeIds = matches.map((match) => match.routeId);
      return renderRouterToString({
        router,
        responseHeaders,
        children: (
          <MantineProvider theme={theme} withCssVariables={false}>
            <RouterServer router={router} />
          </MantineProvider>
        ),
      });
    });
    if (response.status !== 200) return undefined;
    return { html: withoutHoistedLinks((await response.text()).replace(/^<!DOCTYPE html>/i, '')), routeIds };
  } finally {
    context.journey.made()?.stop();
    for (const actor of [context.basket, context.acceptance, context.tracking]) actor.stop();
  }
}

/**
 * Without the links React puts first where it would hoist them into a `<head>` (the preload of a photo with a high fetch
 * priority): the served head has its own (src/server/plugins/site.ts), and the browser's render hoists its own into the
 * document's head rather than into the root.
 */
function withoutHoistedLinks(html: string): string {
  return html.replace(/^(?:<link [^>]*>)+/, '');
}
