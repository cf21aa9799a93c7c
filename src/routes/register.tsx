import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../screens/account/RegisterScreen';

export const Route = createFileRoute('/register')({
  staticData: {
    facts: {
      title: 'Register for your account',
      navigation: 'account',
      start: 'public',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: RegisterScreen,
});
