import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/privacy')({
  // Not awaited: the page data downloads alongside the screen's code.
  loader: ({ context: { pages } }) => void pages.request('privacy'),
  component: () => <ContentPageScreen pageName="privacy" heading="Privacy Policy" />,
});
