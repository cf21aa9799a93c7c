import { createFileRoute } from '@tanstack/react-router';
import { UpdateProfileScreen } from '../screens/account/UpdateProfileScreen';

export const Route = createFileRoute('/_account/updateProfile')({
  component: UpdateProfileScreen,
});
