import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/cookies')({
  component: () => <ContentPageScreen pageName="cookies" heading="Cookie Policy" />,
});
