import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type AuthSession } from '../../machines/auth/authMachine';
import { guardKitchenRoute, isKitchenPath } from '../../src/shell/kitchenGate';

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
});

describe('isKitchenPath', () => {
  it('knows the dashboard and its printable tickets, and nothing else', () => {
    expect(isKitchenPath('/kitchen')).toBe(true);
    expect(isKitchenPath('/Kitchen/')).toBe(true);
    expect(isKitchenPath('/kitchen/ticket/abc')).toBe(true);
    expect(isKitchenPath('/kitchens')).toBe(false);
    expect(isKitchenPath('/account')).toBe(false);
  });
});
