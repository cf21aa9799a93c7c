import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import classes from './a11y.module.css';

export const MAIN_CONTENT_ID = 'main-content';
export const BASKET_BAR_ID = 'basket-bar';
const SKIP_LINKS_ID = 'skip-links';

/** Focuses the target itself: a bare fragment would only scroll, and would leave a `#` in the address. */
function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
  };
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={skip}>
      {children}
    </a>
  );
}

/** The page's first Tab stops (WCAG 2.4.1); a screen adds its own through SkipLinkToBasket. */
export function SkipLinks() {
  return (
    <div id={SKIP_LINKS_ID} className={classes.skipLinks}>
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
    </div>
  );
}

/** Drawn with the basket bar, so the link is there exactly while the bar is. */
export function SkipLinkToBasket() {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.getElementById(SKIP_LINKS_ID)), []);
  if (!container) return null;
  return createPortal(<SkipLink targetId={BASKET_BAR_ID}>Skip to basket</SkipLink>, container);
}
