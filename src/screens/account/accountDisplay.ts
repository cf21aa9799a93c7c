import type { components } from '../../api/schema.gen';
import { formatGbp, formatPounds } from '../../domain/money';
import { calendarDayLabel, londonWallClock, WEEKDAY_NAMES } from '../../domain/londonClock';
import { POINTS_PER_VOUCHER, POINTS_VOUCHER_VALUE_PENCE } from '../../domain/loyalty';
import { OrderType } from '../../domain/orderEnums';

export type AccountProfile = components['schemas']['AccountProfile'];
export type AccountOrder = components['schemas']['AccountOrder'];
export type AccountVoucher = components['schemas']['AccountVoucher'];
export type Address = components['schemas']['Address'];

/** SPEC §3: an address is shown one part to a line; the optional parts left empty take no line. */
export function addressLines(address: Address): string[] {
  return [address.address1, address.address2, address.town, address.county, address.postCode].filter((line) => line.trim() !== '');
}

/** SPEC §3: the account's orders, newest first. */
export function ordersNewestFirst(orders: readonly AccountOrder[]): AccountOrder[] {
  return [...orders].sort((first, second) => Date.parse(second.orderDate) - Date.parse(first.orderDate));
}

/** The day the order was placed, on the restaurant's (London's) calendar: "Saturday 28 November 2026". */
export function orderDateLabel(order: AccountOrder): string {
  return calendarDayLabel(londonWallClock(new Date(order.orderDate)).date);
}

export function orderTypeLabel(order: AccountOrder): string {
  return order.orderType === OrderType.Delivery ? 'Delivery' : 'Collection';
}

/** "Collection, Saturday 28 November 2026, £23.40": how one previous order is named to a screen reader and in a list. */
export function orderSummary(order: AccountOrder): string {
  return `${orderTypeLabel(order)}, ${orderDateLabel(order)}, ${formatPounds(order.totalCost)}`;
}

export function voucherCount(account: AccountProfile): number {
  return account.vouchers.length + account.pointsVouchers.length + account.daySpecificVouchers.length;
}

/** How many more points make the next points voucher (docs/accounts.md: every 100 points). */
export function pointsToNextVoucher(points: number): number {
  return POINTS_PER_VOUCHER - (points % POINTS_PER_VOUCHER);
}

export const POINTS_VOUCHER_VALUE = formatGbp(POINTS_VOUCHER_VALUE_PENCE);


/** What a voucher takes off, in the words of SPEC §9's three kinds. */
export function voucherValueLabel(voucher: AccountVoucher): string {
  if (voucher.voucherType === 3) {
    const day = voucher.validDay === undefined ? 'one day of the week' : `${WEEKDAY_NAMES[voucher.validDay]}s`;
    return `${voucher.percDiscount}% off the items on ${day}`;
  }
  const amount = voucher.voucherType === 2 ? voucher.discountValue : Math.abs(voucher.itemCost);
  return `${formatPounds(amount)} off`;
}
