import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useEffect } from 'react';
import { itemTotal as itemTotalOf, lineTitle } from '../../../machines/basket/basketLines';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { useApiRequest } from '../../actors/useApiRequest';
import { PageLoading } from '../../components/PageLoading';
import { CostBreakdown } from '../../components/order/CostBreakdown';
import { formatPounds } from '../../domain/money';
import { OrderNumber } from '../../components/order/OrderNumber';
import { OrderUpdatesControl } from '../../components/order/OrderUpdatesControl';
import { cashPaymentLabel } from '../../domain/paymentLabels';
import { slotLabel } from '../../domain/timeSlotLabels';
import { OrderType, PaymentType } from '../../domain/orderEnums';
import { calledOffTextOf } from '../../../machines/tracking/calledOff';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

type OrderView = components['schemas']['OrderView'];
type OrderItem = components['schemas']['OrderItem'];
type OrderDetails = { orderDetails: OrderView; orderItems: OrderItem[] };

/**
 * For a guest on the device that ordered (the order's contact details are shown): an account, with the details just
 * typed carried to the sign-up forms in the statechart, never in the link.
 */
function AccountOffer({ order }: { order: OrderView }) {
  const auth = useRouteContext({ from: rootRouteId, select: (context) => context.auth });
  const signedOut = useSelector(auth, (snapshot) => snapshot.matches('signedOut'));
  if (!signedOut || order.personalDetailsWithheld) return null;
  const carryDetails = () => auth.send({ type: 'CARRY_GUEST_DETAILS', email: order.emailAddress, name: order.name, phone: order.phoneNumber });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Collect points next time
        </Title>
        <Text>Create your account to collect points when you next order. We fill in the details you have just given.</Text>
        <Button component={Link} to="/register" variant="default" w="fit-content" onClick={carryDetails}>
          Create your account
        </Button>
      </Stack>
    </Paper>
  );
}

function NoOrderToShow() {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>Your order confirmation</Title>
      <Text>There is no order to show.</Text>
      <Group gap="md">
        <Anchor component={Link} to="/track">
          Track an order
        </Anchor>
        <Anchor component={Link} to="/order">
          Browse the menu
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * `/confirmation?orderId=…`: the accepted order from `GET /order/OrderDetails/{orderId}`, read by its id so that it
 * shows after a reload or on another device. The order view has no due time: that comes from the tracking actor's
 * `GetActiveOrder` answer, which also starts following the order. The customer's own details come only to the browser
 * that ordered (it sends the order's basket id, which the acceptance actor holds) or to the signed-in customer whose
 * order it is (the client sends their bearer); a shared link shows the order without them.
 */
export function OrderConfirmationScreen({ orderId }: { orderId: string | undefined }) {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const tracking = useRouteContext({ from: rootRouteId, select: (context) => context.tracking });
  const acceptance = useRouteContext({ from: rootRouteId, select: (context) => context.acceptance });
  const details = useApiRequest<string, OrderDetails>((id, signal) => {
    const ordered = acceptance.getSnapshot().context.order;
    const header = ordered?.orderRef === id ? { 'x-basket-id': ordered.basketId } : {};
    const params = { path: { orderId: id }, header };
    return callApi(api.GET('/order/OrderDetails/{orderId}', { params, signal }), signal);
  });
  const { state, data, error, send } = details;
  // Only the browser that placed the order holds its basket id, which asking for its notifications needs.
  const basketId = useSelector(acceptance, (snapshot) => (snapshot.context.order?.orderRef === orderId ? snapshot.context.order?.basketId : undefined));
  // An order the kitchen cancelled after accepting it (or refunded) is no longer confirmed, and nothing is due.
  const calledOff = useSelector(tracking, (snapshot) => calledOffTextOf(snapshot, orderId));
  const trackedDueTime = useSelector(tracking, (snapshot) => (snapshot.context.orderId === orderId ? snapshot.context.order?.updateTime : undefined));
  const dueTime = calledOff === undefined ? trackedDueTime : undefined;

  useEffect(() => {
    if (orderId === undefined) return;
    send(orderId);
    tracking.send({ type: 'TRACK', orderId });
  }, [orderId, send, tracking]);

  if (orderId === undefined) return <NoOrderToShow />;
  if (state === 'error') {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>Your order confirmation</Title>
        <Alert color="lacquerRed" title="Your order could not be loaded" role="alert">
          {error?.message ?? 'Please try again in a moment.'}
        </Alert>
        <Button onClick={() => send(orderId)} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }
  if (state !== 'responseReceived' || data === null) return <PageLoading />;

  const { orderDetails: order, orderItems } = data;
  const isDelivery = order.orderType === OrderType.Delivery;
  const itemTotal = itemTotalOf(orderItems);
  const address = order.deliveryAddress;
  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>{calledOff ?? 'Thank you, your order is confirmed'}</Title>
      <OrderNumber orderNumber={order.orderNumber} orderRef={order.orderRef} />
      <Paper withBorder p="sm">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {isDelivery ? 'Delivery' : 'Collection'}
          </Title>
          {dueTime && <Text>{`${isDelivery ? 'Delivery' : 'Ready to collect'}: ${slotLabel(dueTime, new Date())}`}</Text>}
          {isDelivery && address && <Text>{[address.address1, address.address2, address.town, address.postcode].filter(Boolean).join(', ')}</Text>}
          {order.personalDetailsWithheld ? (
            <Text c="dimmed">Contact and delivery details are shown only on the device that placed the order, or when signed in to its account.</Text>
          ) : (
            <Text>{`${order.name}, ${order.phoneNumber}, ${order.emailAddress}`}</Text>
          )}
          {order.paymentType === PaymentType.CashOrder && <Text>{cashPaymentLabel(order.orderType)}</Text>}
          {order.notes && <Text>{`Notes: ${order.notes}`}</Text>}
        </Stack>
      </Paper>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Your order
          </Title>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items in your order">
            {orderItems.map((item) => (
              <Group component="li" key={`${item.categoryId}-${item.itemId}-${item.configId ?? ''}`} justify="space-between" wrap="nowrap">
                <Text>
                  {`${item.quantity} × ${lineTitle(item)}`}
                  {item.specialRequest && <Text span size="sm" c="dimmed">{` (${item.specialRequest})`}</Text>}
                </Text>
                <Text>{formatPounds(item.lineCost)}</Text>
              </Group>
            ))}
          </Stack>
          <CostBreakdown
            isDelivery={isDelivery}
            totals={{ orignalItemCost: itemTotal, bagCharge: order.bagCharge, deliveryCharge: order.deliveryCharge, totalCost: order.amount }}
            // The order view has the discounts only together (SPEC §3 "discount").
            discounts={order.discount > 0 ? [{ label: 'Discount', amount: order.discount }] : []}
          />
        </Stack>
      </Paper>
      {basketId && <OrderUpdatesControl key={basketId} basketId={basketId} />}
      <AccountOffer order={order} />
      <Anchor renderRoot={(props) => <Link {...props} to="/track" search={{ orderId: order.orderRef }} />} w="fit-content" size="lg">
        Track your order
      </Anchor>
    </Stack>
  );
}
