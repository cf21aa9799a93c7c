import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../screens/account/ForgotPasswordScreen';

// Routes match case-insensitively: SPEC's `/forgotPassword` is this route too.
export const Route = createFileRoute('/forgotpassword')({
  staticData: {
    facts: {
      title: 'Register for an account',
      navigation: 'account',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
      spelledAlso: '/forgotPassword',
    },
  },
  component: ForgotPasswordScreen,
});
