import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../screens/account/RegisterScreen';

export const Route = createFileRoute('/register')({
  component: RegisterScreen,
});
