import { createFileRoute } from '@tanstack/react-router';
import { KitchenTicketPrintScreen } from '../screens/kitchen/KitchenTicketPrintScreen';

// `kitchen_` keeps the printable ticket out of the dashboard: it is a page of its own in the kitchen's layout.
export const Route = createFileRoute('/_kitchen/kitchen_/ticket/$orderId')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: function KitchenTicketRoute() {
    return <KitchenTicketPrintScreen orderId={Route.useParams().orderId} />;
  },
});
