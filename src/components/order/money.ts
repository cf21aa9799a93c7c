import { formatGbp, poundsToPence } from '../../domain/money';

/** The API speaks pounds (8.5); SPEC §9 shows them in GBP, en-GB, two decimals ("£8.50"). */
export function formatPounds(pounds: number): string {
  return formatGbp(poundsToPence(pounds));
}
