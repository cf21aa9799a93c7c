import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/about-us')({
  // Not awaited: the page data downloads alongside the screen's code.
  loader: ({ context: { pages } }) => void pages.request('about-us'),
  component: () => <ContentPageScreen pageName="about-us" heading="About Us" />,
});
