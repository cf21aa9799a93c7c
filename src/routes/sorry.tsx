import { createFileRoute } from '@tanstack/react-router';
import { SorryScreen } from '../screens/error/SorryScreen';

export const Route = createFileRoute('/sorry')({
  component: SorryScreen,
});
