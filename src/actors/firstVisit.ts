import { useCallback } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { BasketStorage } from '../platform/basketStorage';

/** A device that keeps nothing of the site: what the server renders a page for (src/prerender/renderFirstPaint.tsx). */
export const nothingStored: BasketStorage = { load: () => undefined, save: () => undefined, clear: () => undefined };

/** A browser storage holding no session. */
export const noStoredSession: Pick<Storage, 'getItem'> = { getItem: () => null };

const firstVisitSnapshots = new WeakMap<AnyActorRef, unknown>();

/**
 * While React hydrates the server's markup, `actor` shows `snapshot`, a first-time visitor's, as the server rendered it;
 * then what it holds on this device (a restored basket, a session). React renders the device's state after hydration as
 * an update (the server snapshot of `useSyncExternalStore`), never as a mismatch (docs/first-paint.md).
 */
export function hydrateAsFirstVisit<TActor extends AnyActorRef>(actor: TActor, snapshot: SnapshotFrom<TActor>): void {
  firstVisitSnapshots.set(actor, snapshot);
}

function snapshotOf<TActor extends AnyActorRef>(actor: TActor): SnapshotFrom<TActor> {
  const snapshot = actor.getSnapshot() as SnapshotFrom<TActor>;
  const { status, error } = snapshot as { status?: string; error?: unknown };
  // As @xstate/react's useSelector: an actor that failed fails the component, for its error boundary.
  if (status === 'error') throw error;
  return snapshot;
}

/**
 * @xstate/react's `useSelector`, with the first-time visitor's snapshot for a hydrating render where one is given
 * (`hydrateAsFirstVisit`): every screen reads the statecharts through this.
 */
export function useSelector<TActor extends AnyActorRef, TSelected>(
  actor: TActor,
  selector: (snapshot: SnapshotFrom<TActor>) => TSelected,
  compare: (a: TSelected, b: TSelected) => boolean = Object.is,
): TSelected {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { unsubscribe } = actor.subscribe({ next: onChange, error: onChange });
      return unsubscribe;
    },
    [actor],
  );
  const getSnapshot = useCallback(() => snapshotOf(actor), [actor]);
  const getServerSnapshot = useCallback(() => (firstVisitSnapshots.has(actor) ? (firstVisitSnapshots.get(actor) as SnapshotFrom<TActor>) : snapshotOf(actor)), [actor]);
  return useSyncExternalStoreWithSelector(subscribe, getSnapshot, getServerSnapshot, selector, compare);
}
