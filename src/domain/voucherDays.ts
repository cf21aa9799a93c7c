import { WEEKDAY_NAMES } from './londonClock';

// The one rule of a day-limited voucher ("15% off on Fridays"; SPEC §5's day-specific percent discount), for the
// server that prices the order and the basket that offers the voucher: it takes off only on its day in London.

/** SPEC's voucherType 3, the only kind held for one day of the week. */
export const DAY_LIMITED_VOUCHER_TYPE = 3;

export interface DayLimitedVoucher {
  voucherType: number;
  /** London's day of the week, 0 Sunday … 6 Saturday; absent (or null) for the other kinds. */
  validDay?: number | null;
}

/** "Fridays", for a voucher held for one day; undefined for the others. */
export function voucherDays(voucher: DayLimitedVoucher): string | undefined {
  return voucher.voucherType === DAY_LIMITED_VOUCHER_TYPE ? `${WEEKDAY_NAMES[voucher.validDay ?? 0]}s` : undefined;
}

/** Why the voucher cannot take off on London's `dayOfWeek` ("can be used only on Fridays"); undefined when it can. */
export function voucherDayRefusal(voucher: DayLimitedVoucher, dayOfWeek: number): string | undefined {
  const days = voucherDays(voucher);
  return days !== undefined && voucher.validDay !== dayOfWeek ? `can be used only on ${days}` : undefined;
}
