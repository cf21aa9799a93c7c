import { rootRouteId, useRouteContext } from '@tanstack/react-router';

/** The app's one acceptance actor, from the router context (created in main.tsx); the journey router follows its answer. */
export function useAcceptanceActor() {
  return useRouteContext({ from: rootRouteId, select: (context) => context.acceptance });
}
