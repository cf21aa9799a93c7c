import { createFileRoute } from '@tanstack/react-router';
import { CreateAccountScreen } from '../screens/account/CreateAccountScreen';

export const Route = createFileRoute('/_account/createAccount')({
  component: CreateAccountScreen,
});
