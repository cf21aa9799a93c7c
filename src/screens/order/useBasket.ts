import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useBasketActor } from '../../actors/useBasketActor';
import { useEffect } from 'react';
import { heldAccount, isSignedIn } from '../../../machines/auth/authMachine';
import { itemTotal } from '../../../machines/basket/basketLines';
import { needsFix } from '../../../machines/basket/basketMachine';
import type { JourneyStepId } from '../../../machines/basket/journeySteps';

// The order screens take the basket actor with their other hooks from here.
export { useBasketActor };

/** Whether a customer is signed in, and their account once it is loaded (its vouchers, addresses). */
export function useCustomer() {
  const auth = useRouteContext({ from: rootRouteId, select: (context) => context.auth });
  const signedIn = useSelector(auth, isSignedIn);
  const account = useSelector(auth, heldAccount);
  return { signedIn, account };
}

/** How many items and what they come to, lines still waiting for the basket to be created included. */
export function useBasketCount() {
  const basket = useBasketActor();
  const itemCount = useSelector(basket, (snapshot) =>
    [...snapshot.context.lines, ...snapshot.context.pendingLines].reduce((count, line) => count + line.quantity, 0),
  );
  const itemCost = useSelector(basket, (snapshot) => itemTotal([...snapshot.context.lines, ...snapshot.context.pendingLines]));
  return { itemCount, itemCost };
}

/** SPEC §2, §8: a failed order update or confirmation goes to /fix-issue; every basket screen follows the basket there. */
export function useFixIssueRedirect() {
  const basket = useBasketActor();
  const navigate = useNavigate();
  const failed = useSelector(basket, needsFix);
  useEffect(() => {
    if (failed) void navigate({ to: '/fix-issue' });
  }, [failed, navigate]);
}

/**
 * The screen of `step` follows the customer on when the basket statechart says the step is done, to the step it
 * names (the statechart decides where: machines/basket/journeySteps.ts). Only while the screen is shown.
 */
export function useNextStepNavigation(step: JourneyStepId) {
  const basket = useBasketActor();
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = basket.on('journey.stepDone', (done) => {
      // By href: the table's paths include steps whose routes come with their screens (/payment).
      if (done.step === step) void navigate({ href: done.next });
    });
    return () => subscription.unsubscribe();
  }, [basket, navigate, step]);
}
