import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useEffect, useState } from 'react';
import { isRebuilding } from '../../../machines/basket/basketMachine';
import { formatPounds } from '../../domain/money';
import { isOnlineOrderingAvailable } from '../../domain/onlineOrdering';
import { orderLabel } from '../../domain/orderNumbers';
import { ordersNewestFirst, orderSummary, type AccountOrder } from './accountDisplay';
import { useHeldAccount } from './useAuthScreen';

/**
 * `/viewOrder`: the account's previous orders, newest first, each with its items and "Order again", which asks the
 * basket statechart for a new basket holding them (`REBUILD_ORDER`; SPEC §2: then the basket).
 */
export function ViewOrderScreen() {
  const account = useHeldAccount();
  const basket = useRouteContext({ from: rootRouteId, select: (context) => context.basket });
  const canOrder = useRouteContext({ from: rootRouteId, select: (context) => isOnlineOrderingAvailable(context.restaurant) });
  const navigate = useNavigate();
  const rebuilding = useSelector(basket, isRebuilding);
  const failure = useSelector(basket, (snapshot) => snapshot.context.error);
  const [asked, setAsked] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (asked !== undefined && !rebuilding && !failure) void navigate({ to: '/basket' });
  }, [asked, rebuilding, failure, navigate]);

  if (!account) return null;
  const orders = ordersNewestFirst(account.orders);

  const orderAgain = (order: AccountOrder) => {
    setAsked(order.orderId);
    basket.send({ type: 'REBUILD_ORDER', orderId: order.orderId, from: 'account' });
  };

  return (
    <Stack gap="md" py="md" maw={40 * 16}>
      <Title order={1}>Your previous orders</Title>
      {!canOrder && <Text>Online ordering is not available at the moment, so orders cannot be placed again here.</Text>}
      {asked !== undefined && failure && !rebuilding && (
        <Alert color="lacquerRed" role="alert" title="Your order could not be added to the basket">
          {failure.message ?? 'Please try again in a moment.'}
        </Alert>
      )}
      {orders.length === 0 && <Text>You have not ordered with your account yet.</Text>}
      {orders.map((order) => (
        <Paper key={order.orderId} component="section" withBorder p="md" aria-label={orderSummary(order)}>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {orderSummary(order)}
            </Title>
            {order.orderNumber !== undefined && <Text fw={600}>{orderLabel(order.orderNumber)}</Text>}
            <List size="sm">
              {order.items.map((item, index) => (
                <List.Item key={index}>
                  {item.quantity} × {item.title}
                  {item.configOption ? ` (${item.configOption})` : ''}
                </List.Item>
              ))}
            </List>
            <Text fw={700}>Total {formatPounds(order.totalCost)}</Text>
            {canOrder && (
              <Button
                w="fit-content"
                onClick={() => orderAgain(order)}
                loading={rebuilding && asked === order.orderId}
                disabled={rebuilding && asked !== order.orderId}
                aria-label={`Order again: ${orderSummary(order)}`}
              >
                Order again
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      <Anchor component={Link} to="/account">
        Back to your account
      </Anchor>
    </Stack>
  );
}
