import type { components } from '../../api/schema.gen';
import { penceToPounds } from '../../domain/money';
import type { Account, HeldVoucher } from '../domain/account';
import { VoucherType } from '../domain/discounts';

// How an account and its vouchers are shown by the account calls and the order update (money in pounds).

type Schemas = components['schemas'];

/** A fixed or points voucher's face value, negative as it counts against the order; 0 for a percent one. */
const faceValuePence = (voucher: HeldVoucher) => (voucher.voucherType === VoucherType.PercDiscount ? 0 : voucher.valuePence);

export function accountVoucherOf(voucher: HeldVoucher): Schemas['AccountVoucher'] {
  return {
    voucherId: voucher.voucherId,
    voucherType: voucher.voucherType,
    title: voucher.title,
    percDiscount: voucher.percent,
    itemCost: -penceToPounds(faceValuePence(voucher)),
    discountValue: penceToPounds(faceValuePence(voucher)),
    ...(voucher.validDay === null ? {} : { validDay: voucher.validDay }),
  };
}

/** A voucher on a priced order: what it is, and what it took off this order. */
export function voucherItemOf(voucher: HeldVoucher, discountPence: number): Schemas['VoucherItem'] {
  return {
    voucherId: voucher.voucherId,
    voucherType: voucher.voucherType,
    title: voucher.title,
    percDiscount: voucher.percent,
    quantity: 1,
    itemCost: -penceToPounds(faceValuePence(voucher)),
    lineCost: -penceToPounds(discountPence),
  };
}

export function accountProfileOf(account: Account): Schemas['AccountProfile'] {
  const vouchersOfType = (voucherType: HeldVoucher['voucherType']) =>
    account.vouchers.filter((voucher) => voucher.voucherType === voucherType).map(accountVoucherOf);
  return {
    authId: account.authSub,
    loyaltyId: account.loyaltyId,
    email: account.email,
    name: account.name,
    phone: account.phone,
    discount: account.discountPercent,
    vouchers: vouchersOfType(VoucherType.Discount),
    pointsVouchers: vouchersOfType(VoucherType.Points),
    daySpecificVouchers: vouchersOfType(VoucherType.PercDiscount),
    orders: account.orders.map((order) => ({
      orderId: order.basketId,
      orderRef: order.orderRef,
      orderNumber: order.orderNumber,
      orderDate: order.confirmedAt,
      orderType: order.orderType,
      totalCost: penceToPounds(order.totalCostPence),
      items: order.lines.map((line) => ({
        title: line.title,
        ...(line.configOption === null ? {} : { configOption: line.configOption }),
        quantity: line.quantity,
      })),
    })),
    addresses: account.addresses,
    points: account.points,
  };
}
