import { createFileRoute } from '@tanstack/react-router';
import { ViewOrderScreen } from '../screens/account/ViewOrderScreen';

export const Route = createFileRoute('/_account/viewOrder')({
  component: ViewOrderScreen,
});
