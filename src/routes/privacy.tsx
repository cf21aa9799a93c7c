import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/privacy')({
  component: () => <ContentPageScreen pageName="privacy" heading="Privacy Policy" />,
});
