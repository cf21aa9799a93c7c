import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { use, useEffect } from 'react';
import { CONFIRMATION_PATH } from '../../../machines/basket/journeySteps';
import { paymentPathOf, type PaymentSnapshot } from '../../../machines/payment/paymentMachine';
import { normalisePath } from '../../domain/paths';

/** The payment statechart's actor, made when a payment page first needs it (the page waits for its chunk, in suspense). */
export function usePaymentActor() {
  return use(useRouteContext({ from: rootRouteId, select: (context) => context.payment }).get());
}

/** Where the payment statechart says the customer belongs: a payment page, the checkout after cash, the confirmation once paid. */
function destinationOf(snapshot: PaymentSnapshot): string | undefined {
  return snapshot.hasTag('paid') ? CONFIRMATION_PATH : paymentPathOf(snapshot);
}

/**
 * Keeps a payment page on the page the statechart is at. Read from the actor when the effect runs (not from the
 * render), so that a screen's own START or RESUME, sent by an earlier effect, is what decides. Compared with the
 * screen's own path, not the router's location: while the customer leaves by a link or Back, the location already
 * names the next page but this screen is still drawn, and would send them back.
 */
export function usePaymentNavigation(screenPath: string) {
  const payment = usePaymentActor();
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (snapshot: PaymentSnapshot) => {
      const to = destinationOf(snapshot);
      if (to !== undefined && normalisePath(to) !== normalisePath(screenPath)) void navigate({ href: to, replace: true });
    };
    follow(payment.getSnapshot());
    const subscription = payment.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [payment, navigate, screenPath]);
}
