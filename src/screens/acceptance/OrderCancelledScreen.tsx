import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useJourneyActor } from '../../actors/useJourneyActor';
import { useState } from 'react';
import { isRebuilding } from '../../../machines/basket/basketMachine';
import { moneyOnCancel } from '../../domain/cancelMoney';
import { unavailableItemsSentence } from '../../domain/orderRefusal';
import { useAcceptanceActor } from './useAcceptance';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/**
 * `/order-cancelled`: the restaurant refused the order (with its reason, and the dishes it named as unavailable), or the
 * customer cancelled it; what happens to the money either way. "Order again" brings the order's basket back without the
 * unavailable dishes (`REBUILD_ORDER` from the ended order), or opens the menu when there is no order to start from.
 */
export function OrderCancelledScreen() {
  const acceptance = useAcceptanceActor();
  const basket = useRouteContext({ from: rootRouteId, select: (context) => context.basket });
  const journey = useJourneyActor();
  const refused = useSelector(acceptance, (snapshot) => snapshot.matches('refused'));
  const cancelledByCustomer = useSelector(acceptance, (snapshot) => snapshot.matches('cancelled'));
  const request = useSelector(acceptance, (snapshot) => (snapshot.hasTag('ended') ? snapshot.context.request : undefined));
  const order = useSelector(acceptance, (snapshot) => snapshot.context.order);
  // After a reload the stored order is read again before the page can say how it ended.
  const reading = useSelector(acceptance, (snapshot) => snapshot.hasTag('busy'));
  const rebuilding = useSelector(basket, isRebuilding);
  const failure = useSelector(basket, (snapshot) => snapshot.context.error);
  const [asked, setAsked] = useState(false);
  const ended = order !== undefined && (refused || cancelledByCustomer);

  const unavailable = refused && request ? unavailableItemsSentence(request.unavailableItems) : undefined;
  // The journey router rebuilds the ended order's basket and shows it, or opens the menu when there is none.
  const orderAgain = () => {
    setAsked(ended);
    journey.send({ type: 'ORDER_AGAIN', ...(ended ? { orderId: order.basketId } : {}) });
  };

  if (reading) {
    return (
      <Stack gap="md" py="md" maw={36 * 16}>
        <Title order={1}>Your order</Title>
        <Text c="dimmed">Checking your order…</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>{refused ? 'The restaurant could not accept your order' : 'Your order has been cancelled'}</Title>
      {unavailable && (
        <Text fw={700} size="lg">
          {unavailable}
        </Text>
      )}
      {refused && <Text>{request?.refusalReason ?? 'The restaurant did not give a reason.'}</Text>}
      {cancelledByCustomer && <Text>You cancelled your order.</Text>}
      {!refused && !cancelledByCustomer && <Text>This order will not go ahead.</Text>}
      {ended && request && <Text>{moneyOnCancel(request.payment)}</Text>}
      {ended && <Text size="sm" c="dimmed">{`Order reference ${order.orderRef}`}</Text>}
      {asked && failure && !rebuilding && (
        <Alert color="lacquerRed" role="alert" title="Your order could not be put back in the basket">
          {failure.message ?? 'Please try again in a moment.'}
        </Alert>
      )}
      <Button w="fit-content" onClick={orderAgain} loading={rebuilding}>
        Order again
      </Button>
    </Stack>
  );
}
