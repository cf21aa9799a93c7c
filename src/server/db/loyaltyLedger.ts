import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { creditPoints, POINTS_VOUCHER_TITLE, POINTS_VOUCHER_VALUE_PENCE, takeBackPoints } from '../../domain/loyalty';
import type { HeldVoucher } from '../domain/account';
import { VoucherType, type VoucherTypeValue } from '../domain/discounts';
import type { AccountVouchersTable, DatabaseSchema } from './schema';

// The statements that move vouchers and points (docs/accounts.md), run inside the caller's transaction: confirming
// an order, turning a guest order into an account's first, and an order falling through.

export interface LockedAccount {
  authSub: string;
  discountPercent: number;
  points: number;
}

/** A fresh `accounts.change_tag`: every change to what an account's page shows sets one. */
export function newChangeTag(): string {
  return randomBytes(9).toString('base64url');
}

/** The account's row, locked until the transaction ends (a write that changes nothing, as PostgreSQL needs). */
export async function lockAccount(db: Kysely<DatabaseSchema>, authSub: string): Promise<LockedAccount | undefined> {
  const row = await db
    .updateTable('accounts')
    .set((expression) => ({ points: expression.ref('points') }))
    .where('auth_sub', '=', authSub)
    .returning(['discount_percent', 'points'])
    .executeTakeFirst();
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
export async function readHeldVouchers(db: Kysely<DatabaseSchema>, authSub: string, voucherIds: readonly number[]): Promise<HeldVoucher[]> {
  if (voucherIds.length === 0) return [];
  const rows = await db
    .selectFrom('account_vouchers')
    .selectAll()
    .where('auth_sub', '=', authSub)
    .where('voucher_id', 'in', [...voucherIds])
    .execute();
  return rows.map(heldVoucherOf);
}

/** Marks the vouchers used by the confirmed order `basketId` (they were checked unused under the account's lock). */
export async function useVouchers(db: Kysely<DatabaseSchema>, authSub: string, basketId: string, voucherIds: readonly number[]): Promise<void> {
  if (voucherIds.length === 0) return;
  await db
    .updateTable('account_vouchers')
    .set({ used_by_basket_id: basketId })
    .where('auth_sub', '=', authSub)
    .where('voucher_id', 'in', [...voucherIds])
    .execute();
}

/** Credits the points an order earned (every 100 become a points voucher) and records them, once per order. */
export async function creditOrderPoints(db: Kysely<DatabaseSchema>, account: LockedAccount, basketId: string, earned: number, now: string): Promise<void> {
  const credited = creditPoints(account.points, earned);
  await db.updateTable('accounts').set({ points: credited.balance, change_tag: newChangeTag() }).where('auth_sub', '=', account.authSub).execute();
  if (credited.newPointsVouchers > 0) {
    await db
      .insertInto('account_vouchers')
      .values(
        Array.from({ length: credited.newPointsVouchers }, () => ({
          auth_sub: account.authSub,
          voucher_type: VoucherType.Points,
          title: POINTS_VOUCHER_TITLE,
          value_pence: POINTS_VOUCHER_VALUE_PENCE,
          percent: null,
          valid_day: null,
          used_by_basket_id: null,
          withdrawn: 0 as const,
          source: 'points' as const,
          created_at: now,
        })),
      )
      .execute();
  }
  await db
    .insertInto('loyalty_events')
    .values({ auth_sub: account.authSub, basket_id: basketId, kind: 'earned', points: earned, created_at: now })
    .execute();
}

/**
 * The order `basketId` has fallen through: its customer gets back the vouchers it used and loses the points it
 * earned (withdrawing unused points vouchers when the balance is short), exactly once per order.
 */
export async function giveLoyaltyBack(db: Kysely<DatabaseSchema>, basketId: string, now: string): Promise<void> {
  const basket = await db.selectFrom('baskets').select('account_sub').where('basket_id', '=', basketId).executeTakeFirst();
  if (basket === undefined || basket.account_sub === null) return;
  const account = await lockAccount(db, basket.account_sub);
  if (account === undefined) return;
  const events = await db.selectFrom('loyalty_events').select(['kind', 'points']).where('basket_id', '=', basketId).execute();
  if (events.some((event) => event.kind === 'reversed')) return;

  await db
    .updateTable('account_vouchers')
    .set({ used_by_basket_id: null })
    .where('auth_sub', '=', account.authSub)
    .where('used_by_basket_id', '=', basketId)
    .execute();
  const earned = events.find((event) => event.kind === 'earned')?.points ?? 0;
  // Newest first: the points vouchers this order's own points may have just made.
  const unusedPointsVouchers = await db
    .selectFrom('account_vouchers')
    .select('voucher_id')
    .where('auth_sub', '=', account.authSub)
    .where('voucher_type', '=', VoucherType.Points)
    .where('used_by_basket_id', 'is', null)
    .where('withdrawn', '=', 0)
    .orderBy('voucher_id', 'desc')
    .execute();
  const takenBack = takeBackPoints(account.points, earned, unusedPointsVouchers.length);
  if (takenBack.withdrawnPointsVouchers > 0) {
    const withdrawn = unusedPointsVouchers.slice(0, takenBack.withdrawnPointsVouchers).map((voucher) => voucher.voucher_id);
    await db.updateTable('account_vouchers').set({ withdrawn: 1 }).where('voucher_id', 'in', withdrawn).execute();
  }
  await db.updateTable('accounts').set({ points: takenBack.balance, change_tag: newChangeTag() }).where('auth_sub', '=', account.authSub).execute();
  await db
    .insertInto('loyalty_events')
    .values({ auth_sub: account.authSub, basket_id: basketId, kind: 'reversed', points: takenBack.pointsTaken, created_at: now })
    .execute();
}
