import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { RESTAURANT_CONFIRMATION_PATH } from '../../../machines/acceptance/acceptanceMachine';
import { OrderNumber } from '../../components/order/OrderNumber';
import { OrderUpdatesControl } from '../../components/order/OrderUpdatesControl';
import { slotLabel } from '../../components/order/timeSlotLabels';
import { AcceptanceStatus } from '../../domain/orderEnums';
import { useAcceptanceActor, useFollowAcceptance } from './useAcceptance';

/**
 * `/restaurant-confirmation`: the confirmed order waiting for the restaurant's answer (docs/acceptance-and-kitchen.md).
 * Requested: what happens next and "Cancel order"; Updated: the proposed time, "Accept new time" or "Cancel order".
 * The answer moves the customer on by itself (useFollowAcceptance).
 */
export function RestaurantConfirmationScreen() {
  useFollowAcceptance(RESTAURANT_CONFIRMATION_PATH);
  const acceptance = useAcceptanceActor();
  const order = useSelector(acceptance, (snapshot) => snapshot.context.order);
  const request = useSelector(acceptance, (snapshot) => snapshot.context.request);
  const error = useSelector(acceptance, (snapshot) => snapshot.context.error);
  const failed = useSelector(acceptance, (snapshot) => snapshot.matches('failed'));
  const cancelling = useSelector(acceptance, (snapshot) => snapshot.matches('cancelling'));
  const acceptingNewTime = useSelector(acceptance, (snapshot) => snapshot.matches('acceptingNewTime'));
  const canCancel = useSelector(acceptance, (snapshot) => snapshot.can({ type: 'CANCEL' }));
  const canAcceptNewTime = useSelector(acceptance, (snapshot) => snapshot.can({ type: 'ACCEPT_NEW_TIME' }));
  const checkingAfterFailure = useSelector(acceptance, (snapshot) => snapshot.matches('checking') && snapshot.context.error !== undefined);

  if (order === undefined) {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>Waiting for the restaurant</Title>
        <Text>There is no order waiting for the restaurant.</Text>
        <Anchor component={Link} to="/order" w="fit-content">
          Browse the menu
        </Anchor>
      </Stack>
    );
  }

  const updated = request?.orderStatus === AcceptanceStatus.Updated;
  return (
    <Stack gap="md" py="md" maw={36 * 16}>
      <Title order={1}>{updated ? 'The restaurant has proposed a new time' : 'Waiting for the restaurant to accept your order'}</Title>
      {updated ? (
        <Stack gap="xs" aria-live="polite">
          <Text>The restaurant cannot have your order ready for the time you chose. It can have it ready for</Text>
          <Text fw={700} size="xl" role="status" aria-label="Proposed time">
            {slotLabel(request.updateTime, new Date())}
          </Text>
          <Text>Accept the new time to confirm your order, or cancel it.</Text>
        </Stack>
      ) : (
        <Stack gap="xs" aria-live="polite">
          <Text>Your order has been sent to the restaurant. It usually answers within a few minutes.</Text>
          <Text>
            Keep this page open: it checks every 10 seconds and shows your order confirmation as soon as the restaurant accepts
            it.
          </Text>
          {request && <Text>{`Requested for ${slotLabel(request.updateTime, new Date())}`}</Text>}
          {!request && !failed && <Text c="dimmed">Sending your order to the restaurant…</Text>}
        </Stack>
      )}
      <OrderNumber orderNumber={request?.orderNumber} orderRef={order.orderRef} />
      <OrderUpdatesControl key={order.basketId} basketId={order.basketId} />
      {failed && (
        <Alert color="lacquerRed" title="We could not check your order" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error?.message ?? 'Please try again in a moment.'}</Text>
            <Button variant="light" onClick={() => acceptance.send({ type: 'CHECK' })}>
              Check again
            </Button>
          </Stack>
        </Alert>
      )}
      {checkingAfterFailure && <Text c="dimmed">Checking your order…</Text>}
      <Group gap="sm">
        {(canAcceptNewTime || acceptingNewTime) && (
          <Button size="md" onClick={() => acceptance.send({ type: 'ACCEPT_NEW_TIME' })} loading={acceptingNewTime} disabled={cancelling}>
            Accept new time
          </Button>
        )}
        {(canCancel || cancelling) && (
          <Button size="md" variant="outline" color="lacquerRed" onClick={() => acceptance.send({ type: 'CANCEL' })} loading={cancelling} disabled={acceptingNewTime}>
            Cancel order
          </Button>
        )}
      </Group>
    </Stack>
  );
}
