import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';
import { SplashScreen } from '../screens/splash/SplashScreen';

/** The contract's page names: anything else cannot be a page, so it is the splash without asking. */
const PAGE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A page the restaurant has added (SPEC §2 "any other path shows a splash screen" when it has not). */
export const Route = createFileRoute('/$page')({
  loader: ({ context: { pages }, params }) => {
    if (PAGE_NAME.test(params.page)) void pages.request(params.page);
  },
  component: function RestaurantAddedPage() {
    const { page } = Route.useParams();
    return PAGE_NAME.test(page) ? <ContentPageScreen key={page} pageName={page} /> : <SplashScreen />;
  },
});
