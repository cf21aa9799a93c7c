import { createFileRoute } from '@tanstack/react-router';
import { CustomersScreen } from '../screens/manage/customers/CustomersScreen';

export const Route = createFileRoute('/manage/customers')({
  staticData: {
    facts: {
      title: 'Customers and loyalty',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: CustomersScreen,
});
