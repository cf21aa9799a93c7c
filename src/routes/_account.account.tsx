import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '../screens/account/AccountScreen';

export const Route = createFileRoute('/_account/account')({
  component: AccountScreen,
});
