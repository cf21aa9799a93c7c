// The rules of what the owner gives a customer (docs/back-office.md, "Customers and loyalty"), with the message each
// broken rule gives after its field's name: the customer screen checks them first and the server again. The limits
// are the contract's (openapi.yaml: giveCustomerPoints, giveCustomerVoucher).
import { atLeastCharacters, atMostCharacters } from './limitMessages';
import { poundsToPence } from './money';

export const MAX_GIFT_POINTS = 1000;
export const MAX_GIFT_REASON_LENGTH = 200;
export const MAX_GIFT_VOUCHER_TITLE_LENGTH = 60;
export const MAX_GIFT_VOUCHER_POUNDS = 50;

/** The customer searches: part of an email or a loyalty code. */
export const MIN_CUSTOMER_SEARCH_LENGTH = 3;

/** The voucher types the owner may give (a points voucher comes from points: give 100 points instead). */
export const GIFT_VOUCHER_TYPES = { fixedValue: 1, dayPercent: 3 } as const;

export const giftMessages = {
  searchTooShort: atLeastCharacters(MIN_CUSTOMER_SEARCH_LENGTH),
  pointsRange: `must be a whole number from 1 to ${MAX_GIFT_POINTS}`,
  reasonEmpty: atLeastCharacters(1),
  reasonTooLong: atMostCharacters(MAX_GIFT_REASON_LENGTH),
  titleEmpty: atLeastCharacters(1),
  titleTooLong: atMostCharacters(MAX_GIFT_VOUCHER_TITLE_LENGTH),
  valueRange: `must be from £0.01 to £${MAX_GIFT_VOUCHER_POUNDS}.00, in pounds and pence`,
  percentRange: 'must be a whole number from 1 to 100',
  validDayMissing: 'must be the day of the week it can be used on',
} as const;

export interface GiftFailure {
  field: string;
  message: string;
}

function textFailure(field: string, text: string, maxLength: number, empty: string, tooLong: string): GiftFailure[] {
  const trimmed = text.trim();
  if (trimmed === '') return [{ field, message: empty }];
  return trimmed.length > maxLength ? [{ field, message: tooLong }] : [];
}

const reasonFailures = (reason: string) => textFailure('reason', reason, MAX_GIFT_REASON_LENGTH, giftMessages.reasonEmpty, giftMessages.reasonTooLong);

export function pointsGiftFailures(gift: { points: number; reason: string }): GiftFailure[] {
  const points = Number.isInteger(gift.points) && gift.points >= 1 && gift.points <= MAX_GIFT_POINTS ? [] : [{ field: 'points', message: giftMessages.pointsRange }];
  return [...points, ...reasonFailures(gift.reason)];
}

export interface VoucherGift {
  voucherType: (typeof GIFT_VOUCHER_TYPES)[keyof typeof GIFT_VOUCHER_TYPES];
  title: string;
  /** Pounds: a fixed-value voucher's. */
  value?: number;
  /** A day-specific voucher's percentage and weekday (0 Sunday to 6 Saturday). */
  percent?: number;
  validDay?: number;
  reason: string;
}

export function voucherGiftFailures(gift: VoucherGift): GiftFailure[] {
  const failures = textFailure('title', gift.title, MAX_GIFT_VOUCHER_TITLE_LENGTH, giftMessages.titleEmpty, giftMessages.titleTooLong);
  if (gift.voucherType === GIFT_VOUCHER_TYPES.fixedValue) {
    const { value } = gift;
    const valid = value !== undefined && value > 0 && value <= MAX_GIFT_VOUCHER_POUNDS && Math.abs(value * 100 - poundsToPence(value)) < 1e-6;
    if (!valid) failures.push({ field: 'value', message: giftMessages.valueRange });
  } else {
    const { percent, validDay } = gift;
    if (percent === undefined || !Number.isInteger(percent) || percent < 1 || percent > 100) failures.push({ field: 'percent', message: giftMessages.percentRange });
    if (validDay === undefined || !Number.isInteger(validDay) || validDay < 0 || validDay > 6) failures.push({ field: 'validDay', message: giftMessages.validDayMissing });
  }
  return [...failures, ...reasonFailures(gift.reason)];
}
