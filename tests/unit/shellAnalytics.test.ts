// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAnalytics } from '../../src/platform/analytics';

afterEach(() => {
  delete window.__analyticsPageViews;
  delete window.dataLayer;
  document.head.innerHTML = '';
});

describe('the analytics adapter', () => {
  it('without a measurement id records page views and publishes them only for tests', () => {
    const analytics = createAnalytics({ analyticsRecorder: true });
    analytics.pageView('/order');
    analytics.pageView('/privacy');
    expect(window.__analyticsPageViews).toEqual([{ path: '/order' }, { path: '/privacy' }]);
    expect(document.querySelector('script')).toBeNull();
  });

  it('keeps production pages clean: no published recorder and no script without the test flag', () => {
    createAnalytics({}).pageView('/order');
    expect(window.__analyticsPageViews).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
    expect(document.querySelector('script')).toBeNull();
  });

  it('with a measurement id loads gtag once and sends page_view with the path', () => {
    const analytics = createAnalytics({ analyticsMeasurementId: 'G-TEST123' });
    analytics.pageView('/gallery');
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    const calls = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(calls[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(calls[2]).toEqual(['event', 'page_view', expect.objectContaining({ page_path: '/gallery' })]);
    expect(window.__analyticsPageViews).toBeUndefined();
  });
});
