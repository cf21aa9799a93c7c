import { createFileRoute } from '@tanstack/react-router';
import { ContentPageScreen } from '../screens/content/ContentPageScreen';

export const Route = createFileRoute('/about-us')({
  component: () => <ContentPageScreen pageName="about-us" heading="About Us" />,
});
