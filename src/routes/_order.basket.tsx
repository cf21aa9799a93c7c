import { createFileRoute } from '@tanstack/react-router';
import { BasketScreen } from '../screens/order/BasketScreen';

export const Route = createFileRoute('/_order/basket')({
  component: BasketScreen,
});
