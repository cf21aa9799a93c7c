import '@mantine/core/styles/List.css';
import { Alert, List, Text } from '@mantine/core';
import { useSelector } from '../../actors/firstVisit';
import { useBasketActor } from './useBasket';

/** What the customer does before the order can be placed or paid (the basket statechart waits for it). */
export const ACKNOWLEDGE_HINT = 'Close this notice to confirm you have seen the changes before you pay.';

/**
 * Dishes that could not stay in the basket (a saved basket checked against a changed menu, or a previous order
 * ordered again), and dishes whose price the restaurant has changed since they were added: say which, until the
 * customer dismisses it, so that nothing is charged at a price the customer did not see: the order cannot be placed or paid until it is closed.
 */
export function RemovedItemsNotice() {
  const basket = useBasketActor();
  const removedItems = useSelector(basket, (snapshot) => snapshot.context.removedItems);
  const repricedItems = useSelector(basket, (snapshot) => snapshot.context.repricedItems ?? []);
  if (removedItems.length === 0 && repricedItems.length === 0) return null;
  const title = removedItems.length === 0 ? 'Some prices have changed' : repricedItems.length === 0 ? 'Some dishes are no longer available' : 'The menu has changed';
  return (
    <Alert
      color="imperialGold"
      title={title}
      role="alert"
      withCloseButton
      closeButtonLabel={removedItems.length > 0 ? 'Dismiss the notice of dishes no longer available' : 'Dismiss the notice of changed prices'}
      onClose={() => basket.send({ type: 'DISMISS_REMOVED_ITEMS' })}
    >
      {removedItems.length > 0 && <Text size="sm">{`We removed from your basket what is no longer on the menu or not available now: ${removedItems.join(', ')}.`}</Text>}
      {repricedItems.length > 0 && (
        <>
          <Text size="sm">The restaurant has changed these prices, and your order now shows them:</Text>
          <List size="sm" aria-label="Prices changed">
            {repricedItems.map((change) => (
              <List.Item key={change}>{change}</List.Item>
            ))}
          </List>
        </>
      )}
      <Text size="sm">{ACKNOWLEDGE_HINT}</Text>
    </Alert>
  );
}
