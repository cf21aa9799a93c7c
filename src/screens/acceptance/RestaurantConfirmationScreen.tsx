import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { waitingStepOf, type OrderAcceptanceRequest } from '../../../machines/acceptance/acceptanceMachine';
import { formatPounds } from '../../domain/money';
import { slotLabel, slotTimeLabel } from '../../domain/timeSlotLabels';
import { OrderNumber } from '../../components/order/OrderNumber';
import { OrderUpdatesControl } from '../../components/order/OrderUpdatesControl';
import { AcceptanceStatus } from '../../domain/orderEnums';
import { CancelOrderDialog } from './CancelOrderDialog';
import { useAcceptanceActor } from './useAcceptance';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/**
 * What happens next to an order waiting for the restaurant, step by step: for a pre-order, the restaurant confirms it
 * from its answer time; the money paid online is held, not taken, until then; unanswered, it is refused and the money released.
 */
function WaitingSteps({ request, now }: { request: OrderAcceptanceRequest; now: Date }) {
  const step = waitingStepOf(request, now);
  const held = request.heldAmount ?? null;
  const refuseAt = request.autoRefuseAt ?? null;
  return (
    <Stack gap="xs" aria-live="polite">
      {step === 'waitingForOpening' && request.answerFrom !== undefined ? (
        <Text fw={700} role="status" aria-label="What happens next">
          {/* Not "when it opens": an order for later in the evening waits for its time while the restaurant is open. */}
          {`This is a pre-order. The restaurant will confirm it from ${slotLabel(request.answerFrom, now)}.`}
        </Text>
      ) : (
        <Text>Your order has been sent to the restaurant. It usually answers within a few minutes.</Text>
      )}
      {held !== null && (
        <Text>
          {step === 'waitingForOpening'
            ? `Your ${formatPounds(held)} is held until then, not taken. It is taken only when the restaurant accepts your order.`
            : `Your ${formatPounds(held)} is held, not taken. It is taken only when the restaurant accepts your order.`}
        </Text>
      )}
      {refuseAt !== null && (
        <Text>
          {`If the restaurant has not answered by ${slotTimeLabel(new Date(refuseAt))}, your order is refused automatically${held === null ? '' : ' and the money held is released'}.`}
        </Text>
      )}
    </Stack>
  );
}

/**
 * `/restaurant-confirmation`: the confirmed order waiting for the restaurant's answer (docs/acceptance-and-kitchen.md).
 * Requested: what happens next and "Cancel order"; Updated: the proposed time, "Accept new time" or "Cancel order".
 * The answer moves the customer on by itself (the journey router, machines/orderJourney).
 */
export function RestaurantConfirmationScreen() {
  const acceptance = useAcceptanceActor();
  const order = useSelector(acceptance, (snapshot) => snapshot.context.order);
  const request = useSelector(acceptance, (snapshot) => snapshot.context.request);
  const error = useSelector(acceptance, (snapshot) => snapshot.context.error);
  const failed = useSelector(acceptance, (snapshot) => snapshot.matches('failed'));
  const cancelling = useSelector(acceptance, (snapshot) => snapshot.matches('cancelling'));
  const askingToCancel = useSelector(acceptance, (snapshot) => snapshot.matches('askingToCancel'));
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
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
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
        <Stack gap="xs">
          {request && <WaitingSteps request={request} now={new Date()} />}
          <Text>Keep this page open: it checks every 10 seconds and shows your order confirmation as soon as the restaurant accepts it.</Text>
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
        {(canCancel || cancelling || askingToCancel) && (
          <Button
            size="md"
            variant="outline"
            color="lacquerRed"
            onClick={() => acceptance.send({ type: 'CANCEL' })}
            loading={cancelling}
            disabled={acceptingNewTime}
          >
            Cancel order
          </Button>
        )}
      </Group>
      <CancelOrderDialog
        opened={askingToCancel}
        payment={request?.payment}
        onCancel={() => acceptance.send({ type: 'CONFIRM_CANCEL' })}
        onKeep={() => acceptance.send({ type: 'KEEP_ORDER' })}
      />
    </Stack>
  );
}
