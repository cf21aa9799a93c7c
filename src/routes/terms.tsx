import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/terms')({
  // Not awaited: the page data downloads alongside the screen's code.
  loader: ({ context: { pages } }) => void pages.request('terms'),
  component: () => <ContentPageScreen pageName="terms" heading="Terms of Use" />,
});
