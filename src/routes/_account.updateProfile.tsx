import { createFileRoute } from '@tanstack/react-router';
import { UpdateProfileScreen } from '../screens/account/UpdateProfileScreen';

export const Route = createFileRoute('/_account/updateProfile')({
  staticData: {
    facts: {
      title: 'Update your profile',
      navigation: 'account',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: UpdateProfileScreen,
});
