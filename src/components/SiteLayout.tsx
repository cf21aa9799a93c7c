import { Outlet, useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './a11y/focus.css';
import { LiveAnnouncer } from './a11y/LiveAnnouncer';
import { MAIN_CONTENT_ID, SkipLinks } from './a11y/SkipLinks';
import { SignedOutNotice } from './SignedOutNotice';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import classes from './SiteLayout.module.css';

/** The page's main landmark, with the app's live regions in it (axe asks that all content be in a landmark). */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} className={classes.main} tabIndex={-1}>
      {children}
      <LiveAnnouncer />
    </main>
  );
}

/**
 * The root's frame: the site's header and footer around the page, except for a staff layout route (`staticData.staffFrame`),
 * which draws its own bar and main landmark in their place (the kitchen's tablet has no use for the public navigation).
 */
export function SiteLayout() {
  const staffFrame = useMatches({ select: (matches) => matches.some((match) => match.staticData.staffFrame === true) });
  if (staffFrame) {
    return (
      <div className={classes.page}>
        <SkipLinks />
        <Outlet />
      </div>
    );
  }
  return (
    <div className={classes.page}>
      <SkipLinks />
      <SiteHeader />
      <PageMain>
        <SignedOutNotice />
        <Outlet />
      </PageMain>
      <SiteFooter />
    </div>
  );
}
