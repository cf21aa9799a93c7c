import { Stack, Text, Title } from '@mantine/core';
import { RestaurantPhoneLink } from '../../components/order/RestaurantPhoneLink';
import type { RestaurantData } from '../../shell/routerContext';

/**
 * `/order` (and the contact step) when online ordering is switched off, or paused by busy mode (`reason`, with when it
 * resumes): say so, and how to order instead.
 */
export function OrderingUnavailableScreen({ restaurant, heading, reason }: { restaurant: RestaurantData; heading: string; reason?: string }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{heading}</Title>
      <Text fw={700}>{reason ?? 'Online ordering is unavailable at the moment.'}</Text>
      <Text>
        You can still order a takeaway by phoning {restaurant.name} on{' '}
        <RestaurantPhoneLink phone={restaurant.phone} />.
      </Text>
    </Stack>
  );
}
