import { Anchor, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { usableStoreLink } from '../../domain/appLinks';

/**
 * `/updateRequired` (SPEC §2): where an app older than the server supports is held (src/domain/appVersions.ts), with
 * the store links the restaurant's data holds, as `/apps` shows them.
 */
export function UpdateRequiredScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  const appStore = restaurant ? usableStoreLink(restaurant.apps.appStoreUrl) : undefined;
  const googlePlay = restaurant ? usableStoreLink(restaurant.apps.googlePlayUrl) : undefined;
  return (
    <Stack gap="md" py="md" maw={40 * 16}>
      <Title order={1}>An update is required for your App</Title>
      <Text>
        This version of the {restaurant?.name ?? 'restaurant'} app can no longer place orders. Please update it to keep ordering.
      </Text>
      {appStore || googlePlay ? (
        <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
          {appStore && (
            <li>
              <Anchor href={appStore}>Update on the App Store (iPhone and iPad)</Anchor>
            </li>
          )}
          {googlePlay && (
            <li>
              <Anchor href={googlePlay}>Update on Google Play (Android)</Anchor>
            </li>
          )}
        </Stack>
      ) : (
        <Text>Please update the app from the App Store or Google Play.</Text>
      )}
    </Stack>
  );
}
