import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../screens/manage/audit/AuditScreen';

export const Route = createFileRoute('/manage/audit')({
  staticData: {
    facts: {
      title: 'Audit',
      navigation: null,
      start: 'restored',
      firstPaint: false,
      sitemap: 'private',
    },
  },
  component: AuditScreen,
});
