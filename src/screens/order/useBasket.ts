import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useBasketActor } from '../../actors/useBasketActor';
import { heldAccount, isSignedIn } from '../../../machines/auth/authMachine';
import { itemTotal } from '../../../machines/basket/basketLines';

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

