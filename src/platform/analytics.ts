export interface Analytics {
  pageView(path: string): void;
}

export interface AnalyticsConfig {
  analyticsMeasurementId?: string;
  analyticsRecorder?: boolean;
}

export interface RecordedPageView {
  path: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    __analyticsPageViews?: RecordedPageView[];
  }
}

function createGoogleAnalytics(measurementId: string): Analytics {
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  // gtag.js reads the `arguments` objects themselves from dataLayer, not arrays.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- gtag.js wants the arguments object itself (above).
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  // Page views are sent by the router on every route change, so the automatic first one is turned off.
  gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
  return {
    pageView(path) {
      gtag('event', 'page_view', { page_path: path, page_location: window.location.href, page_title: document.title });
    },
  };
}

function createPageViewRecorder(publish: boolean): Analytics {
  const pageViews: RecordedPageView[] = [];
  if (publish) window.__analyticsPageViews = pageViews;
  return {
    pageView(path) {
      pageViews.push({ path });
    },
  };
}

/** GA4 when a measurement id is configured; otherwise page views stay in memory (published only for browser tests). */
export function createAnalytics(config: AnalyticsConfig): Analytics {
  if (config.analyticsMeasurementId) return createGoogleAnalytics(config.analyticsMeasurementId);
  return createPageViewRecorder(config.analyticsRecorder === true);
}
