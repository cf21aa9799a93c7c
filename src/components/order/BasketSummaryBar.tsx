import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BASKET_BAR_ID, SkipLinkToBasket } from '../a11y/SkipLinks';
import { formatPounds } from '../../domain/money';
import classes from './BasketSummaryBar.module.css';

export function itemCountText(itemCount: number): string {
  return `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
}

/** Kept at the bottom of the screen, so the basket is one tap away however far down the menu a phone has scrolled. */
export function BasketSummaryBar({ itemCount, itemCost }: { itemCount: number; itemCost: number }) {
  if (itemCount === 0) return null;
  return (
    <div className={classes.bar}>
      <SkipLinkToBasket />
      <Button id={BASKET_BAR_ID} component={Link} to="/basket" fullWidth size="md">
        {`View basket (${itemCountText(itemCount)}) ${formatPounds(itemCost)}`}
      </Button>
    </div>
  );
}
