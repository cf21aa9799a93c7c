import { createFileRoute } from '@tanstack/react-router';
import { BasketScreen } from '../screens/order/BasketScreen';
import { guardOrderingStep } from '../shell/orderingGate';

export const Route = createFileRoute('/basket')({
  beforeLoad: ({ context }) => guardOrderingStep(context, '/basket', { emptyBasketStays: true }),
  component: BasketScreen,
});
