import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatPounds } from './money';
import classes from './BasketSummaryBar.module.css';

/** Kept at the bottom of the screen, so the basket is one tap away however far down the menu a phone has scrolled. */
export function BasketSummaryBar({ itemCount, itemCost }: { itemCount: number; itemCost: number }) {
  if (itemCount === 0) return null;
  return (
    <div className={classes.bar}>
      <Button component={Link} to="/basket" fullWidth size="md">
        {`View basket (${itemCount} ${itemCount === 1 ? 'item' : 'items'}) ${formatPounds(itemCost)}`}
      </Button>
    </div>
  );
}
