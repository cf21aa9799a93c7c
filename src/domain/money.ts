import { onFirstUse } from './onFirstUse';
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

const gbp = onFirstUse(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));

/** 350 → "£3.50". */
export const formatGbp = (pence: number): string => gbp().format(penceToPounds(pence));
