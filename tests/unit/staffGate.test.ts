import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type AuthSession } from '../../machines/auth/authMachine';
import { guardKitchenRoute, guardOwnerRoute } from '../../src/shell/staffGate';
import { factsAt } from '../../src/server/seo/routeFacts';

function authActorWith(session: AuthSession | undefined) {
  return createActor(authMachine.provide({ actors: { restoreSession: fromPromise(async () => session) } })).start();
}

const session = (groups: string[]): AuthSession => ({ idToken: 'a.b.c', user: { sub: 'user-1', email: 'someone@example.com', groups } });

describe('guardKitchenRoute', () => {
  it('sends a visitor who is not signed in to /login, to come back to the page asked for', async () => {
    const thrown = await guardKitchenRoute(authActorWith(undefined), '/kitchen').catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({ to: '/login', search: { redirect: '/kitchen' } });
  });

  it('lets the kitchen group through to the dashboard, once the stored session has been read', async () => {
    await expect(guardKitchenRoute(authActorWith(session(['kitchen'])), '/kitchen')).resolves.toEqual({ isKitchenStaff: true });
  });

  it('lets other signed-in users through only to be told the page is for staff', async () => {
    await expect(guardKitchenRoute(authActorWith(session([])), '/kitchen')).resolves.toEqual({ isKitchenStaff: false });
  });

  it('lets the owner through to the dashboard without the kitchen group', async () => {
    await expect(guardKitchenRoute(authActorWith(session(['owner'])), '/kitchen')).resolves.toEqual({ isKitchenStaff: true });
  });
});

describe('guardOwnerRoute', () => {
  it('sends a visitor who is not signed in to /login, to come back to the page asked for', async () => {
    const thrown = await guardOwnerRoute(authActorWith(undefined), '/manage/menu').catch((error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({ to: '/login', search: { redirect: '/manage/menu' } });
  });

  it('shows the back office to the owner alone: the kitchen and customers are told it is the owner\'s', async () => {
    await expect(guardOwnerRoute(authActorWith(session(['owner'])), '/manage')).resolves.toEqual({ isOwner: true });
    await expect(guardOwnerRoute(authActorWith(session(['kitchen'])), '/manage')).resolves.toEqual({ isOwner: false });
    await expect(guardOwnerRoute(authActorWith(session([])), '/manage')).resolves.toEqual({ isOwner: false });
  });
});

describe('the staff routes’ start rule', () => {
  it('keeps a start on the dashboard, its pages and printable tickets and the back office, and on nothing else', () => {
    for (const path of ['/kitchen', '/Kitchen/', '/kitchen/bookings', '/kitchen/ticket/abc', '/manage', '/manage/menu']) {
      expect(factsAt(path)?.start, path).toBe('restored');
      expect(factsAt(path)?.sitemap, path).toBe('private');
    }
    // One segment that is no route of the app's is the restaurant's page or the splash.
    for (const path of ['/kitchens', '/manager']) expect(factsAt(path)?.sitemap, path).toBe('restaurantPage');
  });
});
