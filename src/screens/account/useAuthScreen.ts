import { rootRouteId, useLocation, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../../actors/firstVisit';
import { useCallback, useEffect, useState } from 'react';
import { authDestination, failureFor, heldAccount, type AuthEvent, type AuthNotice, type AuthSnapshot, type AuthStep } from '../../../machines/auth/authMachine';
import { normalisePath } from '../../domain/paths';

export function useAuthActor() {
  return useRouteContext({ from: rootRouteId, select: (context) => context.auth });
}

export function useAuthSelector<T>(select: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), select);
}

/** The account the statechart holds; the account routes' guard lets a screen open only once it is held. */
export function useHeldAccount() {
  return useAuthSelector(heldAccount);
}

export function useAuthFailure(...steps: AuthStep[]): string | undefined {
  return useAuthSelector((snapshot) => steps.map((step) => failureFor(snapshot, step)).find((message) => message !== undefined));
}

export function useAuthBusy(): boolean {
  return useAuthSelector((snapshot) => snapshot.hasTag('busy'));
}

export interface AuthScreen {
  /** The notice to show: one the customer's action here brought, or the one they arrived with (a code was sent, …). */
  notice: AuthNotice | undefined;
  /** Sends the customer's action; from then on the screen follows the statechart to where SPEC §2 sends them. */
  act(event: AuthEvent): void;
  /** Whether the customer has acted on this screen yet. */
  acted: boolean;
}

/**
 * A screen of the auth lifecycle. Opening it dismisses the messages of an earlier screen (`DISMISS_MESSAGES`), but
 * keeps showing the notice that brought the customer here ("Your password has been changed…" on /login) until they
 * act. Only an action taken here moves the customer on, to `authDestination` once the statechart has settled:
 * arriving signed in, or a failure, leaves them where they are.
 */
export function useAuthScreen(destinationOf: (snapshot: AuthSnapshot) => string | undefined = authDestination): AuthScreen {
  const auth = useAuthActor();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  // The screen stays on view while a navigation the customer started elsewhere (the account icon, say) is loading;
  // it must not pull them back to its own destination then.
  const [screenPath] = useState(pathname);
  const [arrivalNotice] = useState(() => auth.getSnapshot().context.notice);
  const [acted, setActed] = useState(false);
  const liveNotice = useSelector(auth, (snapshot) => snapshot.context.notice);
  const destination = useSelector(auth, destinationOf);

  useEffect(() => {
    auth.send({ type: 'DISMISS_MESSAGES' });
  }, [auth]);

  useEffect(() => {
    const stillHere = normalisePath(pathname) === normalisePath(screenPath);
    if (acted && stillHere && destination !== undefined && normalisePath(destination) !== normalisePath(pathname)) void navigate({ href: destination });
  }, [acted, destination, pathname, screenPath, navigate]);

  const act = useCallback(
    (event: AuthEvent) => {
      setActed(true);
      auth.send(event);
    },
    [auth],
  );

  return { notice: liveNotice ?? (acted ? undefined : arrivalNotice), act, acted };
}
