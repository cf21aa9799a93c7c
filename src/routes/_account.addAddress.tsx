import { createFileRoute } from '@tanstack/react-router';
import { AddAddressScreen } from '../screens/account/AddAddressScreen';

export const Route = createFileRoute('/_account/addAddress')({
  component: AddAddressScreen,
});
