import type { MouseEvent } from 'react';
import classes from './CategoryJumpList.module.css';

export function categorySectionId(categoryId: number): string {
  return `menu-category-${categoryId}`;
}

/**
 * Stays at the top of a phone's screen while the menu scrolls beneath it. `beforeJump` lets a menu that renders
 * its categories progressively render them all before the list looks for the section to scroll to.
 */
export function CategoryJumpList({
  categories,
  beforeJump,
}: {
  categories: { categoryId: number; category: string }[];
  beforeJump?: () => void;
}) {
  // The router owns the URL; a hash change would be a navigation, so the link only scrolls its section into view.
  function jumpTo(event: MouseEvent<HTMLAnchorElement>, categoryId: number) {
    event.preventDefault();
    beforeJump?.();
    const section = document.getElementById(categorySectionId(categoryId));
    section?.scrollIntoView({ block: 'start' });
    section?.focus({ preventScroll: true });
  }

  return (
    <nav aria-label="Jump to a category" className={classes.nav}>
      <ul className={classes.list}>
        {categories.map(({ categoryId, category }) => (
          <li key={categoryId}>
            <a className={classes.link} href={`#${categorySectionId(categoryId)}`} onClick={(event) => jumpTo(event, categoryId)}>
              {category}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
