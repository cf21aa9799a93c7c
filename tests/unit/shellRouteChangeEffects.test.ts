// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '../../src/platform/analytics';
import { IN_PROGRESS_ORDER_KEY, type StoredOrderInProgress } from '../../src/platform/orderInProgressStorage';
import { ROUTE_MANIFEST } from '../../src/server/routeManifest.gen';
import { HEADER_ELEMENT_ID, createRouteChangeEffects } from '../../src/shell/routeChangeEffects';

function recordingAnalytics(): Analytics & { paths: string[] } {
  const paths: string[] = [];
  return { paths, pageView: (path) => paths.push(path) };
}

afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
});

describe('the effects of a route change', () => {
  it('sets the title, sends a page view with the path and, after the first load, scrolls the header into view', () => {
    document.body.innerHTML = `<header id="${HEADER_ELEMENT_ID}"></header>`;
    const header = document.getElementById(HEADER_ELEMENT_ID)!;
    const scrolls: unknown[] = [];
    header.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => void scrolls.push(options);
    const analytics = recordingAnalytics();
    const checkOrderStatus = vi.fn();
    const onRouteChange = createRouteChangeEffects({
      document,
      storage: window.localStorage,
      analytics,
      restaurantName: () => 'Golden Dragon',
      checkOrderStatus,
      arriveAtNewPage: () => undefined,
    });

    onRouteChange('/', ROUTE_MANIFEST['/']?.title);
    onRouteChange('/privacy', ROUTE_MANIFEST['/privacy']?.title);

    expect(document.title).toBe('Golden Dragon | Privacy Policy');
    expect(analytics.paths).toEqual(['/', '/privacy']);
    // Not on the first load: a page just opened is at its top already, and the scroll would force a layout at start-up.
    expect(scrolls).toEqual([{ block: 'start' }]);
    expect(checkOrderStatus).not.toHaveBeenCalled();
  });

  it('checks the order status on every change while an order is in progress', () => {
    const order: StoredOrderInProgress = { basketId: 'basket-7', orderRef: 'order-7' };
    window.localStorage.setItem(IN_PROGRESS_ORDER_KEY, JSON.stringify(order));
    const checked: StoredOrderInProgress[] = [];
    const onRouteChange = createRouteChangeEffects({
      document,
      storage: window.localStorage,
      analytics: recordingAnalytics(),
      restaurantName: () => 'Golden Dragon',
      checkOrderStatus: (stored) => void checked.push(stored),
      arriveAtNewPage: () => undefined,
    });

    onRouteChange('/order', ROUTE_MANIFEST['/order']?.title);
    onRouteChange('/track', ROUTE_MANIFEST['/track']?.title);
    onRouteChange('/order', ROUTE_MANIFEST['/order']?.title);

    expect(checked).toEqual([order, order, order]);
    expect(document.title).toBe('Golden Dragon | Add items to your order');
  });

  it('treats a second report of the same path as no route change', () => {
    const analytics = recordingAnalytics();
    const onRouteChange = createRouteChangeEffects({
      document,
      storage: window.localStorage,
      analytics,
      restaurantName: () => 'Golden Dragon',
      checkOrderStatus: () => undefined,
      arriveAtNewPage: () => undefined,
    });

    onRouteChange('/terms', ROUTE_MANIFEST['/terms']?.title);
    onRouteChange('/terms', ROUTE_MANIFEST['/terms']?.title);
    onRouteChange('/cookies', ROUTE_MANIFEST['/cookies']?.title);
    onRouteChange('/terms', ROUTE_MANIFEST['/terms']?.title);

    expect(analytics.paths).toEqual(['/terms', '/cookies', '/terms']);
  });

  it('takes the reader to each new page by its title, but not on the first load', () => {
    const arrivals: string[] = [];
    const onRouteChange = createRouteChangeEffects({
      document,
      storage: window.localStorage,
      analytics: recordingAnalytics(),
      restaurantName: () => 'Golden Dragon',
      checkOrderStatus: () => undefined,
      arriveAtNewPage: (title) => void arrivals.push(title),
    });

    onRouteChange('/', ROUTE_MANIFEST['/']?.title);
    onRouteChange('/order', ROUTE_MANIFEST['/order']?.title);
    onRouteChange('/order', ROUTE_MANIFEST['/order']?.title);
    onRouteChange('/basket', ROUTE_MANIFEST['/basket']?.title);

    expect(arrivals).toEqual(['Golden Dragon | Add items to your order', 'Golden Dragon | Manage your order basket']);
  });
});
