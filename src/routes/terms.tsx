import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';
import { PAGE_NAMES } from '../shell/pageRoutes';

const pageName = PAGE_NAMES['/terms'];

export const Route = createFileRoute('/terms')({
  staticData: {
    facts: {
      title: 'Terms of Use',
      navigation: 'self',
      start: 'public',
      firstPaint: false,
      sitemap: 'listed',
    },
  },
  // Not awaited: the page data downloads alongside the screen's code.
  loader: ({ context: { pages } }) => void pages.request(pageName),
  component: () => <ContentPageScreen pageName={pageName} heading="Terms of Use" />,
});
