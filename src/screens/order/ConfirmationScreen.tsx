import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Paper.css';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useBasketActor } from './useBasket';

/**
 * `/confirmation`, kept minimal: the order reference once the server has confirmed the order. The restaurant's
 * acceptance and the order's progress are the next issue's screens.
 */
export function ConfirmationScreen() {
  const basket = useBasketActor();
  const navigate = useNavigate();
  const orderRef = useSelector(basket, (snapshot) => snapshot.context.orderRef);

  function startNewOrder() {
    basket.send({ type: 'CLEAR' });
    void navigate({ to: '/order' });
  }

  if (orderRef === undefined) {
    return (
      <Stack gap="md" py="md">
        <Title order={1}>Your order confirmation</Title>
        <Text>There is no confirmed order to show.</Text>
        <Anchor component={Link} to="/order" w="fit-content">
          Browse the menu
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" py="md" maw={36 * 16}>
      <Title order={1}>Thank you, your order is placed</Title>
      <Paper withBorder p="md" role="status" aria-label="Order reference">
        <Text>Your order reference is</Text>
        <Text fw={700} size="xl">
          {orderRef}
        </Text>
      </Paper>
      <Text>Please keep it to hand if you need to contact the restaurant about your order.</Text>
      <Button variant="light" onClick={startNewOrder} w="fit-content">
        Start a new order
      </Button>
    </Stack>
  );
}
