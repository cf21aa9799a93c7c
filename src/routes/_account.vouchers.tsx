import { createFileRoute } from '@tanstack/react-router';
import { VouchersScreen } from '../screens/account/VouchersScreen';

export const Route = createFileRoute('/_account/vouchers')({
  component: VouchersScreen,
});
