import { Outlet } from '@tanstack/react-router';
import './a11y/focus.css';
import { LiveAnnouncer } from './a11y/LiveAnnouncer';
import { MAIN_CONTENT_ID, SkipLinks } from './a11y/SkipLinks';
import { SignedOutNotice } from './SignedOutNotice';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import classes from './SiteLayout.module.css';

export function SiteLayout() {
  return (
    <div className={classes.page}>
      <SkipLinks />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className={classes.main} tabIndex={-1}>
        <SignedOutNotice />
        <Outlet />
        {/* Within a landmark: axe asks that all content be in one. */}
        <LiveAnnouncer />
      </main>
      <SiteFooter />
    </div>
  );
}
