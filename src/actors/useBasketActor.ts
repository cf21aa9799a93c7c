import { rootRouteId, useRouteContext } from '@tanstack/react-router';

/** The app's one basket actor, from the router context (created and restored in main.tsx), for every screen area that shows the basket. */
export function useBasketActor() {
  return useRouteContext({ from: rootRouteId, select: (context) => context.basket });
}
