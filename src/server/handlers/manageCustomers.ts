import type { components } from '../../api/schema.gen';
import { penceToPounds } from '../../domain/money';
import type { CustomerRecord } from '../db/customerRepository';
import { customerOf, customersMatching, givePoints, giveVoucher } from '../services/loyaltyGifts';
import type { HandlerMap } from './handlerTypes';
import { whoOf } from './ownerEdits';

type ManagedCustomer = components['schemas']['ManagedCustomer'];

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

// The owner finds customers and gives them points and vouchers (docs/back-office.md, "Customers and loyalty").
export const manageCustomerHandlers: Pick<HandlerMap, 'findCustomers' | 'getCustomer' | 'giveCustomerPoints' | 'giveCustomerVoucher'> = {
  async findCustomers(request) {
    return { data: { customers: await customersMatching(request.server, request.query.text) } };
  },

  async getCustomer(request) {
    const customer = await customerOf(request.server, request.params.loyaltyId);
    return { data: { customer: managedCustomerOf(customer) } };
  },

  async giveCustomerPoints(request) {
    const customer = await givePoints(request.server, whoOf(request), request.params.loyaltyId, request.body);
    return { data: { customer: managedCustomerOf(customer) } };
  },

  async giveCustomerVoucher(request) {
    const customer = await giveVoucher(request.server, whoOf(request), request.params.loyaltyId, request.body);
    return { data: { customer: managedCustomerOf(customer) } };
  },
};
