// The loyalty scheme (docs/accounts.md): the server applies these rules, the browser explains them with the same
// numbers. Points are whole numbers; money is integer pence.

/** Points earned per whole pound of an order's discounted item total (bag and delivery charges earn nothing). */
export const POINTS_PER_POUND = 1;
/** Every this many points become a points voucher. */
export const POINTS_PER_VOUCHER = 100;
export const POINTS_VOUCHER_VALUE_PENCE = 500;
export const POINTS_VOUCHER_TITLE = '£5 off (100 points)';

/** The points an order earns from its discounted item total. */
export function pointsEarned(discountedItemTotalPence: number): number {
  return Math.floor(discountedItemTotalPence / 100) * POINTS_PER_POUND;
}

/** A balance after `earned` points are added: every 100 points become a points voucher and leave the balance. */
export function creditPoints(balance: number, earned: number): { balance: number; newPointsVouchers: number } {
  const total = balance + earned;
  const newPointsVouchers = Math.floor(total / POINTS_PER_VOUCHER);
  return { balance: total - newPointsVouchers * POINTS_PER_VOUCHER, newPointsVouchers };
}

/**
 * A balance after an order's `earned` points are taken back (the order was refused, cancelled or refunded). When
 * the balance is short, unused points vouchers are withdrawn one at a time, each giving its 100 points back to the
 * balance first; what still cannot be taken is forgiven, so the balance never goes below 0.
 */
export function takeBackPoints(
  balance: number,
  earned: number,
  unusedPointsVouchers: number,
): { balance: number; withdrawnPointsVouchers: number; pointsTaken: number } {
  let restored = balance;
  let withdrawnPointsVouchers = 0;
  while (restored < earned && withdrawnPointsVouchers < unusedPointsVouchers) {
    withdrawnPointsVouchers += 1;
    restored += POINTS_PER_VOUCHER;
  }
  const pointsTaken = Math.min(restored, earned);
  return { balance: restored - pointsTaken, withdrawnPointsVouchers, pointsTaken };
}
