import { ANNOUNCER_ELEMENT_ID, URGENT_ANNOUNCER_ELEMENT_ID } from './announcer';
import classes from './a11y.module.css';

/**
 * The app's live regions (see announcer.ts): the polite one for page changes and a changed total, the assertive one
 * for a refused field. The assertive one has no role: an always-present `alert` would be one more alert on every page.
 */
export function LiveAnnouncer() {
  return (
    <>
      <div id={ANNOUNCER_ELEMENT_ID} role="status" aria-live="polite" aria-atomic="true" className={classes.visuallyHidden} />
      <div id={URGENT_ANNOUNCER_ELEMENT_ID} aria-live="assertive" aria-atomic="true" className={classes.visuallyHidden} />
    </>
  );
}
