import { createFileRoute } from '@tanstack/react-router';
import { makeJourney } from '../shell/orderingGate';
import { FixIssueScreen } from '../screens/order/FixIssueScreen';

export const Route = createFileRoute('/fix-issue')({
  staticData: {
    facts: {
      title: 'Fix your order issue',
      navigation: null,
      start: 'public',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  beforeLoad: ({ context }) => makeJourney(context),
  component: FixIssueScreen,
});
