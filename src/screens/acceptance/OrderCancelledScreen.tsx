import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { formatPounds } from '../../components/order/money';
import { useAcceptanceActor } from './useAcceptance';

/** `/order-cancelled`: the restaurant refused the order (with its reason), or the customer cancelled it. */
export function OrderCancelledScreen() {
  const acceptance = useAcceptanceActor();
  const refusalReason = useSelector(acceptance, (snapshot) => (snapshot.matches('refused') ? snapshot.context.request?.refusalReason : undefined));
  const refused = useSelector(acceptance, (snapshot) => snapshot.matches('refused'));
  const cancelledByCustomer = useSelector(acceptance, (snapshot) => snapshot.matches('cancelled'));
  const orderRef = useSelector(acceptance, (snapshot) => snapshot.context.order?.orderRef);
  const heldAmount = useSelector(acceptance, (snapshot) => snapshot.context.request?.heldAmount ?? null);

  return (
    <Stack gap="md" py="md" maw={36 * 16}>
      <Title order={1}>{refused ? 'The restaurant could not accept your order' : 'Your order has been cancelled'}</Title>
      {refused && <Text>{refusalReason ?? 'The restaurant did not give a reason.'}</Text>}
      {cancelledByCustomer && <Text>You cancelled your order.</Text>}
      {(refused || cancelledByCustomer) && heldAmount !== null && <Text>{`The ${formatPounds(heldAmount)} held for it has been released: you have not been charged.`}</Text>}
      {!refused && !cancelledByCustomer && <Text>This order will not go ahead.</Text>}
      {orderRef && (refused || cancelledByCustomer) && <Text size="sm" c="dimmed">{`Order reference ${orderRef}`}</Text>}
      <Anchor component={Link} to="/order" w="fit-content">
        Order again
      </Anchor>
    </Stack>
  );
}
