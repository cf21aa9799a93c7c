import { formatGbp, poundsToPence } from './money';

// The owner's takeaway settings (docs/back-office.md, "Settings"): each field's rule and message, written once for
// the /manage/settings form and the server, which checks every field of every save. Money is in pounds, as the API
// and the form speak it; a rule compares pence.

/** As the contract's ManageSettings. */
export interface TakeawaySettingsEdit {
  allowOrdering: boolean;
  allowCollection: boolean;
  allowCashPayment: boolean;
  minimumCollectionOrderValue: number;
  minimumFreeOrderValue: number;
  standardDeliveryCharge: number;
  bagCharge: number;
  maximumCashOrderValue: number;
  maximumOrderValue: number;
  acceptanceTimeoutSeconds: number;
  orderDaysAhead: number;
  /** The restaurant's own photo (the contract's Photo); absent when the owner has chosen none. */
  sharePhoto?: SettingsPhoto;
}

/** As the contract's Photo. */
export interface SettingsPhoto {
  mediaId: string;
  alt: string;
  width: number;
  height: number;
  widths: number[];
}

export type MoneySettingField =
  | 'minimumCollectionOrderValue'
  | 'minimumFreeOrderValue'
  | 'standardDeliveryCharge'
  | 'bagCharge'
  | 'maximumCashOrderValue'
  | 'maximumOrderValue';

/** Each amount's range in pence and how the owner reads it. */
export const MONEY_SETTING_RULES: Readonly<Record<MoneySettingField, { label: string; minimumPence: number; maximumPence: number }>> = {
  minimumCollectionOrderValue: { label: 'The minimum collection order', minimumPence: 0, maximumPence: 10_000 },
  minimumFreeOrderValue: { label: 'The minimum delivery order', minimumPence: 0, maximumPence: 20_000 },
  standardDeliveryCharge: { label: 'The delivery charge', minimumPence: 0, maximumPence: 2_000 },
  bagCharge: { label: 'The bag charge', minimumPence: 0, maximumPence: 100 },
  maximumCashOrderValue: { label: 'The largest cash order', minimumPence: 100, maximumPence: 100_000 },
  maximumOrderValue: { label: 'The largest order', minimumPence: 1_000, maximumPence: 500_000 },
};

/** The automatic-refusal time: from a minute, so the kitchen has time to answer, to an hour, so nobody waits longer. */
export const ACCEPTANCE_TIMEOUT_RULE = { minimumSeconds: 60, maximumSeconds: 3_600 } as const;

/** How many days ahead customers may order: today only, up to a week. */
export const ORDER_DAYS_AHEAD_RULE = { minimum: 0, maximum: 7 } as const;

export function orderDaysAheadFailure(days: number): string | undefined {
  const { minimum, maximum } = ORDER_DAYS_AHEAD_RULE;
  if (!Number.isInteger(days) || days < minimum || days > maximum) {
    return `Customers may order from ${minimum} (today only) to ${maximum} days ahead`;
  }
  return undefined;
}

export interface FieldFailure {
  field: string;
  message: string;
}

function moneyFailure(field: MoneySettingField, pounds: number): string | undefined {
  const rule = MONEY_SETTING_RULES[field];
  if (!Number.isFinite(pounds) || Math.abs(pounds * 100 - poundsToPence(pounds)) > 1e-6) return `${rule.label} must be an amount in pounds and pence`;
  const pence = poundsToPence(pounds);
  if (pence < rule.minimumPence || pence > rule.maximumPence) {
    return `${rule.label} must be from ${formatGbp(rule.minimumPence)} to ${formatGbp(rule.maximumPence)}`;
  }
  return undefined;
}

export function acceptanceTimeoutFailure(seconds: number): string | undefined {
  const { minimumSeconds, maximumSeconds } = ACCEPTANCE_TIMEOUT_RULE;
  if (!Number.isInteger(seconds) || seconds < minimumSeconds || seconds > maximumSeconds) {
    return `The automatic refusal must come after ${minimumSeconds / 60} to ${maximumSeconds / 60} minutes`;
  }
  return undefined;
}

/** Every field's failure, named as in the body; none when the settings may be saved. */
export function takeawaySettingsFailures(settings: TakeawaySettingsEdit): FieldFailure[] {
  const failures: FieldFailure[] = [];
  for (const field of Object.keys(MONEY_SETTING_RULES) as MoneySettingField[]) {
    const message = moneyFailure(field, settings[field]);
    if (message !== undefined) failures.push({ field, message });
  }
  const failed = new Set(failures.map((failure) => failure.field));
  const pence = (field: MoneySettingField) => poundsToPence(settings[field]);
  if (!failed.has('maximumCashOrderValue') && !failed.has('maximumOrderValue') && pence('maximumCashOrderValue') > pence('maximumOrderValue')) {
    failures.push({ field: 'maximumCashOrderValue', message: 'The largest cash order must not be more than the largest order' });
  }
  for (const minimum of ['minimumCollectionOrderValue', 'minimumFreeOrderValue'] as const) {
    if (!failed.has(minimum) && !failed.has('maximumOrderValue') && pence(minimum) > pence('maximumOrderValue')) {
      failures.push({ field: minimum, message: `${MONEY_SETTING_RULES[minimum].label} must not be more than the largest order` });
    }
  }
  const timeout = acceptanceTimeoutFailure(settings.acceptanceTimeoutSeconds);
  if (timeout !== undefined) failures.push({ field: 'acceptanceTimeoutSeconds', message: timeout });
  const daysAhead = orderDaysAheadFailure(settings.orderDaysAhead);
  if (daysAhead !== undefined) failures.push({ field: 'orderDaysAhead', message: daysAhead });
  return failures;
}
