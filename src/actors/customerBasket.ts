import { heldAccount, isSignedIn, type AuthSnapshot } from '../../machines/auth/authMachine';
import type { BasketEvent, BasketSnapshot } from '../../machines/basket/basketMachine';
import { savedAddressFields } from '../../machines/basket/basketForms';
import type { AuthActor } from './auth';

/** What is used of the basket actor. */
interface Basket {
  getSnapshot(): BasketSnapshot;
  subscribe(listener: (snapshot: BasketSnapshot) => void): { unsubscribe(): void };
  send(event: BasketEvent): void;
}

type AccountProfile = NonNullable<ReturnType<typeof heldAccount>>;

/**
 * Tells the basket who it is for, as the auth state changes: the signed-in customer (or none) as CUSTOMER_CHANGED,
 * so that the basket is priced for them and confirmed with the right call, and their details as PREFILL_CONTACT and
 * their saved addresses as SAVED_ADDRESSES once their account is loaded. The other way, a customer's confirmed order reloads their account (RELOAD_ACCOUNT): it
 * earned points and used its vouchers. The statecharts decide what follows; this only carries the news.
 *
 * Nothing is sent while the stored session is being restored: the customer is not known yet, and a "signed out"
 * then would clear the vouchers of a customer who is about to be signed in again. The basket statechart decides which
 * address the delivery form opens with; the delivery step offers the others to choose from (PREFILL_DELIVERY).
 */
export function followCustomerInBasket(auth: Pick<AuthActor, 'getSnapshot' | 'subscribe' | 'send'>, basket: Basket): () => void {
  let knownSub: string | undefined | null = null;
  let knownAccount: AccountProfile | undefined;

  const follow = (snapshot: AuthSnapshot) => {
    if (snapshot.matches('restoring')) return;
    const sub = isSignedIn(snapshot) ? snapshot.context.user?.sub : undefined;
    if (sub !== knownSub) {
      knownSub = sub;
      basket.send(sub === undefined ? { type: 'CUSTOMER_CHANGED' } : { type: 'CUSTOMER_CHANGED', sub });
    }
    const account = heldAccount(snapshot);
    if (account !== undefined && account !== knownAccount) {
      basket.send({ type: 'PREFILL_CONTACT', name: account.name ?? '', phone: account.phone ?? '', email: account.email });
      basket.send({ type: 'SAVED_ADDRESSES', addresses: account.addresses.map(savedAddressFields) });
    }
    knownAccount = account;
  };

  let confirmedOrderRef = basket.getSnapshot().context.orderRef;
  const reloadAfterOrder = ({ context }: BasketSnapshot) => {
    if (context.orderRef === confirmedOrderRef) return;
    confirmedOrderRef = context.orderRef;
    if (context.orderRef !== undefined && context.customerSub !== undefined) auth.send({ type: 'RELOAD_ACCOUNT' });
  };

  follow(auth.getSnapshot());
  const subscriptions = [auth.subscribe(follow), basket.subscribe(reloadAfterOrder)];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
