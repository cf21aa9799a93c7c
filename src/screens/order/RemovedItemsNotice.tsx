import { Alert } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useBasketActor } from './useBasket';

/** A saved basket checked against a changed menu: say which dishes had to go, until the customer dismisses it. */
export function RemovedItemsNotice() {
  const basket = useBasketActor();
  const removedItems = useSelector(basket, (snapshot) => snapshot.context.removedItems);
  if (removedItems.length === 0) return null;
  return (
    <Alert
      color="imperialGold"
      title="Our menu has changed since you started this order"
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss the menu change notice"
      onClose={() => basket.send({ type: 'DISMISS_REMOVED_ITEMS' })}
    >
      {`We removed from your basket what is no longer on the menu: ${removedItems.join(', ')}.`}
    </Alert>
  );
}
