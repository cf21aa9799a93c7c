import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type AccountCheck, type AuthSession, type SignInCredentials } from '../../machines/auth/authMachine';
import { basketMachine, type BasketEvent, type ConfirmInput, type CreatedBasket, type OrderUpdate, type PricedOrder } from '../../machines/basket/basketMachine';
import { followCustomerInBasket } from '../../src/actors/customerBasket';
import type { components } from '../../src/api/schema.gen';
import { confirmBasket, CONFIRMED_ORDER_REF, NO_MINIMUMS, createdBasket, CUSTOMER_SUB, fixedVoucher, OTHER_CUSTOMER_SUB, pricedOrder } from './basketServerAnswers';

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

/**
 * The auth statechart with identity and account calls answered for whoever signs in, and a basket whose calls the
 * server answers for whoever is signed in; the events the basket is sent are recorded.
 */
function startFollowing(restored: typeof mei | undefined) {
  let restore: (session: AuthSession | undefined) => void = () => undefined;
  const bySub = new Map([mei, alex].map((customer) => [customer.session.user.sub, customer]));
  let current = restored;
  let signedIn = false;
  const accountLoads: string[] = [];
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise(() => new Promise<AuthSession | undefined>((resolve) => (restore = resolve))),
        signIn: fromPromise<AuthSession, SignInCredentials>(async ({ input }) => {
          current = [mei, alex].find((customer) => customer.session.user.email === input.email);
          return current!.session;
        }),
        doLogin: fromPromise<AccountCheck>(async () => ({ accountExists: true })),
        getAccount: fromPromise<AccountProfile>(async () => {
          accountLoads.push(current!.session.user.sub);
          return bySub.get(current!.session.user.sub)!.account;
        }),
        signOut: fromPromise<void>(async () => undefined),
      },
    }),
  ).start();
  auth.subscribe((snapshot) => (signedIn = snapshot.matches('signedIn')));
  const basket = createActor(
    basketMachine.provide({
      actors: {
        createBasket: fromPromise<CreatedBasket>(async () => createdBasket),
        updateOrder: fromPromise<PricedOrder, OrderUpdate>(async ({ input }) => pricedOrder(input, { signedIn })),
        confirmOrder: fromPromise<{ orderRef: string }, ConfirmInput>(async () => ({ orderRef: CONFIRMED_ORDER_REF })),
      },
    }),
    { input: { minimums: NO_MINIMUMS } },
  ).start();
  const sent: BasketEvent[] = [];
  const stop = followCustomerInBasket(auth, {
    getSnapshot: () => basket.getSnapshot(),
    subscribe: (listener) => basket.subscribe(listener),
    send: (event) => {
      sent.push(event);
      basket.send(event);
    },
  });
  const settled = async () => {
    await waitFor(basket, (snapshot) => !snapshot.hasTag('busy'));
    return waitFor(auth, (snapshot) => !snapshot.hasTag('busy'));
  };
  return { auth, basket, sent, stop, settled, accountLoads, finishRestoring: () => restore(restored?.session) };
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
      { type: 'SAVED_ADDRESSES', addresses: [] },
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
      { type: 'SAVED_ADDRESSES', addresses: [] },
    ]);

    stop();
    auth.send({ type: 'SIGN_OUT' });
    await settled();
    expect(sent).toHaveLength(4);
  });

  it("reloads the customer's account once their order is confirmed (its points and vouchers have changed), not a guest's", async () => {
    const { auth, basket, settled, finishRestoring, accountLoads } = startFollowing(mei);
    finishRestoring();
    await settled();
    const toConfirmed: BasketEvent[] = [
      { type: 'ADD_ITEM', line: { categoryId: 1, itemId: 11, title: 'Spring Rolls', quantity: 1, itemCost: 3.5 } },
      { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
      confirmBasket,
      { type: 'SUBMIT_CONTACT', name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' },
      { type: 'SUBMIT_TIME', asap: true },
      { type: 'CHOOSE_PAYMENT', paymentType: 1 },
      { type: 'CONFIRM_ORDER' },
    ];
    for (const event of toConfirmed) {
      basket.send(event);
      await settled();
    }
    expect(basket.getSnapshot().context.orderRef).toBe(CONFIRMED_ORDER_REF);
    expect(accountLoads).toEqual([CUSTOMER_SUB, CUSTOMER_SUB]);

    basket.send({ type: 'CLEAR' });
    auth.send({ type: 'SIGN_OUT' });
    await settled();
    for (const event of toConfirmed) {
      basket.send(event);
      await settled();
    }
    expect(basket.getSnapshot().context.orderRef).toBe(CONFIRMED_ORDER_REF);
    expect(accountLoads).toHaveLength(2);
  });
});
