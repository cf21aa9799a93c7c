import { createFileRoute } from '@tanstack/react-router';
import { ContactStepScreen } from '../screens/order/ContactStepScreen';

export const Route = createFileRoute('/contact')({
  component: ContactStepScreen,
});
