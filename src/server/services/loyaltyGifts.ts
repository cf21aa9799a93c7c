import type { Transaction } from 'kysely';
import { GIFT_VOUCHER_TYPES, pointsGiftFailures, voucherGiftFailures } from '../../domain/customerGiftRules';
import { formatGbp, poundsToPence } from '../../domain/money';
import { readCustomer, type CustomerRecord, type CustomerSummary } from '../db/customerRepository';
import type { Editor } from '../db/editRepository';
import { addPoints, giveRestaurantVoucher, lockAccount, type LockedAccount, type RestaurantVoucher } from '../db/loyaltyLedger';
import type { DatabaseSchema } from '../db/schema';
import { runOnKysely, type Steps } from '../db/statementSteps';
import { VoucherType } from '../domain/discounts';
import { ApiError } from '../errors';
import type { RequestBody } from '../handlers/handlerTypes';
import { recordChange } from './ownerChanges';
import type { ServiceContext } from './serviceContext';
import { WEEKDAY_NAMES } from '../../domain/londonClock';

// The owner's gifts to a customer (docs/back-office.md, "Customers and loyalty"): points, and vouchers of the restaurant's.

export const NO_SUCH_CUSTOMER_MESSAGE = 'No customer has this loyalty code';

type Who = { editor: Editor; now: Date };
type VoucherGift = RequestBody<'giveCustomerVoucher'>;

const customerLabel = (customer: CustomerRecord) => `${customer.email} (${customer.loyaltyId})`;

function voucherTerms(voucher: RestaurantVoucher): string {
  return voucher.voucherType === VoucherType.Discount ? `${formatGbp(voucher.valuePence)} off` : `${voucher.percent}% off on ${WEEKDAY_NAMES[voucher.validDay]}s`;
}

const audited = (customer: CustomerRecord) => ({ loyaltyId: customer.loyaltyId, email: customer.email, points: customer.points, vouchers: customer.vouchers.length });

/**
 * Runs a gift to the customer with this loyalty code in one transaction (recordChange's), their account locked first, with
 * its audit line; answers the customer as they are after it (404 when there is no such customer, and nothing written).
 */
async function giveToCustomer(
  context: ServiceContext,
  who: Who,
  loyaltyId: string,
  gift: {
    steps: (account: LockedAccount) => Steps<unknown>;
    summary: (before: CustomerRecord, after: CustomerRecord) => string;
    details: object;
  },
): Promise<CustomerRecord> {
  return recordChange(context, who, async (transaction: Transaction<DatabaseSchema>) => {
    const found = await transaction.selectFrom('accounts').select('auth_sub').where('loyalty_id', '=', loyaltyId).executeTakeFirst();
    const account = found === undefined ? undefined : await runOnKysely(transaction, lockAccount(found.auth_sub));
    const before = account === undefined ? undefined : await readCustomer(transaction, loyaltyId);
    if (account === undefined || before === undefined) throw new ApiError(404, NO_SUCH_CUSTOMER_MESSAGE);
    await runOnKysely(transaction, gift.steps(account));
    const after = await readCustomer(transaction, loyaltyId);
    if (after === undefined) throw new Error(`The customer ${loyaltyId} vanished while being given a gift`);
    const summary = gift.summary(before, after);
    return { result: after, audit: [{ area: 'customers', summary, before: audited(before), after: { ...audited(after), ...gift.details } }] };
  });
}

/** Gives `points` to the customer with this loyalty code (refused, 400, without a reason or with points out of range). */
export async function givePoints(context: ServiceContext, who: Who, loyaltyId: string, gift: { points: number; reason: string }): Promise<CustomerRecord> {
  const { points } = gift;
  const reason = gift.reason.trim();
  const failures = pointsGiftFailures({ points, reason });
  if (failures.length > 0) throw new ApiError(400, null, failures);
  const now = who.now.toISOString();
  return giveToCustomer(context, who, loyaltyId, {
    steps: (account) => addPoints(account, points, now),
    summary: (before, after) => {
      const pointsVouchers = (customer: CustomerRecord) => customer.vouchers.filter((voucher) => voucher.source === 'points').length;
      const made = pointsVouchers(after) - pointsVouchers(before);
      const vouchers = made > 0 ? `, and ${made} £5 points voucher${made === 1 ? '' : 's'}` : '';
      return `Gave ${points} points to ${customerLabel(before)}: ${reason}. Points ${before.points} → ${after.points}${vouchers}`;
    },
    details: { pointsGiven: points, reason },
  });
}

/** Gives the customer with this loyalty code a voucher of the restaurant's (refused, 400, when its terms are not valid). */
export async function giveVoucher(context: ServiceContext, who: Who, loyaltyId: string, gift: VoucherGift): Promise<CustomerRecord> {
  const reason = gift.reason.trim();
  const title = gift.title.trim();
  const failures = voucherGiftFailures({ ...gift, title, reason });
  if (failures.length > 0) throw new ApiError(400, null, failures);
  const voucher: RestaurantVoucher =
    gift.voucherType === GIFT_VOUCHER_TYPES.fixedValue
      ? { voucherType: VoucherType.Discount, title, valuePence: poundsToPence(gift.value ?? 0) }
      : { voucherType: VoucherType.PercDiscount, title, percent: gift.percent ?? 0, validDay: gift.validDay ?? 0 };
  const now = who.now.toISOString();
  return giveToCustomer(context, who, loyaltyId, {
    steps: (account) => giveRestaurantVoucher(account, voucher, now),
    summary: (before) => `Gave ${customerLabel(before)} the voucher "${title}" (${voucherTerms(voucher)}): ${reason}`,
    details: { voucherGiven: voucher, reason },
  });
}

/** The customers whose email, name, phone or loyalty code matches `text`. */
export function customersMatching({ repositories }: ServiceContext, text: string): Promise<CustomerSummary[]> {
  return repositories.customers.search(text);
}

/** The customer with this loyalty code (404 when there is none). */
export async function customerOf({ repositories }: ServiceContext, loyaltyId: string): Promise<CustomerRecord> {
  const customer = await repositories.customers.findByLoyaltyId(loyaltyId);
  if (customer === undefined) throw new ApiError(404, NO_SUCH_CUSTOMER_MESSAGE);
  return customer;
}
