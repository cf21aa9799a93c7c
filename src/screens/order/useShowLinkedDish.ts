import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { menuItemAddButtonId, menuItemHeadingId } from '../../components/order/MenuItemCard';

/**
 * Scrolls a linked dish (`/order?dish=…`) into view once its card is drawn, and moves focus to its Add button, so the
 * customer who chose it elsewhere adds it with one tap or key press. It waits for the navigation to settle and then
 * for the next frame: the route change first scrolls to the header and focuses the page's heading (routeChangeEffects,
 * newPage.ts), and the dish must come after that, not be undone by it. Once per dish: adding to the basket redraws the
 * menu, which must not scroll the customer back.
 */
export function useShowLinkedDish(dishId: number | undefined): void {
  const navigationSettled = useRouterState({ select: (state) => state.status === 'idle' });
  const shownDishId = useRef<number>(undefined);
  useEffect(() => {
    if (!navigationSettled || dishId === undefined || shownDishId.current === dishId) return;
    const frame = requestAnimationFrame(() => {
      shownDishId.current = dishId;
      document.getElementById(menuItemHeadingId(dishId))?.scrollIntoView({ block: 'center' });
      document.getElementById(menuItemAddButtonId(dishId))?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [navigationSettled, dishId]);
}
