import type { AcceptanceActor } from '../actors/acceptance';
import type { AuthActor } from '../actors/auth';
import type { BasketActor } from '../actors/basket';
import type { LazyActor } from '../actors/lazyActor';
import type { OrderJourneyActor } from '../actors/orderJourney';
import type { PaymentActor } from '../actors/payment';
import type { TrackingActor } from '../actors/tracking';
import type { ApiClient } from '../api/client';
import type { components } from '../api/schema.gen';
import type { NativeAppVersions } from '../domain/appVersions';
import type { RouteFacts } from '../domain/routeFacts';
import type { Analytics } from '../platform/analytics';
import type { PayPalConfig } from '../platform/config';
import type { CoreDataCache } from './coreDataCache';
import type { MenuFromPage } from './menuFromPage';
import type { PageDataCache } from './pageDataCache';

export type RestaurantData = components['schemas']['RestaurantData'];

/** What every route's guard and screen can reach: the app's long-lived parts, created once in main.tsx. */
export interface RouterContext {
  api: ApiClient;
  auth: AuthActor;
  /** The basket statechart's actor, restored from the browser's storage: the ordering steps' guards read it. */
  basket: BasketActor;
  /** The order journey's router (machines/orderJourney), made when the first journey page after the menu opens: it moves the customer along the journey and its pages' guards read it. */
  journey: LazyActor<OrderJourneyActor>;
  /** The payment statechart's actor (machines/payment), made when a payment page first needs it: /payment, /paymentProcessing and /paymentIssue show it. */
  payment: LazyActor<PaymentActor>;
  /** PayPal's settings from /config.json, for /payment's script. */
  payPal: PayPalConfig;
  /** The restaurant's answer to the confirmed order, polled (machines/acceptance): /restaurant-confirmation reads it. */
  acceptance: AcceptanceActor;
  /** The order's progress in the kitchen, polled while it is active (machines/tracking): /track reads it. */
  tracking: TrackingActor;
  coreData: CoreDataCache<RestaurantData>;
  /**
   * SPEC §2's rule for the app's start (a path off the public list goes through `/`) applies once, to the first route:
   * set by the settings gate then. Not read from the core data being held, which the site's HTML may bring.
   */
  appStart: { settingsChecked: boolean };
  /** The gallery and the content pages, each fetched once: a route's loader asks early and its screen reads the answer. */
  pages: PageDataCache;
  /** The menu a first load at `/order` brought in its HTML, for `/order`'s loader. */
  menuFromPage: MenuFromPage;
  analytics: Analytics;
  /** SPEC §9: sent with orders and shown in the footer. */
  appVersion: string;
  /** The site's VAPID key for web push (src/platform/webPush.ts); absent where the server offers none. */
  webPushPublicKey?: string;
  /** Inside the native apps only: the installed version and the oldest the server supports (the root route's guard). */
  nativeAppVersions?: NativeAppVersions;
}

declare module '@tanstack/react-router' {
  /** Required of every route, so that a route without its facts does not type-check (docs/routes.md). */
  interface StaticDataRouteOption {
    /** The route's page facts (title, highlighting, start rule, first paint, sitemap), or `layout` for a route that only frames. */
    facts: RouteFacts;
    /** The route and its children are a staff layout (`_kitchen`): the root draws them without the site's header and footer. */
    staffFrame?: boolean;
  }
}
