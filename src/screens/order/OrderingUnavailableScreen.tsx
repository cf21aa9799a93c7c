import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { RestaurantData } from '../../shell/routerContext';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** `/order` (and the contact step) when online ordering is switched off: say so, and how to order instead. */
export function OrderingUnavailableScreen({ restaurant, heading }: { restaurant: RestaurantData; heading: string }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1}>{heading}</Title>
      <Text fw={700}>Online ordering is unavailable at the moment.</Text>
      <Text>
        You can still order a takeaway by phoning {restaurant.name} on{' '}
        <Anchor href={telHref(restaurant.phone)}>{restaurant.phone}</Anchor>.
      </Text>
    </Stack>
  );
}
