import type { components } from '../../src/api/schema.gen';
import type { ApiError } from '../../src/domain/apiErrors';
import { londonWallClock } from '../../src/domain/londonClock';
import { voucherDayRefusal, voucherDays } from '../../src/domain/voucherDays';

/** A voucher the signed-in customer holds (GetAccount's three lists). */
export type AccountVoucher = components['schemas']['AccountVoucher'];
/** A voucher on the order: as sent (only `voucherId` is read) and as the server priced it (`lineCost`, negative). */
export type VoucherItem = components['schemas']['VoucherItem'];

/** The most vouchers one order takes (the contract's OrderUpdate.voucherItems). */
export const MAX_VOUCHERS_PER_ORDER = 10;

/** The customer's three voucher lists (AccountProfile) as one, in the order the account page lists them. */
export function heldVouchers(account: Pick<components['schemas']['AccountProfile'], 'vouchers' | 'pointsVouchers' | 'daySpecificVouchers'>): AccountVoucher[] {
  return [...account.vouchers, ...account.pointsVouchers, ...account.daySpecificVouchers];
}

/** SPEC §5: a voucher can be added only if it is in the customer's lists. */
export function isHeld(voucher: AccountVoucher, held: readonly AccountVoucher[]): boolean {
  return held.some((candidate) => candidate.voucherId === voucher.voucherId);
}

/** The day a voucher is judged on at `now`: London's, the day the server prices the order on (ADD_VOUCHER carries it). */
export function voucherDayAt(now: Date): number {
  return londonWallClock(now).dayOfWeek;
}

/**
 * How a held voucher is offered on London's `dayOfWeek`: the days a day-limited one is held for ("Fridays"), and
 * whether it takes off today, as ADD_VOUCHER's guard decides (`voucherDayRefusal`, the server's pricing rule too).
 */
export function voucherDayOffer(voucher: AccountVoucher, dayOfWeek: number): { days?: string; usableToday: boolean } {
  const days = voucherDays(voucher);
  const usableToday = voucherDayRefusal(voucher, dayOfWeek) === undefined;
  return days === undefined ? { usableToday } : { days, usableToday };
}

export function isApplied(voucherId: number, voucherItems: readonly VoucherItem[]): boolean {
  return voucherItems.some((item) => item.voucherId === voucherId);
}

/** The voucher as the order carries it until the server prices it (its `lineCost` is the server's to say). */
export function voucherItemOf(voucher: AccountVoucher): VoucherItem {
  return {
    voucherId: voucher.voucherId,
    voucherType: voucher.voucherType,
    title: voucher.title,
    percDiscount: voucher.percDiscount,
    quantity: 1,
    itemCost: voucher.itemCost,
    lineCost: 0,
  };
}

const REFUSED_VOUCHER_FIELD = /^voucherItems\[(\d+)\]/;

/** The positions of the vouchers an order update refused (400 naming `voucherItems[i].voucherId`), with the server's reasons. */
export function refusedVouchers(error: ApiError): { position: number; message: string }[] {
  return error.validationErrors.flatMap((failure) => {
    const match = REFUSED_VOUCHER_FIELD.exec(failure.field);
    return match ? [{ position: Number(match[1]), message: failure.message }] : [];
  });
}

/**
 * The order's vouchers without the ones refused, and what to tell the customer: each refused voucher's title with
 * the server's reason (for example a day-specific voucher on another day).
 */
export function withoutRefusedVouchers(voucherItems: readonly VoucherItem[], error: ApiError): { voucherItems: VoucherItem[]; message: string } {
  const refused = refusedVouchers(error);
  const positions = new Set(refused.map((refusal) => refusal.position));
  const message = refused.map((refusal) => `${voucherItems[refusal.position]?.title ?? 'A voucher'}: ${refusal.message}`).join(' ');
  return { voucherItems: voucherItems.filter((_, position) => !positions.has(position)), message };
}

