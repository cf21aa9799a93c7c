import { createFileRoute } from '@tanstack/react-router';
import { AddAddressScreen } from '../screens/account/AddAddressScreen';

export const Route = createFileRoute('/_account/addAddress')({
  staticData: {
    facts: {
      title: 'Add an address to your profile',
      navigation: 'account',
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: AddAddressScreen,
});
