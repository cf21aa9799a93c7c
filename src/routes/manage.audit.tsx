import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../screens/manage/audit/AuditScreen';

export const Route = createFileRoute('/manage/audit')({
  component: AuditScreen,
});
