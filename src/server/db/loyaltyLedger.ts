import type { Selectable } from 'kysely';
import { creditPoints, pointsEarned, POINTS_VOUCHER_TITLE, POINTS_VOUCHER_VALUE_PENCE, takeBackPoints } from '../../domain/loyalty';
import type { HeldVoucher } from '../domain/account';
import { VoucherType, type VoucherTypeValue } from '../domain/discounts';
import { randomId } from '../randomIds';
import type { AccountsTable, AccountVouchersTable, BasketsTable, LoyaltyEventsTable } from './schema';
import { changesOf, firstRowOf, insertRow, placeholders, rowsOf, type Steps } from './statementSteps';

// The statements that move vouchers and points (docs/accounts.md), run inside the caller's transaction: confirming
// an order, turning a guest order into an account's first, and an order falling through.

export interface LockedAccount {
  authSub: string;
  discountPercent: number;
  points: number;
}

/** A fresh `accounts.change_tag`: every change to what an account's page shows sets one. */
export function newChangeTag(): string {
  return randomId(9);
}

/** The account's row, locked until the transaction ends (a write that changes nothing, as PostgreSQL needs). */
export function* lockAccount(authSub: string): Steps<LockedAccount | undefined> {
  const row = yield* firstRowOf<Pick<Selectable<AccountsTable>, 'discount_percent' | 'points'>>(
    'update "accounts" set "points" = "points" where "auth_sub" = ? returning "discount_percent", "points"',
    authSub,
  );
  return row === undefined ? undefined : { authSub, discountPercent: Number(row.discount_percent), points: row.points };
}

export function heldVoucherOf(row: Selectable<AccountVouchersTable>): HeldVoucher {
  return {
    voucherId: row.voucher_id,
    voucherType: row.voucher_type as VoucherTypeValue,
    title: row.title,
    valuePence: row.value_pence ?? 0,
    percent: row.percent === null ? 0 : Number(row.percent),
    validDay: row.valid_day,
    usedByBasketId: row.used_by_basket_id,
    withdrawn: row.withdrawn === 1,
  };
}

/** Those of `voucherIds` that are the account's, whatever their state. */
export function* readHeldVouchers(authSub: string, voucherIds: readonly number[]): Steps<HeldVoucher[]> {
  if (voucherIds.length === 0) return [];
  const rows = yield* rowsOf<Selectable<AccountVouchersTable>>(
    `select * from "account_vouchers" where "auth_sub" = ? and "voucher_id" in (${placeholders(voucherIds.length)})`,
    authSub,
    ...voucherIds,
  );
  return rows.map(heldVoucherOf);
}

/** Marks the vouchers used by the confirmed order `basketId` (they were checked unused under the account's lock). */
export function* useVouchers(authSub: string, basketId: string, voucherIds: readonly number[]): Steps<void> {
  if (voucherIds.length === 0) return;
  yield* changesOf(
    `update "account_vouchers" set "used_by_basket_id" = ? where "auth_sub" = ? and "voucher_id" in (${placeholders(voucherIds.length)})`,
    basketId,
    authSub,
    ...voucherIds,
  );
}

/** Adds points to a locked account, every 100 becoming a points voucher: an order's, or the restaurant's gift. */
export function* addPoints(account: LockedAccount, points: number, now: string): Steps<{ balance: number; newPointsVouchers: number }> {
  const credited = creditPoints(account.points, points);
  yield* changesOf('update "accounts" set "points" = ?, "change_tag" = ? where "auth_sub" = ?', credited.balance, newChangeTag(), account.authSub);
  for (let made = 0; made < credited.newPointsVouchers; made++) {
    yield* insertRow('account_vouchers', {
      auth_sub: account.authSub,
      voucher_type: VoucherType.Points,
      title: POINTS_VOUCHER_TITLE,
      value_pence: POINTS_VOUCHER_VALUE_PENCE,
      percent: null,
      valid_day: null,
      used_by_basket_id: null,
      withdrawn: 0,
      source: 'points',
      created_at: now,
    });
  }
  return credited;
}

/** Credits the points an order earned and records them, once per order. */
export function* creditOrderPoints(account: LockedAccount, basketId: string, earned: number, now: string): Steps<void> {
  yield* addPoints(account, earned, now);
  yield* insertRow('loyalty_events', { auth_sub: account.authSub, basket_id: basketId, kind: 'earned', points: earned, created_at: now });
}

/**
 * The order `basketId` has been accepted: its customer's account, if it has one, is credited the points the order's
 * discounted item total earns, unless they were credited already (an account made from the order after it was accepted).
 */
export function* creditAcceptedOrder(basketId: string, now: string): Steps<void> {
  // The order's row is locked (a write that changes nothing), as the account made from the order locks it: on
  // PostgreSQL one of the two then waits and sees the other's work, so its points are credited by one of them. Read
  // without the lock, each could see the other's state before it and neither credit them.
  const basket = yield* firstRowOf<Pick<Selectable<BasketsTable>, 'account_sub' | 'item_cost'>>(
    'update "baskets" set "revision" = "revision" where "basket_id" = ? returning "account_sub", "item_cost"',
    basketId,
  );
  if (basket === undefined || basket.account_sub === null) return;
  const account = yield* lockAccount(basket.account_sub);
  if (account === undefined) return;
  const credited = yield* firstRowOf<Pick<Selectable<LoyaltyEventsTable>, 'kind'>>('select "kind" from "loyalty_events" where "basket_id" = ?', basketId);
  if (credited !== undefined) return;
  yield* creditOrderPoints(account, basketId, pointsEarned(basket.item_cost), now);
}

/** A voucher the restaurant gives: held by the customer from now, and shown on their account page at once. */
export type RestaurantVoucher =
  | { voucherType: typeof VoucherType.Discount; title: string; valuePence: number }
  | { voucherType: typeof VoucherType.PercDiscount; title: string; percent: number; validDay: number };

export function* giveRestaurantVoucher(account: LockedAccount, voucher: RestaurantVoucher, now: string): Steps<void> {
  const fixed = voucher.voucherType === VoucherType.Discount;
  yield* insertRow('account_vouchers', {
    auth_sub: account.authSub,
    voucher_type: voucher.voucherType,
    title: voucher.title,
    value_pence: fixed ? voucher.valuePence : null,
    percent: fixed ? null : voucher.percent,
    valid_day: fixed ? null : voucher.validDay,
    used_by_basket_id: null,
    withdrawn: 0,
    source: 'restaurant',
    created_at: now,
  });
  yield* changesOf('update "accounts" set "change_tag" = ? where "auth_sub" = ?', newChangeTag(), account.authSub);
}

/**
 * The order `basketId` has fallen through: its customer gets back the vouchers it used and loses the points it
 * earned (withdrawing unused points vouchers when the balance is short), exactly once per order.
 */
export function* giveLoyaltyBack(basketId: string, now: string): Steps<void> {
  const basket = yield* firstRowOf<Pick<Selectable<BasketsTable>, 'account_sub'>>('select "account_sub" from "baskets" where "basket_id" = ?', basketId);
  if (basket === undefined || basket.account_sub === null) return;
  const account = yield* lockAccount(basket.account_sub);
  if (account === undefined) return;
  const events = yield* rowsOf<Pick<Selectable<LoyaltyEventsTable>, 'kind' | 'points'>>(
    'select "kind", "points" from "loyalty_events" where "basket_id" = ?',
    basketId,
  );
  if (events.some((event) => event.kind === 'reversed')) return;

  yield* changesOf(
    'update "account_vouchers" set "used_by_basket_id" = null where "auth_sub" = ? and "used_by_basket_id" = ?',
    account.authSub,
    basketId,
  );
  const earned = events.find((event) => event.kind === 'earned')?.points ?? 0;
  // Newest first: the points vouchers this order's own points may have just made.
  const unusedPointsVouchers = yield* rowsOf<Pick<Selectable<AccountVouchersTable>, 'voucher_id'>>(
    'select "voucher_id" from "account_vouchers" where "auth_sub" = ? and "voucher_type" = ? and "used_by_basket_id" is null ' +
      'and "withdrawn" = 0 order by "voucher_id" desc',
    account.authSub,
    VoucherType.Points,
  );
  const takenBack = takeBackPoints(account.points, earned, unusedPointsVouchers.length);
  if (takenBack.withdrawnPointsVouchers > 0) {
    const withdrawn = unusedPointsVouchers.slice(0, takenBack.withdrawnPointsVouchers).map((voucher) => voucher.voucher_id);
    yield* changesOf(`update "account_vouchers" set "withdrawn" = 1 where "voucher_id" in (${placeholders(withdrawn.length)})`, ...withdrawn);
  }
  yield* changesOf('update "accounts" set "points" = ?, "change_tag" = ? where "auth_sub" = ?', takenBack.balance, newChangeTag(), account.authSub);
  yield* insertRow('loyalty_events', {
    auth_sub: account.authSub,
    basket_id: basketId,
    kind: 'reversed',
    points: takenBack.pointsTaken,
    created_at: now,
  });
}
