import { createFileRoute } from '@tanstack/react-router';
import { loadCarousel } from '../components/content/carouselLoader';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/gallery')({
  // Not awaited: the page data and the carousel's code download alongside the screen's code.
  loader: ({ context: { pages } }) => {
    void pages.request('Gallery');
    loadCarousel().catch(() => undefined);
  },
  component: () => <ContentPageScreen pageName="Gallery" heading="Gallery" />,
});
