import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../screens/account/LoginScreen';

export const Route = createFileRoute('/login')({
  staticData: {
    facts: {
      title: 'Login to your account',
      navigation: 'account',
      start: 'public',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: function LoginRoute() {
    return <LoginScreen redirectTo={Route.useSearch().redirect} />;
  },
});
