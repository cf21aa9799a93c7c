import { useEffect, useRef } from 'react';
import { formatPounds } from '../../domain/money';
import { announce } from './announcer';

export const totalAnnouncement = (total: number) => `Basket total ${formatPounds(total)}`;

/**
 * Says the basket's total politely when it changes while the screen is shown (a line changed, a voucher or a delivery
 * charge applied): not the first figure (the page's arrival is said already), and once per change. `total` is the
 * server's (undefined until it has priced the basket).
 */
export function useAnnounceTotal(total: number | undefined): void {
  const totalBefore = useRef(total);
  useEffect(() => {
    const before = totalBefore.current;
    totalBefore.current = total;
    if (before !== undefined && total !== undefined && total !== before) announce(totalAnnouncement(total));
  }, [total]);
}
