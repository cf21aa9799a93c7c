import { announce, clearAnnouncement } from './announcer';
import { MAIN_CONTENT_ID } from './SkipLinks';

// A screen whose code or data is still arriving draws its heading a little after the route change.
const HEADING_WAIT_MS = 5000;

function focusWhenDrawn(doc: Document, deadline: number): void {
  const heading = doc.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
  if (heading) {
    // Focusable from script only: not a Tab stop, and (focus.css) no ring on a heading that is not a control.
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return;
  }
  if (Date.now() < deadline) requestAnimationFrame(() => focusWhenDrawn(doc, deadline));
}

/**
 * After a route change (not the first load): keyboard and screen-reader users start at the new page's heading rather
 * than at the top of the body, and hear which page it is.
 */
export function arriveAtNewPage(title: string, doc: Document = document): void {
  clearAnnouncement('assertive', doc);
  announce(title, { doc });
  // After the router's render has been committed, so the heading found is the new page's.
  requestAnimationFrame(() => focusWhenDrawn(doc, Date.now() + HEADING_WAIT_MS));
}
