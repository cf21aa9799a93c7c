import { createFileRoute } from '@tanstack/react-router';
import { AccountQRScreen } from '../screens/account/AccountQRScreen';

export const Route = createFileRoute('/_account/accountQR')({
  component: AccountQRScreen,
});
