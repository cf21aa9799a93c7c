import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/booking')({
  component: () => <ComingLaterScreen heading="Book a table">Table booking will be available here. Until then, please phone the restaurant to book.</ComingLaterScreen>,
});
