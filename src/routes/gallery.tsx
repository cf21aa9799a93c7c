import { createFileRoute } from '@tanstack/react-router';
import { loadCarousel } from '../components/content/carouselLoader';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';
import { PAGE_NAMES } from '../shell/pageRoutes';

const pageName = PAGE_NAMES['/gallery'];

export const Route = createFileRoute('/gallery')({
  // Not awaited: the page data and the carousel's code download alongside the screen's code.
  loader: ({ context: { pages } }) => {
    void pages.request(pageName);
    loadCarousel().catch(() => undefined);
  },
  component: () => <ContentPageScreen pageName={pageName} heading="Gallery" />,
});
