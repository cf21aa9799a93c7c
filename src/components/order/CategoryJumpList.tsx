import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
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
  const listRef = useRef<HTMLUListElement>(null);
  useMarkScrolledOut(listRef, categories);

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
      <ul ref={listRef} className={classes.list}>
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

/**
 * Marks the edges of a sideways-scrolling list beyond which it holds more (`data-more-before`, `data-more-after`), for
 * its stylesheet to fade them. Set on the element, not in state: scrolling re-renders nothing.
 */
function useMarkScrolledOut(listRef: RefObject<HTMLElement | null>, items: readonly unknown[]) {
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const mark = () => {
      const hidden = list.scrollWidth - list.clientWidth;
      list.toggleAttribute('data-more-before', list.scrollLeft > 1);
      list.toggleAttribute('data-more-after', list.scrollLeft < hidden - 1);
    };
    mark();
    list.addEventListener('scroll', mark, { passive: true });
    // The list's width, or its categories' (a web font arriving), changes what it holds out of view.
    const resized = new ResizeObserver(mark);
    for (const element of [list, ...list.children]) resized.observe(element);
    return () => {
      list.removeEventListener('scroll', mark);
      resized.disconnect();
    };
  }, [listRef, items]);
}
