import { rootRouteId, useRouteContext } from '@tanstack/react-router';

/** The app's payment actor (machines/payment); the journey router moves the customer between the payment pages. */
export function usePaymentActor() {
  return useRouteContext({ from: rootRouteId, select: (context) => context.payment });
}
