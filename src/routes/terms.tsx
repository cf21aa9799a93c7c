import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/terms')({
  component: () => <ContentPageScreen pageName="terms" heading="Terms of Use" />,
});
