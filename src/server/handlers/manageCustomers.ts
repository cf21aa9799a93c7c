import type { Transaction } from 'kysely';
import type { components } from '../../api/schema.gen';
import { GIFT_VOUCHER_TYPES, pointsGiftFailures, voucherGiftFailures } from '../../domain/customerGiftRules';
import { formatGbp, penceToPounds, poundsToPence } from '../../domain/money';
import { readCustomer, type CustomerRecord } from '../db/customerRepository';
import { addPoints, giveRestaurantVoucher, lockAccount, type LockedAccount, type RestaurantVoucher } from '../db/loyaltyLedger';
import type { DatabaseSchema } from '../db/schema';
import { runOnKysely, type Steps } from '../db/statementSteps';
import { VoucherType } from '../domain/discounts';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { recordChange } from './ownerEdits';

type ManagedCustomer = components['schemas']['ManagedCustomer'];

export const NO_SUCH_CUSTOMER_MESSAGE = 'No customer has this loyalty code';

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

function managedCustomerOf(customer: CustomerRecord): ManagedCustomer {
  return {
    loyaltyId: customer.loyaltyId,
    email: customer.email,
    name: customer.name,
    phone: customer.phone,
    points: customer.points,
    discountPercent: customer.discountPercent,
    memberSince: customer.memberSince,
    orders: customer.orders,
    vouchers: customer.vouchers.map((voucher) => ({
      voucherId: voucher.voucherId,
      voucherType: voucher.voucherType,
      title: voucher.title,
      value: penceToPounds(voucher.valuePence),
      percent: voucher.percent,
      validDay: voucher.validDay,
      state: voucher.state,
      source: voucher.source,
      givenAt: voucher.givenAt,
      usedByOrderRef: voucher.usedByOrderRef,
    })),
  };
}

const customerLabel = (customer: CustomerRecord) => `${customer.email} (${customer.loyaltyId})`;

function voucherTerms(voucher: RestaurantVoucher): string {
  return voucher.voucherType === VoucherType.Discount ? `${formatGbp(voucher.valuePence)} off` : `${voucher.percent}% off on ${WEEKDAYS[voucher.validDay]}`;
}

const audited = (customer: CustomerRecord) => ({ loyaltyId: customer.loyaltyId, email: customer.email, points: customer.points, vouchers: customer.vouchers.length });

/**
 * Runs a gift to the customer with this loyalty code in recordChange's transaction, their account locked first, with
 * its audit line; answers the customer as they are after it (404 when there is no such customer, and nothing written).
 */
async function giveToCustomer(
  request: Parameters<typeof recordChange>[0],
  loyaltyId: string,
  gift: {
    steps: (account: LockedAccount) => Steps<unknown>;
    summary: (before: CustomerRecord, after: CustomerRecord) => string;
    details: object;
  },
): Promise<CustomerRecord> {
  return recordChange(request, async (transaction: Transaction<DatabaseSchema>) => {
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

// The owner finds customers and gives them points and vouchers (docs/back-office.md, "Customers and loyalty").
export const manageCustomerHandlers: Pick<HandlerMap, 'findCustomers' | 'getCustomer' | 'giveCustomerPoints' | 'giveCustomerVoucher'> = {
  async findCustomers(request) {
    return { data: { customers: await request.server.repositories.customers.search(request.query.text) } };
  },

  async getCustomer(request) {
    const customer = await request.server.repositories.customers.findByLoyaltyId(request.params.loyaltyId);
    if (customer === undefined) throw new ApiError(404, NO_SUCH_CUSTOMER_MESSAGE);
    return { data: { customer: managedCustomerOf(customer) } };
  },

  async giveCustomerPoints(request) {
    const { points } = request.body;
    const reason = request.body.reason.trim();
    const failures = pointsGiftFailures({ points, reason });
    if (failures.length > 0) throw new ApiError(400, null, failures);
    const now = request.server.clock().toISOString();
    const customer = await giveToCustomer(request, request.params.loyaltyId, {
      steps: (account) => addPoints(account, points, now),
      summary: (before, after) => {
        const pointsVouchers = (customer: CustomerRecord) => customer.vouchers.filter((voucher) => voucher.source === 'points').length;
        const made = pointsVouchers(after) - pointsVouchers(before);
        const vouchers = made > 0 ? `, and ${made} £5 points voucher${made === 1 ? '' : 's'}` : '';
        return `Gave ${points} points to ${customerLabel(before)}: ${reason}. Points ${before.points} → ${after.points}${vouchers}`;
      },
      details: { pointsGiven: points, reason },
    });
    return { data: { customer: managedCustomerOf(customer) } };
  },

  async giveCustomerVoucher(request) {
    const { body } = request;
    const reason = body.reason.trim();
    const title = body.title.trim();
    const failures = voucherGiftFailures({ ...body, title, reason });
    if (failures.length > 0) throw new ApiError(400, null, failures);
    const voucher: RestaurantVoucher =
      body.voucherType === GIFT_VOUCHER_TYPES.fixedValue
        ? { voucherType: VoucherType.Discount, title, valuePence: poundsToPence(body.value ?? 0) }
        : { voucherType: VoucherType.PercDiscount, title, percent: body.percent ?? 0, validDay: body.validDay ?? 0 };
    const now = request.server.clock().toISOString();
    const customer = await giveToCustomer(request, request.params.loyaltyId, {
      steps: (account) => giveRestaurantVoucher(account, voucher, now),
      summary: (before) => `Gave ${customerLabel(before)} the voucher "${title}" (${voucherTerms(voucher)}): ${reason}`,
      details: { voucherGiven: voucher, reason },
    });
    return { data: { customer: managedCustomerOf(customer) } };
  },
};
