import { createFileRoute } from '@tanstack/react-router';
import { isPageName } from '../domain/pageContent';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';
import { SplashScreen } from '../components/SplashScreen';

/**
 * A page the restaurant has added (SPEC §2 "any other path shows a splash screen" when it has not); a name that cannot
 * be a page is the splash without asking.
 */
export const Route = createFileRoute('/$page')({
  staticData: {
    facts: {
      title: null,
      navigation: null,
      start: 'public',
      firstPaint: false,
      sitemap: 'restaurantPage',
    },
  },
  loader: ({ context: { pages }, params }) => {
    if (isPageName(params.page)) void pages.request(params.page);
  },
  component: function RestaurantAddedPage() {
    const { page } = Route.useParams();
    return isPageName(page) ? <ContentPageScreen key={page} pageName={page} /> : <SplashScreen />;
  },
});
