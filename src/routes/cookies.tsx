import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/cookies')({
  // Not awaited: the page data downloads alongside the screen's code.
  loader: ({ context: { pages } }) => void pages.request('cookies'),
  component: () => <ContentPageScreen pageName="cookies" heading="Cookie Policy" />,
});
