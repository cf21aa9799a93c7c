import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type AccountCheck, type AuthSession, type SignInCredentials } from '../../machines/auth/authMachine';
import type { BasketEvent } from '../../machines/basket/basketMachine';
import { followCustomerInBasket } from '../../src/actors/customerBasket';
import type { components } from '../../src/api/schema.gen';
import { CUSTOMER_SUB, fixedVoucher, OTHER_CUSTOMER_SUB } from './basketServerAnswers';

type AccountProfile = components['schemas']['AccountProfile'];

const sessionOf = (sub: string, email: string): AuthSession => ({ idToken: `id-token-of-${sub}`, user: { sub, email, groups: [] } });

const accountOf = (sub: string, email: string, name: string | null, phone: string | null): AccountProfile => ({
  authId: sub,
  loyaltyId: 'GD7KM-3XQ9P',
  email,
  name,
  phone,
  discount: 10,
  vouchers: [fixedVoucher],
  pointsVouchers: [],
  daySpecificVouchers: [],
  orders: [],
  addresses: [],
  points: 40,
});

const mei = { session: sessionOf(CUSTOMER_SUB, 'mei@example.com'), account: accountOf(CUSTOMER_SUB, 'mei@example.com', 'Mei Chen', '07700 900123') };
const alex = { session: sessionOf(OTHER_CUSTOMER_SUB, 'alex@example.com'), account: accountOf(OTHER_CUSTOMER_SUB, 'alex@example.com', null, null) };

/** The auth statechart with identity and account calls answered for whoever signs in; the basket's events recorded. */
function startFollowing(restored: typeof mei | undefined) {
  let restore: (session: AuthSession | undefined) => void = () => undefined;
  const bySub = new Map([mei, alex].map((customer) => [customer.session.user.sub, customer]));
  let current = restored;
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise(() => new Promise<AuthSession | undefined>((resolve) => (restore = resolve))),
        signIn: fromPromise<AuthSession, SignInCredentials>(async ({ input }) => {
          current = [mei, alex].find((customer) => customer.session.user.email === input.email);
          return current!.session;
        }),
        doLogin: fromPromise<AccountCheck>(async () => ({ accountExists: true })),
        getAccount: fromPromise<AccountProfile>(async () => bySub.get(current!.session.user.sub)!.account),
        signOut: fromPromise<void>(async () => undefined),
      },
    }),
  ).start();
  const sent: BasketEvent[] = [];
  const stop = followCustomerInBasket(auth, { send: (event: BasketEvent) => void sent.push(event) });
  const settled = () => waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
  return { auth, sent, stop, settled, finishRestoring: () => restore(restored?.session) };
}

describe('the basket follows the signed-in customer (src/actors/customerBasket.ts)', () => {
  it("says nothing while the session is restored, then names the customer and fills in their details", async () => {
    const { sent, settled, finishRestoring } = startFollowing(mei);
    expect(sent).toEqual([]);
    finishRestoring();
    await settled();
    expect(sent).toEqual([
      { type: 'CUSTOMER_CHANGED', sub: CUSTOMER_SUB },
      { type: 'PREFILL_CONTACT', name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' },
    ]);
  });

  it('tells a basket restored without a session that it is a guest’s, once', async () => {
    const { auth, sent, settled, finishRestoring } = startFollowing(undefined);
    finishRestoring();
    await settled();
    auth.send({ type: 'SIGN_IN', email: 'nobody@example.com', password: '' });
    await settled();
    expect(sent).toEqual([{ type: 'CUSTOMER_CHANGED' }]);
  });

  it('follows a sign-out and another customer signing in, whose missing details are left blank', async () => {
    const { auth, sent, settled, finishRestoring, stop } = startFollowing(mei);
    finishRestoring();
    await settled();
    sent.length = 0;

    auth.send({ type: 'SIGN_OUT' });
    await settled();
    auth.send({ type: 'SIGN_IN', email: 'alex@example.com', password: 'jasmine tea' });
    await settled();
    expect(sent).toEqual([
      { type: 'CUSTOMER_CHANGED' },
      { type: 'CUSTOMER_CHANGED', sub: OTHER_CUSTOMER_SUB },
      { type: 'PREFILL_CONTACT', name: '', phone: '', email: 'alex@example.com' },
    ]);

    stop();
    auth.send({ type: 'SIGN_OUT' });
    await settled();
    expect(sent).toHaveLength(3);
  });
});
