import { percentOfPence } from '../../domain/money';

// SPEC §9's discounts, from what the server knows of the customer (never from what a client sends).
// Order of application (docs/accounts.md):
//   1. the profile percentage, on the item total before any discount;
//   2. day-specific percent vouchers, each on the item total before any discount (not compounded);
//   3. fixed-value vouchers, each its value;
//   4. points vouchers, each its discountValue.
// Each amount is rounded to the penny (half up) on its own, and the discounts together never exceed
// the item total, so the discounted item total is never negative: a part that would go beyond it takes
// only what is left.

export const VoucherType = { Discount: 1, Points: 2, PercDiscount: 3 } as const;
export type VoucherTypeValue = (typeof VoucherType)[keyof typeof VoucherType];

export type ServerVoucher =
  | { voucherType: typeof VoucherType.Discount; valuePence: number }
  | { voucherType: typeof VoucherType.Points; discountValuePence: number }
  | { voucherType: typeof VoucherType.PercDiscount; percent: number };

export interface DiscountEntitlement {
  /** The account profile's discount in percent. */
  profilePercent: number;
  vouchers: ServerVoucher[];
}

/** What each discount takes off an order. */
export interface DiscountBreakdown {
  profilePence: number;
  /** Each voucher's part, in the order of the entitlement's vouchers. */
  voucherPence: number[];
  /** All of them together (SPEC's discountValue). */
  totalPence: number;
}

/** Guests have no profile and their vouchers are cleared (SPEC §4, §6). */
export const guestEntitlement: DiscountEntitlement = { profilePercent: 0, vouchers: [] };

const applicationOrder = [VoucherType.PercDiscount, VoucherType.Discount, VoucherType.Points] as const;

function voucherAmountPence(voucher: ServerVoucher, originalItemCostPence: number): number {
  switch (voucher.voucherType) {
    case VoucherType.PercDiscount:
      return percentOfPence(originalItemCostPence, voucher.percent);
    case VoucherType.Discount:
      return voucher.valuePence;
    case VoucherType.Points:
      return voucher.discountValuePence;
  }
}

export function discountBreakdown(originalItemCostPence: number, entitlement: DiscountEntitlement): DiscountBreakdown {
  let remaining = originalItemCostPence;
  const take = (amount: number) => {
    const taken = Math.min(amount, remaining);
    remaining -= taken;
    return taken;
  };
  const profilePence = take(percentOfPence(originalItemCostPence, entitlement.profilePercent));
  const voucherPence = entitlement.vouchers.map(() => 0);
  for (const voucherType of applicationOrder) {
    entitlement.vouchers.forEach((voucher, index) => {
      if (voucher.voucherType === voucherType) voucherPence[index] = take(voucherAmountPence(voucher, originalItemCostPence));
    });
  }
  return { profilePence, voucherPence, totalPence: originalItemCostPence - remaining };
}
