import { createFileRoute } from '@tanstack/react-router';
import { UpdateRequiredScreen } from '../screens/updateRequired/UpdateRequiredScreen';

// Its own chunk: only an outdated app comes here, and an app reads its chunks from the phone, not the network.
export const Route = createFileRoute('/updateRequired')({
  staticData: {
    facts: {
      title: 'An update is required for your App',
      navigation: null,
      start: 'public',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: UpdateRequiredScreen,
});
