import { createFileRoute } from '@tanstack/react-router';
import { CustomersScreen } from '../screens/manage/customers/CustomersScreen';

export const Route = createFileRoute('/manage/customers')({
  component: CustomersScreen,
});
