import { createFileRoute } from '@tanstack/react-router';
import { PrintersScreen } from '../screens/manage/printers/PrintersScreen';

export const Route = createFileRoute('/manage/printers')({
  component: PrintersScreen,
});
