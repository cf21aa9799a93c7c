import { createFileRoute } from '@tanstack/react-router';
import { ComingLaterScreen } from '../screens/placeholder/ComingLaterScreen';

export const Route = createFileRoute('/apps')({
  component: () => <ComingLaterScreen heading="Our Apps">Links to our apps for iPhone and Android will be shown here.</ComingLaterScreen>,
});
