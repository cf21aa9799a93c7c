import { Alert } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useBasketActor } from './useBasket';

/**
 * Dishes that could not stay in the basket (a saved basket checked against a changed menu, or a previous order
 * ordered again): say which, until the customer dismisses it.
 */
export function RemovedItemsNotice() {
  const basket = useBasketActor();
  const removedItems = useSelector(basket, (snapshot) => snapshot.context.removedItems);
  if (removedItems.length === 0) return null;
  return (
    <Alert
      color="imperialGold"
      title="Some dishes are no longer available"
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss the notice of dishes no longer available"
      onClose={() => basket.send({ type: 'DISMISS_REMOVED_ITEMS' })}
    >
      {`We removed from your basket what is no longer on the menu or not available now: ${removedItems.join(', ')}.`}
    </Alert>
  );
}
