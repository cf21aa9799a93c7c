import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { use } from 'react';

/**
 * The app's payment actor (machines/payment), made when a payment page first needs it (the page waits for its chunk,
 * in suspense); the journey router moves the customer between the payment pages.
 */
export function usePaymentActor() {
  return use(useRouteContext({ from: rootRouteId, select: (context) => context.payment }).get());
}
