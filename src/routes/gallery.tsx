import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';
import { PAGE_NAMES } from '../shell/pageRoutes';

const pageName = PAGE_NAMES['/gallery'];

export const Route = createFileRoute('/gallery')({
  staticData: {
    facts: {
      title: 'Gallery',
      navigation: 'self',
      start: 'public',
      firstPaint: false,
      sitemap: 'listed',
      description: 'Photos of {name} in {place}: the dining room, the kitchen and our dishes.',
    },
  },
  // Not awaited: the page data downloads alongside the screen's code.
  loader: ({ context: { pages } }) => {
    void pages.request(pageName);
  },
  component: () => <ContentPageScreen pageName={pageName} heading="Gallery" />,
});
