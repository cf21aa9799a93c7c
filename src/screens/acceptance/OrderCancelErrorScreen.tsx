import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useJourneyActor } from '../../actors/useJourneyActor';
import { RestaurantPhoneLink } from '../../components/order/RestaurantPhoneLink';
import { useAcceptanceActor } from './useAcceptance';
import { ORDER_STEP_COLUMN } from '../../components/order/orderStepColumn';

/** `/order-cancel-error`: the cancel was refused (the restaurant may have accepted first): why, and whom to phone. */
export function OrderCancelErrorScreen() {
  const acceptance = useAcceptanceActor();
  const journey = useJourneyActor();
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  const error = useSelector(acceptance, (snapshot) => snapshot.context.cancelError);

  // The order may have moved on (accepted, most likely): the journey router has it read again before it is shown.
  const backToOrder = () => journey.send({ type: 'BACK_TO_ORDER' });

  return (
    <Stack gap="md" py="md" {...ORDER_STEP_COLUMN}>
      <Title order={1}>Your order could not be cancelled</Title>
      <Alert color="lacquerRed" title="The cancellation did not go through" role="alert">
        {error?.message ?? 'We could not cancel your order.'}
      </Alert>
      {restaurant && (
        <Text>
          To change or cancel your order, please phone {restaurant.name} on <RestaurantPhoneLink phone={restaurant.phone} />.
        </Text>
      )}
      <Button variant="light" onClick={backToOrder} w="fit-content">
        Back to your order
      </Button>
    </Stack>
  );
}
