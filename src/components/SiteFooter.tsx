import { Link, rootRouteId, useLocation, useRouteContext } from '@tanstack/react-router';
import { isCurrentPath } from '../shell/highlighting';
import { FOOTER_LINKS } from './navigation';
import classes from './SiteFooter.module.css';

export function SiteFooter() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const appVersion = useRouteContext({ from: rootRouteId, select: (context) => context.appVersion });
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <nav aria-label="Site information">
          <ul className={classes.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={isCurrentPath(pathname, link.to) ? 'page' : undefined}
                  activeOptions={{ exact: true, includeSearch: false }}
                  className={classes.link}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={classes.version}>Version {appVersion}</p>
      </div>
    </footer>
  );
}
