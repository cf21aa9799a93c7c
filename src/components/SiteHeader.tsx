import { Burger } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, rootRouteId, useLocation, useMatches, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../actors/firstVisit';
import { useEffect, useRef, useState } from 'react';
import { pageFactsOf, type PageFacts } from '../domain/routeFacts';
import { isNavigationCurrent } from '../shell/highlighting';
import { HEADER_ELEMENT_ID } from '../shell/routeChangeEffects';
import { Logo } from './Logo';
import { ACCOUNT_LINK_SECTION, TOP_NAVIGATION } from './navigation';
import classes from './SiteHeader.module.css';

// The router marks a link current on its own path too; kept to exact matches, that agrees with the
// routes' `navigation` facts (each item's own route says so), which decide every other path.
const NO_AUTOMATIC_ACTIVE = { exact: true, includeSearch: false } as const;
const MOBILE_MENU_ID = 'mobile-menu';
/** SPEC §9. */
const ACCOUNT_ICON_SIZE = 35;

function currentIf(highlighted: boolean): 'page' | undefined {
  return highlighted ? 'page' : undefined;
}

/** The facts of the page shown, whose `navigation` fact says which link is current. */
function usePageFacts(): PageFacts | undefined {
  return useMatches({ select: pageFactsOf });
}

function NavigationItems({ pathname, linkClassName, onNavigate }: { pathname: string; linkClassName: string; onNavigate?: () => void }) {
  const facts = usePageFacts();
  return TOP_NAVIGATION.map((item) => (
    <li key={item.to}>
      <Link
        to={item.to}
        onClick={onNavigate}
        aria-current={currentIf(isNavigationCurrent(item, facts, pathname))}
        activeOptions={NO_AUTOMATIC_ACTIVE}
        className={linkClassName}
      >
        {item.label}
      </Link>
    </li>
  ));
}

function AccountLink({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const auth = useRouteContext({ from: rootRouteId, select: (context) => context.auth });
  const signedIn = useSelector(auth, (snapshot) => snapshot.matches('signedIn'));
  const to = signedIn ? '/account' : '/login';
  const current = isNavigationCurrent({ to, ...ACCOUNT_LINK_SECTION }, usePageFacts(), pathname);
  return (
    <Link
      to={to}
      aria-label={signedIn ? 'Your account' : 'Login or register'}
      aria-current={currentIf(current)}
      activeOptions={NO_AUTOMATIC_ACTIVE}
      onClick={onNavigate}
      className={classes.account}
    >
      <IconUserCircle size={ACCOUNT_ICON_SIZE} stroke={1.5} aria-hidden="true" />
    </Link>
  );
}

export function SiteHeader() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const restaurantName = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.name });
  const [menuOpened, setMenuOpened] = useState(false);
  const closeMenu = () => setMenuOpened(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Back and forward buttons navigate without a click on the menu; the menu must not outlive its page.
  useEffect(closeMenu, [pathname]);

  useEffect(() => {
    if (!menuOpened) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpened(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpened]);

  return (
    <header id={HEADER_ELEMENT_ID} className={classes.header}>
      <div className={classes.bar}>
        <div className={classes.brand}>
          <Link
            to="/"
            aria-label={restaurantName ? `${restaurantName} home` : 'Home'}
            activeOptions={NO_AUTOMATIC_ACTIVE}
            onClick={closeMenu}
            className={classes.logoLink}
          >
            <Logo size={44} />
          </Link>
          {restaurantName && <span className={classes.tradingName}>{restaurantName}</span>}
        </div>
        <nav aria-label="Main" className={classes.desktopNav}>
          <ul className={classes.navList}>
            <NavigationItems pathname={pathname} linkClassName={classes.navLink} />
          </ul>
        </nav>
        <AccountLink pathname={pathname} onNavigate={closeMenu} />
        <Burger
          ref={menuButton}
          className={classes.burger}
          color="white"
          opened={menuOpened}
          onClick={() => setMenuOpened((opened) => !opened)}
          aria-label="Menu"
          aria-expanded={menuOpened}
          aria-controls={MOBILE_MENU_ID}
        />
      </div>
      {/* A disclosure rather than a modal drawer: nothing to trap, and no overlay code on the first load. */}
      <nav id={MOBILE_MENU_ID} aria-label="Menu" hidden={!menuOpened} className={classes.mobileMenu}>
        <ul className={classes.mobileNavList}>
          <li>
            <Link to="/" onClick={closeMenu} activeOptions={NO_AUTOMATIC_ACTIVE} className={classes.mobileNavLink}>
              Home
            </Link>
          </li>
          <NavigationItems pathname={pathname} linkClassName={classes.mobileNavLink} onNavigate={closeMenu} />
        </ul>
      </nav>
    </header>
  );
}
