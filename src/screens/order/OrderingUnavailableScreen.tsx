import { Stack, Text, Title } from '@mantine/core';
import { RestaurantPhoneLink } from '../../components/order/RestaurantPhoneLink';
import type { RestaurantData } from '../../shell/routerContext';

/** `/order` (and the contact step) when online ordering is switched off: say so, and how to order instead. */
export function OrderingUnavailableScreen({ restaurant, heading }: { restaurant: RestaurantData; heading: string }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{heading}</Title>
      <Text fw={700}>Online ordering is unavailable at the moment.</Text>
      <Text>
        You can still order a takeaway by phoning {restaurant.name} on{' '}
        <RestaurantPhoneLink phone={restaurant.phone} />.
      </Text>
    </Stack>
  );
}
