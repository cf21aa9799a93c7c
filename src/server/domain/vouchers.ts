import type { HeldVoucher } from './account';
import { discountBreakdown, VoucherType, type DiscountEntitlement, type ServerVoucher } from './discounts';
import type { ValidationFailure } from './validationFailure';
import { voucherDayRefusal } from '../../domain/voucherDays';

// Which vouchers a signed-in customer may put on an order (SPEC §5, §9; docs/accounts.md), and whether a basket's
// discounts still hold when it is confirmed. Only the server's own records count: a client names vouchers by id.

export const DISCOUNTS_CHANGED_MESSAGE = 'Your discounts have changed: please review your basket';

/** Why the customer cannot use this voucher today (London's `dayOfWeek`); undefined when they can. */
export function voucherRefusal(voucher: HeldVoucher | undefined, dayOfWeek: number): string | undefined {
  // Someone else's voucher, an invented id and a withdrawn one read alike: nothing about others' vouchers leaks.
  if (voucher === undefined || voucher.withdrawn) return 'is not one of your vouchers';
  if (voucher.usedByBasketId !== null) return 'has already been used';
  return voucherDayRefusal(voucher, dayOfWeek);
}

export type VoucherChoice = { ok: true; vouchers: HeldVoucher[] } | { ok: false; failures: ValidationFailure[] };

/**
 * The vouchers named by `voucherIds` (the order's voucherItems, in order), each checked against `held` (what the
 * caller holds among them): failures name `voucherItems[i].voucherId`.
 */
export function chooseVouchers(voucherIds: readonly number[], held: readonly HeldVoucher[], dayOfWeek: number): VoucherChoice {
  const failures: ValidationFailure[] = [];
  const vouchers: HeldVoucher[] = [];
  voucherIds.forEach((voucherId, index) => {
    const field = `voucherItems[${index}].voucherId`;
    if (voucherIds.indexOf(voucherId) !== index) {
      failures.push({ field, message: 'is already on this order' });
      return;
    }
    const voucher = held.find((candidate) => candidate.voucherId === voucherId);
    const refusal = voucherRefusal(voucher, dayOfWeek);
    if (refusal !== undefined || voucher === undefined) failures.push({ field, message: refusal ?? 'is not one of your vouchers' });
    else vouchers.push(voucher);
  });
  return failures.length > 0 ? { ok: false, failures } : { ok: true, vouchers };
}

function serverVoucherOf(voucher: HeldVoucher): ServerVoucher {
  switch (voucher.voucherType) {
    case VoucherType.Discount:
      return { voucherType: VoucherType.Discount, valuePence: voucher.valuePence };
    case VoucherType.Points:
      return { voucherType: VoucherType.Points, discountValuePence: voucher.valuePence };
    case VoucherType.PercDiscount:
      return { voucherType: VoucherType.PercDiscount, percent: voucher.percent };
  }
}

export function entitlementOf(profilePercent: number, vouchers: readonly HeldVoucher[]): DiscountEntitlement {
  return { profilePercent, vouchers: vouchers.map(serverVoucherOf) };
}

/** The discounts a basket was priced with, as stored. */
export interface StoredDiscounts {
  originalItemCostPence: number;
  discountPercent: number;
  profileDiscountPence: number;
  discountPence: number;
  /** In the basket's order. */
  vouchers: ReadonlyArray<{ voucherId: number; discountPence: number }>;
}

/**
 * Whether a basket's discounts would be priced differently now: the profile discount has changed, or one of its
 * vouchers is no longer the customer's to use today, or would take off another amount.
 */
export function discountsHaveChanged(
  stored: StoredDiscounts,
  account: { profilePercent: number; vouchers: readonly HeldVoucher[] },
  dayOfWeek: number,
): boolean {
  const choice = chooseVouchers(
    stored.vouchers.map((voucher) => voucher.voucherId),
    account.vouchers,
    dayOfWeek,
  );
  if (!choice.ok) return true;
  const now = discountBreakdown(stored.originalItemCostPence, entitlementOf(account.profilePercent, choice.vouchers));
  return (
    account.profilePercent !== stored.discountPercent ||
    now.profilePence !== stored.profileDiscountPence ||
    now.totalPence !== stored.discountPence ||
    now.voucherPence.some((pence, index) => pence !== stored.vouchers[index].discountPence)
  );
}
