import { Anchor, Stack, Text, Title } from '@mantine/core';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { usableStoreLink } from '../../domain/appLinks';

/** `/apps`: where to get the restaurant's own apps, or a plain word that one is not out yet. */
export function AppsScreen() {
  const restaurant = useRouteContext({ from: rootRouteId, select: (context) => context.restaurant });
  if (!restaurant) return null;
  const appStore = usableStoreLink(restaurant.apps.appStoreUrl);
  const googlePlay = usableStoreLink(restaurant.apps.googlePlayUrl);
  return (
    <Stack gap="md" py="md" maw={40 * 16}>
      <Title order={1}>Our Apps</Title>
      <Text>Order your takeaway from {restaurant.name} on your phone, and follow it from the kitchen to your door.</Text>
      <Stack gap="xs" component="section" aria-labelledby="iphone-app">
        <Title order={2} id="iphone-app">
          iPhone and iPad
        </Title>
        {appStore ? (
          <Anchor href={appStore} w="fit-content">
            Download the {restaurant.name} app on the App Store
          </Anchor>
        ) : (
          <Text>Our app is not on the App Store yet.</Text>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="android-app">
        <Title order={2} id="android-app">
          Android
        </Title>
        {googlePlay ? (
          <Anchor href={googlePlay} w="fit-content">
            Get the {restaurant.name} app on Google Play
          </Anchor>
        ) : (
          <Text>Our app is not on Google Play yet.</Text>
        )}
      </Stack>
    </Stack>
  );
}
