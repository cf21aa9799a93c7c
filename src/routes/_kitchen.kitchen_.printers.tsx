import { createFileRoute } from '@tanstack/react-router';
import { KitchenPrintersScreen } from '../screens/kitchen/KitchenPrintersScreen';

// `kitchen_` keeps the printers' page out of the dashboard: a page of its own in the kitchen's layout.
export const Route = createFileRoute('/_kitchen/kitchen_/printers')({
  staticData: {
    facts: {
      title: 'Printers',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: KitchenPrintersScreen,
});
