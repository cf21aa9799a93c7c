import type { Kysely, NotNull, Transaction } from 'kysely';
import {
  linesOfOrderSummary,
  MAXIMUM_ADDRESSES,
  type Account,
  type AccountAddress,
  type AccountEntitlement,
  type AccountOrder,
  type NewAccountOrderDecision,
  type OrderForNewAccount,
} from '../domain/account';
import type { ValidationFailure } from '../domain/validationFailure';
import type { PricedLine } from '../domain/basket';
import { orderHasFallenThrough } from '../domain/loyalty';
import { newLoyaltyId } from '../domain/loyaltyIds';
import { AcceptanceStatus, type AcceptanceStatusValue, type KitchenStatusValue, type OrderTypeValue } from '../../domain/orderEnums';
import { ukPhoneDigits } from '../../domain/contactRules';
import { creditOrderPoints, heldVoucherOf, lockAccount, newChangeTag, readHeldVouchers } from './loyaltyLedger';
import { runOnKysely } from './statementSteps';
import type { DatabaseSchema } from './schema';

// Customers' accounts (docs/accounts.md). Every call names the account by the identity user's `sub`, which the
// handlers take from the verified id token only. Money is integer pence.

export interface NewAccountRecord {
  authSub: string;
  email: string;
  name: string | null;
  phone: string | null;
}

export type CreateOutcome = { outcome: 'created'; account: Account } | { outcome: 'exists' };

export type CreateFromOrderOutcome = CreateOutcome | { outcome: 'refused'; failure: ValidationFailure };

export type AddAddressOutcome = { outcome: 'added'; account: Account } | { outcome: 'missing' } | { outcome: 'full' };

/** A previous order's line as RebuildOrder orders it again. */
export type PreviousLine = Pick<PricedLine, 'categoryId' | 'itemId' | 'configId' | 'quantity' | 'specialRequest' | 'title'>;

export interface AccountRepository {
  /** The account with its addresses, usable vouchers and orders (newest first). */
  /** The account with its addresses, usable vouchers and orders (newest first); shared between calls: never change it. */
  find(authSub: string): Promise<Account | undefined>;
  create(account: NewAccountRecord, now: string): Promise<CreateOutcome>;
  /**
   * In one transaction: creates the account and makes the confirmed order `orderRef` its first, crediting the
   * points `decide` grants (or writes nothing when `decide` refuses the order).
   */
  createFromOrder(
    account: NewAccountRecord,
    orderRef: string,
    decide: (order: OrderForNewAccount | undefined) => NewAccountOrderDecision,
    now: string,
  ): Promise<CreateFromOrderOutcome>;
  updateProfile(authSub: string, profile: { name: string; phone: string }): Promise<Account | undefined>;
  /** Adds the address after the others (at most MAXIMUM_ADDRESSES). */
  addAddress(authSub: string, address: AccountAddress): Promise<AddAddressOutcome>;
  /**
   * In one transaction: removes the account, its addresses, vouchers and loyalty events, and keeps its orders
   * without the customer (no account, name, email, phone or delivery address). False when there is no account.
   */
  delete(authSub: string): Promise<boolean>;
  /** Records a sign-in; false when there is no account. */
  recordLogin(authSub: string, now: string): Promise<boolean>;
  /** The profile discount and those of `voucherIds` the account holds or held; undefined without an account. */
  entitlement(authSub: string, voucherIds: readonly number[]): Promise<AccountEntitlement | undefined>;
  /**
   * The account a phone order's customer holds (docs/phone-orders.md): the one with this email, else the one with this
   * phone number however it is spaced; undefined when none is, or when the number belongs to more than one account.
   */
  holderOf(contact: { phone: string; email: string }): Promise<string | undefined>;
  /** The lines of the account's confirmed order `basketId`; undefined when it is not one of the account's orders. */
  previousOrderLines(authSub: string, basketId: string): Promise<PreviousLine[] | undefined>;
}

// An account page read whole is kept, by its account's change tag, for the next read: a customer's account with 50
// orders took five queries and most of a millisecond (docs/benchmarks.md); checking its tag takes one small query.
const ACCOUNTS_KEPT = 1_000;

export function createAccountRepository(db: Kysely<DatabaseSchema>, syncToDisk: () => Promise<void>): AccountRepository {
  const kept = new Map<string, { changeTag: string; account: Account }>();
  return {
    async find(authSub) {
      const current = await db.selectFrom('accounts').select('change_tag').where('auth_sub', '=', authSub).executeTakeFirst();
      const held = kept.get(authSub);
      kept.delete(authSub);
      if (current === undefined) return undefined;
      if (held !== undefined && held.changeTag === current.change_tag) {
        kept.set(authSub, held);
        return held.account;
      }
      // Kept under the tag read before it: a change in between only makes the next read miss.
      const account = await readAccount(db, authSub);
      if (account === undefined) return undefined;
      if (kept.size >= ACCOUNTS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(authSub, { changeTag: current.change_tag, account });
      return account;
    },

    async create(account, now) {
      const created = await db.transaction().execute(async (transaction) => insertAccount(transaction, account, now));
      return created ? { outcome: 'created', account: await existingAccount(db, account.authSub) } : { outcome: 'exists' };
    },

    async createFromOrder(account, orderRef, decide, now) {
      const outcome = await db.transaction().execute(async (transaction): Promise<CreateFromOrderOutcome | { outcome: 'credited' }> => {
        if ((await runOnKysely(transaction, lockAccount(account.authSub))) !== undefined) return { outcome: 'exists' };
        // Locks the order (a write that changes nothing), so that it is credited once however often this is called.
        const order = await transaction
          .updateTable('baskets')
          .set((expression) => ({ revision: expression.ref('revision') }))
          .where('order_ref', '=', orderRef)
          .where('confirmed_at', 'is not', null)
          .returning(['basket_id', 'account_sub', 'email', 'item_cost'])
          .executeTakeFirst();
        const [acceptance, earned] =
          order === undefined
            ? [undefined, undefined]
            : await Promise.all([
                transaction
                  .selectFrom('order_acceptances')
                  .select(['status', 'cancelled_at', 'kitchen_status'])
                  .where('basket_id', '=', order.basket_id)
                  .executeTakeFirst(),
                transaction.selectFrom('loyalty_events').select('kind').where('basket_id', '=', order.basket_id).executeTakeFirst(),
              ]);
        const decision = decide(
          order === undefined
            ? undefined
            : {
                accountSub: order.account_sub,
                email: order.email,
                itemCostPence: order.item_cost,
                fallenThrough:
                  acceptance !== undefined &&
                  orderHasFallenThrough({
                    status: acceptance.status as AcceptanceStatusValue,
                    cancelledAt: acceptance.cancelled_at,
                    kitchenStatus: acceptance.kitchen_status as KitchenStatusValue | null,
                  }),
                credited: earned !== undefined,
              },
        );
        if ('failure' in decision) return { outcome: 'refused', failure: decision.failure };
        if (order === undefined || !(await insertAccount(transaction, account, now))) return { outcome: 'exists' };
        await transaction.updateTable('baskets').set({ account_sub: account.authSub }).where('basket_id', '=', order.basket_id).execute();
        // An order the restaurant has accepted is credited now; one not answered yet, when it is (creditAcceptedOrder).
        if (acceptance?.status === AcceptanceStatus.Accepted) {
          const locked = await runOnKysely(transaction, lockAccount(account.authSub));
          if (locked === undefined) throw new Error(`The account ${account.authSub} vanished inside its transaction`);
          await runOnKysely(transaction, creditOrderPoints(locked, order.basket_id, decision.points, now));
        }
        return { outcome: 'credited' };
      });
      if (outcome.outcome !== 'credited') return outcome;
      await syncToDisk();
      return { outcome: 'created', account: await existingAccount(db, account.authSub) };
    },

    async updateProfile(authSub, { name, phone }) {
      const updated = await db.updateTable('accounts').set({ name, phone, change_tag: newChangeTag() }).where('auth_sub', '=', authSub).executeTakeFirst();
      return updated.numUpdatedRows === 0n ? undefined : existingAccount(db, authSub);
    },

    async addAddress(authSub, address) {
      const outcome = await db.transaction().execute(async (transaction): Promise<'added' | 'missing' | 'full'> => {
        if ((await runOnKysely(transaction, lockAccount(authSub))) === undefined) return 'missing';
        const { count } = await transaction
          .selectFrom('account_addresses')
          .select((select) => select.fn.countAll<number | string>().as('count'))
          .where('auth_sub', '=', authSub)
          .executeTakeFirstOrThrow();
        const position = Number(count);
        if (position >= MAXIMUM_ADDRESSES) return 'full';
        await transaction
          .insertInto('account_addresses')
          .values({
            auth_sub: authSub,
            position,
            address1: address.address1,
            address2: address.address2,
            town: address.town,
            county: address.county,
            post_code: address.postCode,
          })
          .execute();
        await transaction.updateTable('accounts').set({ change_tag: newChangeTag() }).where('auth_sub', '=', authSub).execute();
        return 'added';
      });
      return outcome === 'added' ? { outcome, account: await existingAccount(db, authSub) } : { outcome };
    },

    async delete(authSub) {
      const deleted = await db.transaction().execute(async (transaction) => {
        if ((await runOnKysely(transaction, lockAccount(authSub))) === undefined) return false;
        // The orders stay in the restaurant's books, no longer anybody's.
        await transaction
          .updateTable('baskets')
          .set({
            account_sub: null,
            name: '',
            email: '',
            phone: '',
            delivery_address1: null,
            delivery_address2: null,
            delivery_town: null,
            delivery_postcode: null,
          })
          .where('account_sub', '=', authSub)
          .execute();
        await transaction.deleteFrom('loyalty_events').where('auth_sub', '=', authSub).execute();
        await transaction.deleteFrom('account_addresses').where('auth_sub', '=', authSub).execute();
        // Their rows in basket_vouchers go with them (on delete cascade).
        await transaction.deleteFrom('account_vouchers').where('auth_sub', '=', authSub).execute();
        await transaction.deleteFrom('accounts').where('auth_sub', '=', authSub).execute();
        return true;
      });
      // Erasure is what the customer was promised: it must survive a power cut.
      if (deleted) await syncToDisk();
      return deleted;
    },

    async recordLogin(authSub, now) {
      const updated = await db.updateTable('accounts').set({ last_login_at: now }).where('auth_sub', '=', authSub).executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    async entitlement(authSub, voucherIds) {
      const [account, vouchers] = await Promise.all([
        db.selectFrom('accounts').select('discount_percent').where('auth_sub', '=', authSub).executeTakeFirst(),
        runOnKysely(db, readHeldVouchers(authSub, voucherIds)),
      ]);
      return account === undefined ? undefined : { profilePercent: Number(account.discount_percent), vouchers };
    },

    async holderOf({ phone, email }) {
      if (email.trim() !== '') {
        const byEmail = await db
          .selectFrom('accounts')
          .select('auth_sub')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
          .execute();
        if (byEmail.length === 1) return byEmail[0].auth_sub;
      }
      const digits = ukPhoneDigits(phone);
      if (digits.length < 4) return undefined;
      // Numbers are kept as customers typed them; their last digits narrow the candidates before they are compared whole.
      const candidates = await db.selectFrom('accounts').select(['auth_sub', 'phone']).where('phone', 'like', `%${digits.slice(-3)}`).execute();
      const holders = candidates.filter((account) => account.phone !== null && ukPhoneDigits(account.phone) === digits);
      return holders.length === 1 ? holders[0].auth_sub : undefined;
    },

    async previousOrderLines(authSub, basketId) {
      const order = await db
        .selectFrom('baskets')
        .select('basket_id')
        .where('basket_id', '=', basketId)
        .where('account_sub', '=', authSub)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (order === undefined) return undefined;
      const lines = await db
        .selectFrom('basket_lines')
        .select(['category_id', 'item_id', 'config_id', 'quantity', 'special_request', 'title'])
        .where('basket_id', '=', basketId)
        .orderBy('line_no')
        .execute();
      return lines.map((line) => ({
        categoryId: line.category_id,
        itemId: line.item_id,
        configId: line.config_id,
        quantity: line.quantity,
        specialRequest: line.special_request,
        title: line.title,
      }));
    },
  };
}

/** Inserts the account unless one with its `sub` exists; whether it did. */
async function insertAccount(transaction: Transaction<DatabaseSchema>, account: NewAccountRecord, now: string): Promise<boolean> {
  const inserted = await transaction
    .insertInto('accounts')
    .values({
      auth_sub: account.authSub,
      email: account.email,
      name: account.name,
      phone: account.phone,
      discount_percent: 0,
      points: 0,
      loyalty_id: await unusedLoyaltyId(transaction),
      created_at: now,
      last_login_at: now,
      change_tag: newChangeTag(),
    })
    // An account that exists, or is being created by the same customer's other call at this moment, stays as it is.
    .onConflict((conflict) => conflict.column('auth_sub').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function unusedLoyaltyId(db: Kysely<DatabaseSchema>): Promise<string> {
  for (;;) {
    const candidate = newLoyaltyId();
    const taken = await db.selectFrom('accounts').select('auth_sub').where('loyalty_id', '=', candidate).executeTakeFirst();
    if (taken === undefined) return candidate;
  }
}

async function existingAccount(db: Kysely<DatabaseSchema>, authSub: string): Promise<Account> {
  const account = await readAccount(db, authSub);
  if (account === undefined) throw new Error(`The account ${authSub} vanished after it was written`);
  return account;
}

// Five queries however many orders the account has: the lines of every order come in one.
async function readAccount(db: Kysely<DatabaseSchema>, authSub: string): Promise<Account | undefined> {
  const [account, addresses, vouchers, orders] = await Promise.all([
    db.selectFrom('accounts').selectAll().where('auth_sub', '=', authSub).executeTakeFirst(),
    db.selectFrom('account_addresses').selectAll().where('auth_sub', '=', authSub).orderBy('position').execute(),
    db
      .selectFrom('account_vouchers')
      .selectAll()
      .where('auth_sub', '=', authSub)
      .where('used_by_basket_id', 'is', null)
      .where('withdrawn', '=', 0)
      .orderBy('voucher_id')
      .execute(),
    db
      .selectFrom('baskets')
      .select(['basket_id', 'order_ref', 'order_number', 'confirmed_at', 'order_type', 'total_cost', 'order_summary'])
      .where('account_sub', '=', authSub)
      .where('confirmed_at', 'is not', null)
      // Confirming sets them all (migration 0018 numbered the orders confirmed before it).
      .$narrowType<{ order_ref: NotNull; order_number: NotNull; confirmed_at: NotNull }>()
      .orderBy('confirmed_at', 'desc')
      .orderBy('basket_id')
      .execute(),
  ]);
  if (account === undefined) return undefined;

  const unsummarised = orders.filter((order) => order.order_summary === null).map((order) => order.basket_id);
  const lines =
    unsummarised.length === 0
      ? []
      : await db
          .selectFrom('basket_lines')
          .select(['basket_id', 'title', 'config_option', 'quantity'])
          .where('basket_id', 'in', unsummarised)
          .orderBy('basket_id')
          .orderBy('line_no')
          .execute();
  const linesByOrder = new Map<string, AccountOrder['lines']>();
  for (const line of lines) {
    const orderLines = linesByOrder.get(line.basket_id) ?? [];
    orderLines.push({ title: line.title, configOption: line.config_option, quantity: line.quantity });
    linesByOrder.set(line.basket_id, orderLines);
  }
  return {
    authSub: account.auth_sub,
    email: account.email,
    name: account.name,
    phone: account.phone,
    discountPercent: Number(account.discount_percent),
    points: account.points,
    loyaltyId: account.loyalty_id,
    addresses: addresses.map((address) => ({
      address1: address.address1,
      address2: address.address2,
      town: address.town,
      county: address.county,
      postCode: address.post_code,
    })),
    vouchers: vouchers.map(heldVoucherOf),
    orders: orders.map((order) => ({
      basketId: order.basket_id,
      orderRef: order.order_ref,
      orderNumber: order.order_number,
      confirmedAt: order.confirmed_at,
      orderType: order.order_type as OrderTypeValue,
      totalCostPence: order.total_cost,
      lines: order.order_summary === null ? (linesByOrder.get(order.basket_id) ?? []) : linesOfOrderSummary(order.order_summary),
    })),
  };
}
