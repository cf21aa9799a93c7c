import type { AccountAddress } from '../../domain/accountRules';
import { pointsEarned } from '../../domain/loyalty';
import type { OrderTypeValue } from '../../domain/orderEnums';
import type { VoucherTypeValue } from './discounts';
import type { ValidationFailure } from './validationFailure';

// A customer's account as the server holds it (docs/accounts.md): money in pence, keyed by the identity user's `sub`.

export type { AccountAddress };

export const NO_ACCOUNT_MESSAGE = 'You do not have an account yet';
export const ACCOUNT_EXISTS_MESSAGE = 'You already have an account';
export const NOTHING_TO_DELETE_MESSAGE = 'There is no account to delete';
export const MAXIMUM_ADDRESSES = 10;
export const TOO_MANY_ADDRESSES_MESSAGE = `You can keep at most ${MAXIMUM_ADDRESSES} addresses`;

export interface HeldVoucher {
  voucherId: number;
  voucherType: VoucherTypeValue;
  title: string;
  /** A fixed or points voucher's value; 0 for a day-specific one. */
  valuePence: number;
  /** A day-specific voucher's percentage; 0 for the others. */
  percent: number;
  /** A day-specific voucher's day, 0 Sunday to 6 Saturday (London); null for the others. */
  validDay: number | null;
  /** The confirmed order that used it; null while it is held. */
  usedByBasketId: string | null;
  withdrawn: boolean;
}

export interface AccountOrderLine {
  title: string;
  configOption: string | null;
  quantity: number;
}

/**
 * What a confirmed order held, as its account lists it, written once when it is confirmed: GetAccount then reads one
 * column per order instead of every line of every order (docs/benchmarks.md).
 */
export function orderSummaryOf(lines: readonly AccountOrderLine[]): string {
  return JSON.stringify(lines.map(({ title, configOption, quantity }) => ({ title, configOption, quantity })));
}

export function linesOfOrderSummary(summary: string): AccountOrderLine[] {
  return JSON.parse(summary) as AccountOrderLine[];
}

export interface AccountOrder {
  /** The order's basketId: RebuildOrder's orderId. */
  basketId: string;
  orderRef: string;
  orderNumber: number;
  confirmedAt: string;
  orderType: OrderTypeValue;
  totalCostPence: number;
  lines: AccountOrderLine[];
}

export interface Account {
  authSub: string;
  email: string;
  name: string | null;
  phone: string | null;
  discountPercent: number;
  points: number;
  loyaltyId: string;
  addresses: AccountAddress[];
  /** The vouchers the customer can use: not used by a confirmed order and not withdrawn. */
  vouchers: HeldVoucher[];
  /** Newest first. */
  orders: AccountOrder[];
}

/** What pricing needs of an account. */
export interface AccountEntitlement {
  profilePercent: number;
  /** Those of the asked-for vouchers that the customer holds or has held, whatever their state. */
  vouchers: HeldVoucher[];
}

/** A confirmed order as CreateAccountFromOrder finds it, to make it the new account's first. */
export interface OrderForNewAccount {
  accountSub: string | null;
  /** As the customer gave it at checkout. */
  email: string;
  itemCostPence: number;
  /** Refused, cancelled or refunded: it earns nothing. */
  fallenThrough: boolean;
  /** Its points have been credited already. */
  credited: boolean;
}

export type NewAccountOrderDecision = { points: number } | { failure: ValidationFailure };

/**
 * Whether the caller may make `order` (undefined: no confirmed order has that orderRef) their account's first and
 * claim `claimedPoints` for it: it must be their own (a guest order placed with their email, or one they placed
 * signed in before having an account), not credited yet, and the points must be what it earns.
 */
export function newAccountOrderDecision(
  order: OrderForNewAccount | undefined,
  caller: { sub: string; email: string },
  claimedPoints: number,
): NewAccountOrderDecision {
  const isTheirs =
    order !== undefined &&
    (order.accountSub === null || order.accountSub === caller.sub) &&
    order.email.trim().toLowerCase() === caller.email.trim().toLowerCase();
  if (!isTheirs) return { failure: { field: 'orderRef', message: 'is not an order you placed with this email address' } };
  if (order.credited) return { failure: { field: 'orderRef', message: 'has already earned its points' } };
  const points = order.fallenThrough ? 0 : pointsEarned(order.itemCostPence);
  if (claimedPoints !== points) return { failure: { field: 'points', message: `must be ${points}, the points this order earns` } };
  return { points };
}
