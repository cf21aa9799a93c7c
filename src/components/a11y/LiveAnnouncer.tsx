import { ANNOUNCER_ELEMENT_ID } from './announcer';
import classes from './a11y.module.css';

/** The app's one polite live region: page changes, a dish added, a changed total (see announcer.ts). */
export function LiveAnnouncer() {
  return <div id={ANNOUNCER_ELEMENT_ID} role="status" aria-live="polite" aria-atomic="true" className={classes.visuallyHidden} />;
}
