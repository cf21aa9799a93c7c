import { createFileRoute } from '@tanstack/react-router';
import { ManageLayout } from '../screens/manage/ManageLayout';
import { OwnerOnlyScreen } from '../screens/manage/OwnerOnlyScreen';
import { guardOwnerRoute } from '../shell/staffGate';

// The back office's one guard (docs/back-office.md): its sections are children of this layout.
export const Route = createFileRoute('/manage')({
  staticData: { facts: 'layout' },
  beforeLoad: ({ context, location }) => guardOwnerRoute(context.auth, location.href),
  component: function ManageRoute() {
    return Route.useRouteContext().isOwner ? <ManageLayout /> : <OwnerOnlyScreen />;
  },
});
