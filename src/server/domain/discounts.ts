import { percentOfPence } from '../../domain/money';

// SPEC §9's discounts, from what the server knows of the customer (never from what a client sends).
// Order of application (docs/order-journey.md):
//   1. the profile percentage, on the item total before any discount;
//   2. day-specific percent vouchers, each on the item total before any discount (not compounded);
//   3. fixed-value vouchers, each its value;
//   4. points vouchers, each its discountValue.
// Each amount is rounded to the penny (half up) on its own, and the discounts together never exceed
// the item total, so the discounted item total is never negative.

export const VoucherType = { Discount: 1, Points: 2, PercDiscount: 3 } as const;

export type ServerVoucher =
  | { voucherType: typeof VoucherType.Discount; valuePence: number }
  | { voucherType: typeof VoucherType.Points; discountValuePence: number }
  | { voucherType: typeof VoucherType.PercDiscount; percent: number };

export interface DiscountEntitlement {
  /** The account profile's discount in percent. */
  profilePercent: number;
  vouchers: ServerVoucher[];
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

export function discountPence(originalItemCostPence: number, entitlement: DiscountEntitlement): number {
  let discount = percentOfPence(originalItemCostPence, entitlement.profilePercent);
  for (const voucherType of applicationOrder) {
    for (const voucher of entitlement.vouchers) {
      if (voucher.voucherType === voucherType) discount += voucherAmountPence(voucher, originalItemCostPence);
    }
  }
  return Math.min(discount, originalItemCostPence);
}
