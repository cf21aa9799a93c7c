import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircle, IconCircleCheck, IconCircleDot } from '@tabler/icons-react';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useEffect, useState, type FormEvent } from 'react';
import type { ActiveOrder } from '../../../machines/tracking/trackingMachine';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';
import { OrderNumber } from '../../components/order/OrderNumber';
import { OrderUpdatesControl } from '../../components/order/OrderUpdatesControl';
import { cashInsteadNotice } from '../../domain/paymentLabels';
import { slotLabel } from '../../domain/timeSlotLabels';
import { customerKitchenStatusText, KITCHEN_STATUS_NAMES } from '../../domain/kitchenStatus';
import { isCalledOffByKitchen, isFinalOrderState } from '../../domain/orderFinality';
import { AcceptanceStatus, KitchenStatus, OrderType, type KitchenStatusValue } from '../../domain/orderEnums';

/** The cooking steps an order goes through, in order (a collection order has no delivery step). */
function progressSteps(orderType: ActiveOrder['orderType']): KitchenStatusValue[] {
  return orderType === OrderType.Delivery
    ? [KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery, KitchenStatus.Completed]
    : [KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.Completed];
}

function Progress({ order }: { order: ActiveOrder }) {
  const steps = progressSteps(order.orderType);
  const current = steps.indexOf(order.currentStatus);
  // A cancelled or refunded order is off the steps: they are not shown rather than shown half done.
  if (current === -1) return null;
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Order progress">
      {steps.map((status, index) => {
        const done = index < current || (index === current && status === KitchenStatus.Completed);
        const Icon = done ? IconCircleCheck : index === current ? IconCircleDot : IconCircle;
        return (
          <Text
            component="li"
            key={status}
            aria-current={index === current ? 'step' : undefined}
            fw={index === current ? 700 : 400}
            c={index > current ? 'dimmed' : undefined}
            style={{ display: 'flex', alignItems: 'center', gap: 8 }}
          >
            <Icon size={20} aria-hidden />
            {KITCHEN_STATUS_NAMES[status]}
          </Text>
        );
      })}
    </Stack>
  );
}

/** docs/acceptance-and-kitchen.md: before acceptance, after a refusal, then the kitchen's own status texts. */
function statusText(order: ActiveOrder): string {
  if (order.orderStatus === AcceptanceStatus.Refused) return 'The restaurant could not accept your order';
  if (!order.cancelled && (order.orderStatus === AcceptanceStatus.Requested || order.orderStatus === AcceptanceStatus.Updated)) {
    return 'Waiting for the restaurant to accept your order';
  }
  return customerKitchenStatusText(order.currentStatus, order.orderType);
}

/**
 * A new time the restaurant proposed, as an email or a notification leads here to answer it: the browser that ordered
 * answers on /restaurant-confirmation; anyone else is told where they can.
 */
function ProposedTime({ order, answerable }: { order: ActiveOrder; answerable: boolean }) {
  const phone = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant?.phone });
  return (
    <Stack gap="xs">
      <Text>{`The restaurant can have your order ready for ${slotLabel(order.updateTime, new Date())}.`}</Text>
      {answerable ? (
        <Anchor component={Link} to="/restaurant-confirmation" w="fit-content">
          Accept the new time or cancel
        </Anchor>
      ) : (
        <Text>{`To accept it or cancel, open your order on the phone or computer you ordered from${phone ? `, or phone the restaurant on ${phone}` : ''}.`}</Text>
      )}
    </Stack>
  );
}

/** PayPal would not take the money held for the order (docs/payments.md): it is to be paid in cash, this much. */
function PayInCash({ order }: { order: ActiveOrder }) {
  const notice = cashInsteadNotice(order);
  if (notice === undefined) return null;
  return (
    <Alert color="imperialGold" title="Please pay in cash">
      <Stack gap="xs">
        {notice.map((sentence) => (
          <Text key={sentence} size="sm">
            {sentence}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

const UNKNOWN_REFERENCE_MESSAGE = 'We cannot find an order with this reference: check it against your order confirmation (the long reference, not the order number)';

/** The reference form: empty, or holding a reference the server could not find, with the reason at the field. */
function AskForReference({ refused }: { refused?: string }) {
  const navigate = useNavigate();
  const [reference, setReference] = useState(refused ?? '');
  const [missing, setMissing] = useState(false);
  const unchanged = refused !== undefined && reference.trim() === refused;

  function track(event: FormEvent) {
    event.preventDefault();
    const orderId = reference.trim();
    setMissing(orderId === '');
    if (orderId !== '' && orderId !== refused) void navigate({ to: '/track', search: { orderId } });
  }

  return (
    <Stack component="form" gap="sm" maw={28 * 16} onSubmit={track}>
      <TextInput
        label="Order reference"
        description="It is on your order confirmation"
        value={reference}
        error={missing ? 'Enter your order reference' : unchanged ? UNKNOWN_REFERENCE_MESSAGE : undefined}
        onChange={(event) => setReference(event.currentTarget.value)}
      />
      <Button type="submit" w="fit-content">
        Track order
      </Button>
    </Stack>
  );
}

/**
 * `/track`: an order's progress (`?orderId=…`; without it the order in progress, or a form asking for the reference),
 * read every 10 seconds by the tracking actor while the order can still change.
 */
export function TrackScreen({ orderId: requestedOrderId }: { orderId: string | undefined }) {
  const tracking = useRouteContext({ from: rootRouteId, select: (context) => context.tracking });
  const acceptance = useRouteContext({ from: rootRouteId, select: (context) => context.acceptance });
  const inProgress = useSelector(acceptance, (snapshot) => snapshot.context.order);
  const orderId = requestedOrderId ?? inProgress?.orderRef;
  const trackedOrderId = useSelector(tracking, (snapshot) => snapshot.context.orderId);
  const order = useSelector(tracking, (snapshot) => snapshot.context.order);
  const error = useSelector(tracking, (snapshot) => snapshot.context.error);
  const failed = useSelector(tracking, (snapshot) => snapshot.matches('failed'));
  const polling = useSelector(tracking, (snapshot) => snapshot.hasTag('polling') || snapshot.hasTag('busy'));

  useEffect(() => {
    if (orderId !== undefined) tracking.send({ type: 'TRACK', orderId });
  }, [orderId, tracking]);

  if (orderId === undefined) {
    return (
      <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
        <Title order={1}>Track your order</Title>
        <Text>Enter the reference of the order you would like to follow.</Text>
        <AskForReference />
      </Stack>
    );
  }

  // A reference typed or linked that the server cannot find is given back to be corrected, not retried as it is.
  const unknownReference = failed && requestedOrderId !== undefined && trackedOrderId === requestedOrderId && (error?.status === 400 || error?.status === 404);
  if (unknownReference) {
    return (
      <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
        <Title order={1}>Track your order</Title>
        <Text>Enter the reference of the order you would like to follow.</Text>
        <AskForReference key={requestedOrderId} refused={requestedOrderId} />
      </Stack>
    );
  }

  const shown = trackedOrderId === orderId ? order : undefined;
  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Track your order</Title>
      <OrderNumber orderNumber={shown?.orderNumber} orderRef={orderId} />
      {failed && (
        <Alert color="lacquerRed" title="We could not check your order" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error?.message ?? 'Please try again in a moment.'}</Text>
            <Button variant="light" onClick={() => tracking.send({ type: 'CHECK' })}>
              Check again
            </Button>
          </Stack>
        </Alert>
      )}
      {shown === undefined && !failed && <Text>Checking your order…</Text>}
      {shown !== undefined && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text fw={700} size="lg" role="status" aria-label="Order status">
              {statusText(shown)}
            </Text>
            {shown.orderStatus === AcceptanceStatus.Refused && shown.refusalReason && <Text>{shown.refusalReason}</Text>}
            {shown.orderStatus === AcceptanceStatus.Updated && !shown.cancelled && (
              <ProposedTime order={shown} answerable={inProgress?.orderRef === orderId} />
            )}
            {shown.orderStatus === AcceptanceStatus.Accepted && !shown.cancelled && !isCalledOffByKitchen(shown) && (
              <Text>{`${shown.orderType === OrderType.Delivery ? 'Delivery' : 'Collection'}: ${slotLabel(shown.updateTime, new Date())}`}</Text>
            )}
            {shown.orderStatus === AcceptanceStatus.Accepted && !isFinalOrderState(shown) && <PayInCash order={shown} />}
            {shown.orderStatus === AcceptanceStatus.Accepted && <Progress order={shown} />}
          </Stack>
        </Paper>
      )}
      {polling && shown !== undefined && <Text size="sm" c="dimmed">This page updates itself every 10 seconds.</Text>}
      {/* Only the browser that placed the order holds its basket id; a finished order has nothing more to tell. */}
      {shown !== undefined && inProgress?.orderRef === orderId && !isFinalOrderState(shown) && (
        <OrderUpdatesControl key={inProgress.basketId} basketId={inProgress.basketId} />
      )}
    </Stack>
  );
}
