import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderingServer, type Customer, type OrderingServer } from './orderingServer';

// The owner finds customers and gives them points and vouchers with a reason (docs/back-office.md, "Customers and
// loyalty"); the customer's own account page shows the gifts at once.

let ordering: OrderingServer;
let ownerToken: string;
let customer: Customer;
let loyaltyId: string;

const auditOfCustomers = async () => (await ordering.call('/manage/audit?area=customers', { token: ownerToken })).body.data.entries;
const customersAccount = async () => (await ordering.call('/account/GetAccount', { token: customer.idToken })).body.data.account;

beforeAll(async () => {
  ordering = await startOrderingServer();
  ownerToken = await ordering.ownerToken();
  customer = await ordering.newCustomer();
  const account = await ordering.createAccount(customer, { name: 'Grace Hopper' });
  loyaltyId = account.loyaltyId;
  // A customer whose email the search must not confuse with this one's.
  await ordering.createAccount(await ordering.newCustomer());
});
afterAll(() => ordering?.close());

describe('finding a customer', () => {
  it('finds them by part of their email, in any case, and by the code of their account QR however it is typed', async () => {
    const part = customer.email.slice(0, customer.email.indexOf('@')).toUpperCase();
    const byEmail = await ordering.call(`/manage/customers/search?text=${encodeURIComponent(part)}`, { token: ownerToken });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data.customers).toEqual([{ loyaltyId, email: customer.email, name: 'Grace Hopper', points: 0 }]);

    const typed = loyaltyId.replace('-', ' ').toLowerCase();
    const byCode = await ordering.call(`/manage/customers/search?text=${encodeURIComponent(typed)}`, { token: ownerToken });
    expect(byCode.body.data.customers.map((found: { loyaltyId: string }) => found.loyaltyId)).toEqual([loyaltyId]);

    // "_" is a character of the email, not LIKE's wildcard.
    expect((await ordering.call('/manage/customers/search?text=diner_', { token: ownerToken })).body.data.customers).toEqual([]);
    const tooShort = await ordering.call('/manage/customers/search?text=ab', { token: ownerToken });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.validationErrors.map((failure: { field: string }) => failure.field)).toEqual(['text']);
  });

  it("answers a customer's account by loyalty code, and 404 for a code nobody has", async () => {
    const found = await ordering.call(`/manage/customers/${loyaltyId}`, { token: ownerToken });
    expect(found.status).toBe(200);
    expect(found.body.data.customer).toMatchObject({ loyaltyId, email: customer.email, name: 'Grace Hopper', points: 0, orders: 0, vouchers: [] });
    const nobody = await ordering.call('/manage/customers/AAAAA-AAAAA', { token: ownerToken });
    expect(nobody.status).toBe(404);
    expect(nobody.body.errorMessage).toBe('No customer has this loyalty code');
  });
});

describe('gifts', () => {
  it('gives points with a reason; every 100 become a £5 points voucher, seen on the customer’s account at once and audited', async () => {
    const sixty = await ordering.post(`/manage/customers/${loyaltyId}/points`, { points: 60, reason: 'Sorry for the late delivery' }, ownerToken);
    expect(sixty.status).toBe(200);
    expect(sixty.body.data.customer).toMatchObject({ points: 60, vouchers: [] });
    // The account page is kept by its change tag: the gift must set a new one to be seen.
    expect((await customersAccount()).points).toBe(60);

    const more = await ordering.post(`/manage/customers/${loyaltyId}/points`, { points: 150, reason: 'Birthday' }, ownerToken);
    expect(more.body.data.customer.points).toBe(10);
    expect(more.body.data.customer.vouchers).toEqual([
      expect.objectContaining({ voucherType: 2, title: '£5 off (100 points)', value: 5, state: 'held', source: 'points', usedByOrderRef: null }),
      expect.objectContaining({ voucherType: 2, title: '£5 off (100 points)', value: 5, state: 'held', source: 'points' }),
    ]);
    const account = await customersAccount();
    expect(account.points).toBe(10);
    expect(account.pointsVouchers).toHaveLength(2);

    expect((await auditOfCustomers()).map((entry: { summary: string }) => entry.summary)).toEqual([
      `Gave 150 points to ${customer.email} (${loyaltyId}): Birthday. Points 60 → 10, and 2 £5 points vouchers`,
      `Gave 60 points to ${customer.email} (${loyaltyId}): Sorry for the late delivery. Points 0 → 60`,
    ]);
  });

  it('gives a fixed-value voucher and a day-specific one with a reason, each on the account at once and audited', async () => {
    const fixed = await ordering.post(
      `/manage/customers/${loyaltyId}/vouchers`,
      { voucherType: 1, title: '£3 off your order', value: 3, reason: 'Cold food on 20 November' },
      ownerToken,
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.customer.vouchers[0]).toMatchObject({ voucherType: 1, title: '£3 off your order', value: 3, state: 'held', source: 'restaurant' });

    const friday = await ordering.post(
      `/manage/customers/${loyaltyId}/vouchers`,
      { voucherType: 3, title: '15% off on Fridays', percent: 15, validDay: 5, reason: 'Regular customer' },
      ownerToken,
    );
    expect(friday.body.data.customer.vouchers[0]).toMatchObject({ voucherType: 3, percent: 15, validDay: 5, value: 0, state: 'held' });

    const account = await customersAccount();
    expect(account.vouchers).toEqual([expect.objectContaining({ title: '£3 off your order', discountValue: 3 })]);
    expect(account.daySpecificVouchers).toEqual([expect.objectContaining({ title: '15% off on Fridays', percDiscount: 15, validDay: 5 })]);

    const [newest, previous] = await auditOfCustomers();
    expect(newest.summary).toBe(`Gave ${customer.email} (${loyaltyId}) the voucher "15% off on Fridays" (15% off on Fridays): Regular customer`);
    expect(previous.summary).toBe(`Gave ${customer.email} (${loyaltyId}) the voucher "£3 off your order" (£3.00 off): Cold food on 20 November`);
    expect(previous.after).toMatchObject({ reason: 'Cold food on 20 November', voucherGiven: { valuePence: 300 } });
  });

  it('refuses a gift without a reason or with a wrong amount, naming each field, and writes nothing', async () => {
    const before = ordering.orderRows();
    const auditBefore = await auditOfCustomers();
    const noReason = await ordering.post(`/manage/customers/${loyaltyId}/points`, { points: 10, reason: '   ' }, ownerToken);
    expect(noReason.status).toBe(400);
    expect(noReason.body.validationErrors).toEqual([{ field: 'reason', message: 'must not be empty' }]);
    const badVoucher = await ordering.post(
      `/manage/customers/${loyaltyId}/vouchers`,
      { voucherType: 1, title: 'Half a penny', value: 0.005, reason: 'A test' },
      ownerToken,
    );
    expect(badVoucher.body.validationErrors).toEqual([{ field: 'value', message: 'must be from £0.01 to £50.00, in pounds and pence' }]);
    const noDay = await ordering.post(`/manage/customers/${loyaltyId}/vouchers`, { voucherType: 3, title: 'Some day', percent: 10, reason: 'A test' }, ownerToken);
    expect(noDay.body.validationErrors).toEqual([{ field: 'validDay', message: 'must be the day of the week it can be used on' }]);
    const nobody = await ordering.post('/manage/customers/AAAAA-AAAAA/points', { points: 10, reason: 'A test' }, ownerToken);
    expect(nobody.status).toBe(404);
    expect(ordering.orderRows()).toEqual(before);
    expect(await auditOfCustomers()).toEqual(auditBefore);
  });

  it('is for the owner only: a kitchen token gets 403 and changes nothing', async () => {
    const before = ordering.orderRows();
    const kitchen = await ordering.post(`/manage/customers/${loyaltyId}/points`, { points: 500, reason: 'Staff treat' }, await ordering.staffToken());
    expect(kitchen.status).toBe(403);
    expect((await ordering.call(`/manage/customers/${loyaltyId}`, { token: await ordering.staffToken() })).status).toBe(403);
    expect((await ordering.call(`/manage/customers/search?text=diner`, { token: customer.idToken })).status).toBe(403);
    expect(ordering.orderRows()).toEqual(before);
  });
});
