import { createFileRoute } from '@tanstack/react-router';
import { FixIssueScreen } from '../screens/order/FixIssueScreen';

export const Route = createFileRoute('/fix-issue')({
  component: FixIssueScreen,
});
