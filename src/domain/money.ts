// Money is integer pence everywhere inside the product; pounds appear only where the API and the
// screens show them (SPEC §9: GBP, en-GB, two decimals).

/** 850 → 8.5, as the API speaks. */
export const penceToPounds = (pence: number): number => pence / 100;

/** 8.5 → 850. The API's amounts carry at most two decimals, so rounding only removes float noise. */
export const poundsToPence = (pounds: number): number => Math.round(pounds * 100);

/**
 * Rounds an amount of pence that may have a fraction (a percentage of a total) to a whole penny,
 * half up. The fixed-point pass first removes binary noise such as 157.49999999 for 157.5.
 */
export const roundHalfUpToPenny = (pence: number): number => Math.floor(Number(pence.toFixed(6)) + 0.5);

/** `percent` per cent of an amount, to the penny (half up). */
export const percentOfPence = (pence: number, percent: number): number => roundHalfUpToPenny((pence * percent) / 100);

const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * 350 → "£3.50", 123456 → "£1,234.56", -350 → "-£3.50": what Intl.NumberFormat('en-GB', GBP) writes, put together by hand
 * because the first Intl formatter a page makes costs a phone about 180 ms of blocking start-up (ICU's locale data).
 * A fraction of a penny rounds to the nearest; nothing is ever "-£0.00" (Intl writes that for -0).
 */
export function formatGbp(pence: number): string {
  const wholePence = Math.round(Math.abs(pence));
  const sign = pence < 0 && wholePence > 0 ? '-' : '';
  const pounds = String(Math.floor(wholePence / 100)).replace(THOUSANDS, ',');
  return `${sign}£${pounds}.${String(wholePence % 100).padStart(2, '0')}`;
}

/** The API speaks pounds (8.5); SPEC §9 shows them in GBP, en-GB, two decimals ("£8.50"). */
export function formatPounds(pounds: number): string {
  return formatGbp(poundsToPence(pounds));
}
