import { rootRouteId, useLocation, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '../actors/firstVisit';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { failureFor, type AuthNotice } from '../../machines/auth/authMachine';
import { normalisePath } from '../domain/paths';

// Rarely shown, so its Mantine alert stays out of the first page's script.
const NoticeAlert = lazy(() => import('./SignedOutNoticeAlert'));

const SIGNED_OUT_NOTICES: ReadonlySet<AuthNotice> = new Set(['accountDeleted', 'signedOutAfterAccountError']);
const HOME_PATHS = new Set(['/', '/home']);

/**
 * Why a customer who was signed in finds themselves signed out on the home page (SPEC §2/§8 send account errors and
 * deletion to `/`): shown there until dismissed, or until they move on from it.
 */
export function SignedOutNotice() {
  const auth = useRouteContext({ from: rootRouteId, select: (context) => context.auth });
  const notice = useSelector(auth, (snapshot) => snapshot.context.notice);
  const failure = useSelector(auth, (snapshot) => failureFor(snapshot, 'createAccount') ?? failureFor(snapshot, 'loadAccount'));
  const onHome = useLocation({ select: (location) => HOME_PATHS.has(normalisePath(location.pathname)) });
  const shown = notice !== undefined && SIGNED_OUT_NOTICES.has(notice) && onHome;
  const wasShown = useRef(false);

  useEffect(() => {
    if (shown) wasShown.current = true;
    else if (wasShown.current) {
      wasShown.current = false;
      auth.send({ type: 'DISMISS_MESSAGES' });
    }
  }, [shown, auth]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <NoticeAlert notice={notice} failure={failure} onDismiss={() => auth.send({ type: 'DISMISS_MESSAGES' })} />
    </Suspense>
  );
}
