import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, MISSING_EMAIL_MESSAGE } from '../../machines/auth/identityErrors';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../src/domain/passwordRules';
import {
  addressLines,
  orderSummary,
  ordersNewestFirst,
  pointsToNextVoucher,
  voucherValueLabel,
  type AccountOrder,
  type AccountVoucher,
} from '../../src/screens/account/accountDisplay';
import { validateAddress, validateProfile } from '../../src/screens/account/accountForms';
import { authFieldMessages, validateConfirmation, validateNewPassword, validateSignIn, validateSignUp } from '../../src/screens/account/authForms';

function order(orderId: string, orderDate: string, orderType: 1 | 2 = 1, totalCost = 12.5): AccountOrder {
  return { orderId, orderRef: orderId.toUpperCase(), orderDate, orderType, totalCost, items: [] };
}

function voucher(fields: Partial<AccountVoucher> & Pick<AccountVoucher, 'voucherType'>): AccountVoucher {
  return { voucherId: 1, title: 'A voucher', percDiscount: 0, itemCost: 0, discountValue: 0, ...fields };
}

describe('the account page', () => {
  it('shows an address one part to a line, leaving out the empty optional parts (SPEC §3)', () => {
    expect(addressLines({ address1: '12 Otley Road', address2: '', town: 'Leeds', county: ' ', postCode: 'LS6 2AB' })).toEqual(['12 Otley Road', 'Leeds', 'LS6 2AB']);
  });

  it('lists previous orders newest first whatever order they came in', () => {
    const orders = [order('a', '2026-03-01T18:00:00Z'), order('c', '2026-05-09T12:00:00Z'), order('b', '2026-04-20T19:30:00+01:00')];
    expect(ordersNewestFirst(orders).map((entry) => entry.orderId)).toEqual(['c', 'b', 'a']);
  });

  it('names an order by its type, its day on London’s calendar and its total', () => {
    // 23:30 UTC on 30 June is already 1 July in London (summer time); on 31 December it is still the same day.
    expect(orderSummary(order('a', '2026-06-30T23:30:00Z', 2, 23.4))).toBe('Delivery, Wednesday 1 July 2026, £23.40');
    expect(orderSummary(order('a', '2026-12-31T23:30:00Z', 1, 8))).toBe('Collection, Thursday 31 December 2026, £8.00');
  });

  it('counts the points still needed for the next points voucher', () => {
    expect(pointsToNextVoucher(0)).toBe(100);
    expect(pointsToNextVoucher(64)).toBe(36);
    expect(pointsToNextVoucher(99)).toBe(1);
  });

  it('says what each kind of voucher takes off (SPEC §9)', () => {
    expect(voucherValueLabel(voucher({ voucherType: 1, itemCost: -3 }))).toBe('£3.00 off');
    expect(voucherValueLabel(voucher({ voucherType: 2, discountValue: 5 }))).toBe('£5.00 off');
    expect(voucherValueLabel(voucher({ voucherType: 3, percDiscount: 15, validDay: 2 }))).toBe('15% off the items on Tuesdays');
  });
});

describe('the account forms', () => {
  it('word the shared rules for their own fields', () => {
    expect(validateProfile({ name: '', phone: '123' }, { required: true })).toEqual({
      name: 'Name must not be empty',
      phone: 'Phone number must be a UK phone number, for example 0113 496 0123',
    });
    expect(validateProfile({ name: '', phone: '' }, { required: false })).toEqual({});
    expect(validateAddress({ address1: '', address2: '', town: 'Leeds', county: '', postCode: 'nowhere' })).toEqual({
      address1: 'Address line 1 must not be empty',
      postCode: 'Postcode must be a UK postcode, for example LS6 2AB',
    });
  });

  it('check the auth forms beside each field, with the statechart’s own words', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: MISSING_EMAIL_MESSAGE, password: authFieldMessages.passwordMissing });
    expect(validateSignUp({ email: 'mei@', password: 'short' })).toEqual({ email: INVALID_EMAIL_MESSAGE, password: PASSWORD_TOO_SHORT_MESSAGE });
    expect(validateSignUp({ email: 'mei@example.com', password: 'eight ch' })).toEqual({});
    expect(validateConfirmation({ email: 'mei@example.com', code: ' ' })).toEqual({ code: authFieldMessages.codeMissing });
    expect(validateNewPassword({ code: '123456', newPassword: '1234567' })).toEqual({ newPassword: PASSWORD_TOO_SHORT_MESSAGE });
  });
});
