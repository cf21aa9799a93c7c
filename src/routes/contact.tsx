import { createFileRoute } from '@tanstack/react-router';
import { makeJourney } from '../shell/orderingGate';
import { ContactStepScreen } from '../screens/order/ContactStepScreen';

export const Route = createFileRoute('/contact')({
  staticData: {
    facts: {
      title: 'Enter your contact details',
      navigation: 'takeAway',
      start: 'public',
      firstPaint: true,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => makeJourney(context),
  component: ContactStepScreen,
});
