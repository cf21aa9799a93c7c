import '@mantine/core/styles/baseline.css';
// The theme's CSS variables, Mantine's defaults among them, written by the build (src/themeCss.ts).
import 'virtual:theme.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
// The library and app code a first page needs is run in turns, each in a task of its own (docs/first-paint.md), in this
// order: these modules first, each ending its task, then the rest.
import { createRoot, hydrateRoot } from './start/react';
import { MantineProvider, theme } from './start/mantine';
import './start/authMachine';
import './start/basketMachine';
import { RouterClient, RouterProvider, createAppRouter } from './start/routes';
import { apiIdentityOf, createAcceptanceActor, createAuthActor, createBasketActor, createTrackingActor } from './start/statecharts';
import { StrictMode, startTransition, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { hydrateAsFirstVisit, nothingStored } from './actors/firstVisit';
import { lazyActor } from './actors/lazyActor';
import { followCustomerInBasket } from './actors/customerBasket';
import { followOrderInProgress } from './actors/orderInProgress';
import { followLocation } from './actors/journeyLocation';
import { isStepAfterMenu } from './shell/orderingGate';
import { BOOT_DATA_ELEMENT_ID, parseBootData } from './domain/bootData';
import { callApi, createApiClient, type ApiClient } from './api/client';
import { arriveAtNewPage } from './components/a11y/newPage';
import { preloadFirstPhoto } from './components/content/pageLayout';
import { createAnalytics } from './platform/analytics';
import { createBasketStorage } from './platform/basketStorage';
import { loadRuntimeConfig } from './platform/config';
import { isNativeApp, listenForDeepLinks, nativeClientInfo, nativeServerOrigin } from './platform/native';
import { createOrderInProgressStorage } from './platform/orderInProgressStorage';
import { ensureTrackingCookie } from './platform/trackingCookie';
import { createCoreDataCache } from './shell/coreDataCache';
import { createMenuFromPage } from './shell/menuFromPage';
import { createPageDataCache } from './shell/pageDataCache';
import { pageNameAt } from './shell/pageRoutes';
import { createRouteChangeEffects } from './shell/routeChangeEffects';
import { pageFactsOf } from './domain/routeFacts';
import { HYDRATED_EVENT } from './domain/earlyTaps';
import { nextTask } from './start/nextTask';
import type { RestaurantData } from './shell/routerContext';

async function fetchCoreData(api: ApiClient): Promise<RestaurantData> {
  const result = await callApi(api.GET('/restaurant/coreRestaurantData'));
  if (!result.ok) throw new Error(result.aborted ? 'The core data request was aborted' : (result.error.message ?? 'The core data failed to load'));
  return result.data.restaurantData;
}

function showStartFailure(rootElement: HTMLElement, error: unknown) {
  console.error('The site could not start', error);
  // Without its configuration the site cannot reach the API or render routes; this is /sorry in plain HTML.
  window.history.replaceState(null, '', '/sorry');
  document.title = 'Sorry, something went wrong';
  rootElement.innerHTML =
    '<main style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:1rem;text-align:center">' +
    '<h1>Sorry, something went wrong</h1><p>We could not load the site. Please try again in a moment.</p>' +
    '<p><a href="/">Try again</a></p></main>';
}

async function start(rootElement: HTMLElement) {
  const boot = parseBootData(document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent);
  const config = await loadRuntimeConfig(boot.config, nativeServerOrigin());
  // Inside the native apps, the installed app's version and the device's system (SPEC §3, §7); nothing on the web.
  const nativeClient = await nativeClientInfo(config.appVersion);
  ensureTrackingCookie(document);
  await nextTask();

  // Each needs the other: the auth actor's account calls go through the client, which sends the actor's id token.
  const auth = createAuthActor(config.identity, { api: () => api });
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    applicationKey: config.applicationKey,
    siteKey: config.siteKey,
    identity: apiIdentityOf(auth),
  });
  // The server rendered the page for a device that keeps nothing (src/prerender/renderFirstPaint.tsx).
  const hydrating = isServerRendered();
  // What a first-time visitor's auth statechart shows before it starts, for the hydrating render.
  if (hydrating) hydrateAsFirstVisit(auth, auth.getSnapshot());
  await nextTask();
  auth.start();
  const coreData = createCoreDataCache(() => fetchCoreData(api), boot.restaurantData);
  // Asked for now rather than by the settings gate once React renders; the gate shares this request and reports its failure.
  coreData.load().catch(() => undefined);
  const pages = createPageDataCache((page) => callApi(api.GET('/pagedata/page/{page}', { params: { path: { page } } })), boot.pages);
  // A start on one of the restaurant's pages that the HTML did not bring asks for it beside the core data rather than
  // once its route's code is in (the HTML that brings one also asks for its first photo).
  const startPage = pageNameAt(window.location.pathname);
  if (startPage && !pages.held(startPage)) void pages.request(startPage).then((result) => result.ok && preloadFirstPhoto(document, result.data));
  await nextTask();
  // Each statechart is built in a task of its own: together they would be one long task on a phone.
  const basket = createBasketActor({ api, storage: createBasketStorage(window.localStorage), client: nativeClient ?? { appVersion: config.appVersion } });
  if (hydrating) {
    const firstVisitBasket = createBasketActor({ api, storage: nothingStored });
    hydrateAsFirstVisit(basket, firstVisitBasket.getSnapshot());
    firstVisitBasket.stop();
  }
  followCustomerInBasket(auth, basket);
  await nextTask();
  // Only the payment pages use the payment statechart: its chunk loads, and its actor starts, when one first asks.
  const payment = lazyActor(() => import('./actors/payment').then(({ createPaymentActor }) => createPaymentActor({ api, basket })));
  const acceptance = createAcceptanceActor(api);
  // The journey router moves the customer through the router created below. Only the journey's pages after the menu
  // use it: its chunk loads, and it starts, when the first of them is opened (src/shell/orderingGate.ts).
  const journey = lazyActor(() =>
    import('./actors/orderJourney').then(({ createOrderJourneyActor, journeySettingsOf }) => {
      const made = createOrderJourneyActor({ basket, payment, acceptance, navigate: ({ to, replace }) => void router.navigate({ href: to, replace }) });
      void coreData.load().then((restaurant) => made.send({ type: 'SETTINGS_CHANGED', settings: journeySettingsOf(restaurant) }), () => undefined);
      return made;
    }),
  );
  if (hydrating && isStepAfterMenu(window.location.pathname)) await journey.get();
  await nextTask();
  const tracking = createTrackingActor(api);
  const checkOrderInProgress = followOrderInProgress({ basket, acceptance, tracking, storage: createOrderInProgressStorage(window.localStorage) });
  const analytics = createAnalytics(config);
  await nextTask();
  const router = createAppRouter({
    api,
    auth,
    basket,
    journey,
    payment,
    payPal: config.payPal,
    acceptance,
    tracking,
    coreData,
    // The server's render passed the settings gate for this path; the hydrated matches do not run it again.
    appStart: { settingsChecked: hydrating },
    pages,
    // A hydrated /order has the menu in the router's dehydrated loader data: the next visit asks the API.
    menuFromPage: createMenuFromPage(hydrating ? undefined : boot.menu),
    analytics,
    appVersion: config.appVersion,
    ...(config.webPushPublicKey ? { webPushPublicKey: config.webPushPublicKey } : {}),
    ...(nativeClient && config.minimumAppVersion
      ? { nativeAppVersions: { installed: nativeClient.appVersion, oldestSupported: config.minimumAppVersion } }
      : {}),
  });
  await nextTask();
  // The router asks for a route's code only once the settings gate has passed; this page's code downloads alongside the core data instead.
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) router.loadRouteChunk(route)?.catch(() => undefined);

  const onRouteChange = createRouteChangeEffects({
    document,
    storage: window.localStorage,
    analytics,
    restaurantName: () => coreData.current()?.name,
    checkOrderStatus: checkOrderInProgress,
    arriveAtNewPage,
  });
  followLocation(router, journey);
  const titleSuffix = () => pageFactsOf(router.state.matches)?.title;
  router.subscribe('onResolved', (event) => onRouteChange(event.toLocation.pathname, titleSuffix()));
  // A hydrated start resolves nothing on the client: its first route change is the hydrated page's first render.
  router.subscribe('onRendered', (event) => onRouteChange(event.toLocation.pathname, titleSuffix()));
  // Links opened from outside and tapped notifications go where they point, in the same way.
  const navigateTo = (href: string) => void router.navigate({ href });
  void listenForDeepLinks(navigateTo);
  // The push layer is the app's alone: the website's first load does not carry it.
  if (isNativeApp()) void import('./platform/nativePush').then(({ startNativePush }) => startNativePush(api, navigateTo));

  const app = (router: ReactNode) => (
    <StrictMode>
      <MantineProvider theme={theme} withCssVariables={false}>
        <MarkHydrated>{router}</MarkHydrated>
      </MantineProvider>
    </StrictMode>
  );
  if (hydrating) {
    // The router scrolls to the top on each render it commits unless told otherwise (its `resetScroll`): on the
    // hydrated page's first render that threw a visitor who had already scrolled the served menu back to its top, and
    // the dish under their next tap with it. The page was opened at its top; where the visitor is now is theirs.
    router._scroll.n = false;
    // React hydrates the server's markup in slices, the part the visitor touches first (its Suspense boundary); the
    // router takes its matches from the scripts the server wrote (docs/first-paint.md).
    hydrateRoot(rootElement, app(<RouterClient router={router} />), { onRecoverableError: reportRecoverableError });
  } else {
    const root = createRoot(rootElement, { onRecoverableError: reportRecoverableError });
    // As a transition React renders the first page in slices between which the browser can answer a tap.
    startTransition(() => root.render(app(<RouterProvider router={router} />)));
  }
}

/** The router's scripts in the served page, run as it was parsed, left its dehydrated matches for the browser. */
function isServerRendered(): boolean {
  return '$_TSR' in window;
}

/** Said in the console with a text of its own, so that a browser test can count them (tests/e2e/hydration.spec.ts). */
function reportRecoverableError(error: unknown, info: ErrorInfo): void {
  console.error('React recoverable error:', error, info.componentStack ?? '');
}

/**
 * Marks the moment the page is the app's (`app:hydrated`, which `npm run bench` and the browser tests read): the first commit, hydrating the
 * server's markup or rendering the page, a parent's passive effect running after its children's.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (document.documentElement.hasAttribute('data-hydrated')) return;
    performance.mark(HYDRATED_EVENT);
    // For a browser test whose installed clock stands in for `performance`.
    document.documentElement.setAttribute('data-hydrated', '');
    // The taps held since the first paint are made now (src/domain/earlyTaps.ts).
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return children;
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
start(rootElement).catch((error: unknown) => showStartFailure(rootElement, error));
