import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../screens/order/CheckoutScreen';

export const Route = createFileRoute('/_order/checkout')({
  component: CheckoutScreen,
});
