import { createFileRoute } from '@tanstack/react-router';
import { CreateAccountScreen } from '../screens/account/CreateAccountScreen';

export const Route = createFileRoute('/_account/createAccount')({
  staticData: {
    facts: {
      title: 'Create your account',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: CreateAccountScreen,
});
