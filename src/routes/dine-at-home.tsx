import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/dine-at-home')({
  component: () => <ComingLaterScreen heading="Dine at home">Details of our catering for parties and events at home will be shown here.</ComingLaterScreen>,
});
