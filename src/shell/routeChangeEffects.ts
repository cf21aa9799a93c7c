import type { Analytics } from '../platform/analytics';
import { checkOrderInProgress, type OrderStatusCheck } from './orderStatusCheck';
import { titleFor } from '../domain/pageTitles';

export interface RouteChangeDependencies {
  document: Pick<Document, 'title' | 'getElementById'>;
  storage: Pick<Storage, 'getItem'>;
  analytics: Analytics;
  restaurantName(): string | undefined;
  checkOrderStatus: OrderStatusCheck;
  /** Not on the first load: the reader starts at the top of a page it has just opened. */
  arriveAtNewPage(title: string): void;
}

export const HEADER_ELEMENT_ID = 'site-header';

/** SPEC §2: what happens on each route change, in one place so that main.tsx only wires it to the router. */
export function createRouteChangeEffects(dependencies: RouteChangeDependencies): (pathname: string) => void {
  const { document, storage, analytics, restaurantName, checkOrderStatus, arriveAtNewPage } = dependencies;
  // The router may report one navigation as resolved more than once; only a new path is a route change.
  let previousPathname: string | undefined;
  return (pathname) => {
    if (pathname === previousPathname) return;
    const isFirstLoad = previousPathname === undefined;
    previousPathname = pathname;
    document.title = titleFor(pathname, restaurantName());
    analytics.pageView(pathname);
    // A page just opened starts at its top already; scrolling there would only force a layout while the phone is busiest.
    if (!isFirstLoad) {
      arriveAtNewPage(document.title);
      document.getElementById(HEADER_ELEMENT_ID)?.scrollIntoView({ block: 'start' });
    }
    checkOrderInProgress(storage, checkOrderStatus);
  };
}
