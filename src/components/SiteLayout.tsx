import { Outlet } from '@tanstack/react-router';
import { SignedOutNotice } from './SignedOutNotice';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import classes from './SiteLayout.module.css';

export function SiteLayout() {
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <SignedOutNotice />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
