import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useEffect } from 'react';
import { acceptancePathOf } from '../../../machines/acceptance/acceptanceMachine';

/** The app's one acceptance actor, from the router context (created in main.tsx). */
export function useAcceptanceActor() {
  return useRouteContext({ from: rootRouteId, select: (context) => context.acceptance });
}

/**
 * Keeps the customer on the screen the acceptance stands at (acceptancePathOf): a screen passes its own path and is
 * left, replacing the history entry, as soon as the restaurant's answer belongs elsewhere.
 */
export function useFollowAcceptance(ownPath: string) {
  const acceptance = useAcceptanceActor();
  const navigate = useNavigate();
  const path = useSelector(acceptance, acceptancePathOf);
  useEffect(() => {
    if (path !== ownPath) void navigate({ href: path, replace: true });
  }, [path, ownPath, navigate]);
}
