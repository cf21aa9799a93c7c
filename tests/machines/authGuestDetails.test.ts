import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, carriedEmail, type AuthSession } from '../../machines/auth/authMachine';

// A guest's order details carried to the sign-up forms (docs/accounts.md): kept for the same email, dropped for another.

function signedOutActor() {
  const actor = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise<AuthSession | undefined>(async () => undefined),
        signUp: fromPromise(() => new Promise<void>(() => {})),
      },
    }),
  ).start();
  return actor;
}

const carry = { type: 'CARRY_GUEST_DETAILS', email: ' mei@example.com ', name: ' Mei Chen ', phone: '07700 900456' } as const;

describe('CARRY_GUEST_DETAILS', () => {
  it('holds the email for /register and the name and phone for /createAccount', async () => {
    const actor = signedOutActor();
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(carriedEmail(actor.getSnapshot().context)).toBe('');
    actor.send(carry);
    const { context } = actor.getSnapshot();
    expect(carriedEmail(context)).toBe('mei@example.com');
    expect(context.guestDetails).toEqual({ name: 'Mei Chen', phone: '07700 900456' });

    actor.send({ type: 'SIGN_UP', email: 'mei@example.com', password: 'jasmine-tea-42' });
    expect(actor.getSnapshot().context.guestDetails).toEqual({ name: 'Mei Chen', phone: '07700 900456' });
  });

  it('drops them when the sign-up uses another email', async () => {
    const actor = signedOutActor();
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send(carry);
    actor.send({ type: 'SIGN_UP', email: 'someone.else@example.com', password: 'jasmine-tea-42' });
    expect(actor.getSnapshot().context.guestDetails).toBeUndefined();
  });
});
