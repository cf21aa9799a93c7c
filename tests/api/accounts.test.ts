import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from '../../src/server/local/identity/emulator';
import { publicIdPattern, readyCollection, readyOrderUpdate, startOrderingServer, tuesdayEvening, type Customer, type OrderingServer } from './orderingServer';
import { KitchenStatus } from '../../src/domain/orderEnums';

// The account calls and a signed-in customer's pricing, over real HTTP (docs/accounts.md): every call acts on the
// id token's own account only, and every figure is the server's.

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as object, 'openapi.yaml');
function contractErrors(schemaName: string, value: unknown) {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${schemaName}`);
  if (validate === undefined) throw new Error(`openapi.yaml has no schema ${schemaName}`);
  return validate(value) ? [] : validate.errors;
}

const fridayEvening = new Date('2026-11-27T18:00:00Z');
const loyaltyIdPattern = /^[ACDEFGHJKMNPQRTUVWXY34679]{5}-[ACDEFGHJKMNPQRTUVWXY34679]{5}$/;
const refused = (errorMessage: string) => ({ errorMessage, validationErrors: [] });
const invalid = (field: string, message: string) => ({ errorMessage: null, validationErrors: [{ field, message }] });

let ordering: OrderingServer;
let staffToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  staffToken = await ordering.staffToken();
});
afterAll(() => ordering?.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

const getAccount = (customer: Customer) => ordering.call('/account/GetAccount', { token: customer.idToken });
const accountOf = async (customer: Customer) => {
  const { status, body } = await getAccount(customer);
  expect(status).toBe(200);
  return body.data.account;
};

/** A change made outside the customer's calls marks the account changed, as every change to it must (schema.ts, change_tag). */
function markChanged(customer: Customer) {
  ordering.execute('update accounts set change_tag = lower(hex(randomblob(9))) where auth_sub = ?', customer.sub);
}

/** What only the restaurant sets: the account's discount and points. */
function setAccount(customer: Customer, { discount, points }: { discount?: number; points?: number }) {
  if (discount !== undefined) ordering.execute('update accounts set discount_percent = ? where auth_sub = ?', discount, customer.sub);
  if (points !== undefined) ordering.execute('update accounts set points = ? where auth_sub = ?', points, customer.sub);
  markChanged(customer);
}

type VoucherGift = { type: 1 | 2 | 3; title: string; valuePence?: number; percent?: number; validDay?: number };
const threePoundsOff: VoucherGift = { type: 1, title: '£3 off your order', valuePence: 300 };
const pointsVoucher: VoucherGift = { type: 2, title: '£5 off (100 points)', valuePence: 500 };
const fridayPercent: VoucherGift = { type: 3, title: '15% off on Fridays', percent: 15, validDay: 5 };

function giveVoucher(customer: Customer, voucher: VoucherGift): number {
  const { lastInsertRowid } = ordering.execute(
    `insert into account_vouchers (auth_sub, voucher_type, title, value_pence, percent, valid_day, used_by_basket_id, withdrawn, source, created_at)
     values (?, ?, ?, ?, ?, ?, null, 0, 'restaurant', ?)`,
    customer.sub,
    voucher.type,
    voucher.title,
    voucher.valuePence ?? null,
    voucher.percent ?? null,
    voucher.validDay ?? null,
    tuesdayEvening.toISOString(),
  );
  markChanged(customer);
  return Number(lastInsertRowid);
}

const voucherItem = (voucherId: number) => ({ voucherId, voucherType: 1, title: 'as the client says', percDiscount: 0, quantity: 1, itemCost: -100, lineCost: -100 });

/** Two Mixed Starters for Two (£27.80), ready to confirm for collection ASAP, cash. */
function orderUpdate(basketId: string, changes: Record<string, unknown> = {}) {
  return readyOrderUpdate(basketId, { orderItems: [{ ...readyCollection.orderItems[0], quantity: 2 }], ...changes });
}

const update = (basketId: string, customer: Customer | undefined, changes: Record<string, unknown> = {}) =>
  ordering.post('/orderbuilder/update', orderUpdate(basketId, changes), customer?.idToken);

/** A basket priced for the customer with these vouchers. */
async function pricedBasket(customer: Customer, voucherIds: number[] = []): Promise<{ basketId: string; order: any }> {
  const basketId = await ordering.newBasket();
  const { status, body } = await update(basketId, customer, { voucherItems: voucherIds.map(voucherItem) });
  expect(status).toBe(200);
  return { basketId, order: body.data.order };
}

const confirmAuth = (basketId: string, customer: Customer) => ordering.post('/orderbuilder/confirmAuth', { basketId }, customer.idToken);

async function confirmedAccountOrder(customer: Customer, voucherIds: number[] = []): Promise<{ basketId: string; orderRef: string }> {
  const { basketId } = await pricedBasket(customer, voucherIds);
  const { status, body } = await confirmAuth(basketId, customer);
  expect(status).toBe(200);
  return { basketId, orderRef: body.data.orderRef };
}

const kitchen = (orderRef: string, action: string, body: unknown = {}) => ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, staffToken);

describe('before the account record exists', () => {
  it('DoLogin says there is none, and the account calls answer 404 without creating one', async () => {
    const customer = await ordering.newCustomer();
    expect(await ordering.call('/account/DoLogin', { token: customer.idToken })).toEqual({ status: 200, body: { data: { accountExists: false } } });
    expect(await getAccount(customer)).toEqual({ status: 404, body: refused('You do not have an account yet') });
    expect(await ordering.post('/account/UpdateProfile', { name: 'Ada', phone: '0113 496 0999' }, customer.idToken)).toEqual({
      status: 404,
      body: refused('You do not have an account yet'),
    });
    const address = { address1: '3 Cardigan Road', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' };
    expect((await ordering.post('/account/AddAddress', address, customer.idToken)).status).toBe(404);
    expect(await ordering.post('/account/DeleteAccount', undefined, customer.idToken)).toEqual({ status: 404, body: refused('There is no account to delete') });
    expect(await getAccount(customer)).toEqual({ status: 404, body: refused('You do not have an account yet') });
  });

  it('an anonymous caller gets 401 from every account call', async () => {
    for (const path of ['/account/GetAccount', '/account/DoLogin', '/account/RebuildOrder/AAAAAAAAAAAAAAAAAAAAAA']) {
      expect((await ordering.call(path)).status).toBe(401);
    }
    expect((await ordering.post('/orderbuilder/confirmAuth', { basketId: 'AAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(401);
  });
});

describe('POST /account/CreateAccount', () => {
  it('creates the account of the token\'s own user, once', async () => {
    const customer = await ordering.newCustomer();
    const created = await ordering.post(
      '/account/CreateAccount',
      { authId: customer.sub, email: customer.email.toUpperCase(), name: ' Ada Lovelace ', phone: '0113 496 0999' },
      customer.idToken,
    );
    expect(created.status).toBe(200);
    const account = created.body.data.account;
    expect(account).toEqual({
      authId: customer.sub,
      loyaltyId: expect.stringMatching(loyaltyIdPattern),
      email: customer.email,
      name: 'Ada Lovelace',
      phone: '0113 496 0999',
      discount: 0,
      vouchers: [],
      pointsVouchers: [],
      daySpecificVouchers: [],
      orders: [],
      addresses: [],
      points: 0,
    });
    expect(contractErrors('AccountProfile', account)).toEqual([]);
    expect(await ordering.post('/account/CreateAccount', { authId: customer.sub, email: customer.email }, customer.idToken)).toEqual({
      status: 400,
      body: refused('You already have an account'),
    });
    expect(await ordering.call('/account/DoLogin', { token: customer.idToken })).toEqual({ status: 200, body: { data: { accountExists: true } } });
    expect(await accountOf(customer)).toEqual(account);
  });

  it("refuses someone else's id or email, and a phone that is not a UK number, creating nothing", async () => {
    const customer = await ordering.newCustomer();
    const other = await ordering.newCustomer();
    const rows = ordering.orderRows();
    expect(await ordering.post('/account/CreateAccount', { authId: other.sub, email: customer.email }, customer.idToken)).toEqual({
      status: 400,
      body: invalid('authId', 'must be the id of the user you signed in as'),
    });
    expect(await ordering.post('/account/CreateAccount', { authId: customer.sub, email: other.email }, customer.idToken)).toEqual({
      status: 400,
      body: invalid('email', 'must be the email address you signed in with'),
    });
    expect(await ordering.post('/account/CreateAccount', { authId: customer.sub, email: customer.email, phone: '12345 678901' }, customer.idToken)).toEqual({
      status: 400,
      body: invalid('phone', 'must be a UK phone number, for example 0113 496 0123'),
    });
    expect(ordering.orderRows()).toEqual(rows);
    expect((await getAccount(customer)).status).toBe(404);
    expect((await getAccount(other)).status).toBe(404);
  });
});

describe('POST /account/UpdateProfile and /account/AddAddress', () => {
  it('update the caller\'s own profile, checking the phone and the postcode, which is stored normalised', async () => {
    const customer = await ordering.newCustomer();
    await ordering.createAccount(customer);
    const updated = await ordering.post('/account/UpdateProfile', { name: 'Grace Hopper', phone: '07700 900456' }, customer.idToken);
    expect(updated.status).toBe(200);
    expect(updated.body.data.account).toMatchObject({ name: 'Grace Hopper', phone: '07700 900456' });
    expect(await ordering.post('/account/UpdateProfile', { name: '   ', phone: '0113 496 00' }, customer.idToken)).toEqual({
      status: 400,
      body: {
        errorMessage: null,
        validationErrors: [
          { field: 'name', message: 'must not be empty' },
          { field: 'phone', message: 'must be a UK phone number, for example 0113 496 0123' },
        ],
      },
    });

    const address = { address1: '3 Cardigan Road', address2: 'Flat 2', town: 'Leeds', county: 'West Yorkshire', postCode: 'ls62ab' };
    const added = await ordering.post('/account/AddAddress', address, customer.idToken);
    expect(added.status).toBe(200);
    expect(added.body.data.account.addresses).toEqual([{ ...address, postCode: 'LS6 2AB' }]);
    expect(contractErrors('AccountProfile', added.body.data.account)).toEqual([]);
    expect(await ordering.post('/account/AddAddress', { ...address, postCode: 'QQ1 1QQQ' }, customer.idToken)).toEqual({
      status: 400,
      body: invalid('postCode', 'must be a UK postcode, for example LS6 2AB'),
    });
    for (let count = 2; count <= 10; count += 1) expect((await ordering.post('/account/AddAddress', address, customer.idToken)).status).toBe(200);
    expect(await ordering.post('/account/AddAddress', address, customer.idToken)).toEqual({ status: 400, body: refused('You can keep at most 10 addresses') });
    expect((await accountOf(customer)).addresses).toHaveLength(10);
  });
});

describe('a signed-in customer priced by the server', () => {
  let customer: Customer;
  let fixedId: number;
  let pointsId: number;
  let fridayId: number;

  beforeAll(async () => {
    customer = await ordering.newCustomer();
    await ordering.createAccount(customer);
    setAccount(customer, { discount: 10 });
    fixedId = giveVoucher(customer, threePoundsOff);
    pointsId = giveVoucher(customer, pointsVoucher);
    fridayId = giveVoucher(customer, fridayPercent);
  });

  it('lists the vouchers by type in GetAccount', async () => {
    const account = await accountOf(customer);
    expect(account.discount).toBe(10);
    expect(account.vouchers).toEqual([{ voucherId: fixedId, voucherType: 1, title: '£3 off your order', percDiscount: 0, itemCost: -3, discountValue: 3 }]);
    expect(account.pointsVouchers).toEqual([{ voucherId: pointsId, voucherType: 2, title: '£5 off (100 points)', percDiscount: 0, itemCost: -5, discountValue: 5 }]);
    expect(account.daySpecificVouchers).toEqual([
      { voucherId: fridayId, voucherType: 3, title: '15% off on Fridays', percDiscount: 15, itemCost: 0, discountValue: 0, validDay: 5 },
    ]);
    expect(contractErrors('AccountProfile', account)).toEqual([]);
  });

  it('applies the profile discount and the vouchers, each its own line, whatever the client claims', async () => {
    const basketId = await ordering.newBasket();
    const { status, body } = await update(basketId, customer, {
      voucherItems: [{ ...voucherItem(pointsId), lineCost: -27.8 }, voucherItem(fixedId)],
      discount: 50,
      itemCost: 0.01,
      totalCost: 0,
    });
    expect(status).toBe(200);
    const order = body.data.order;
    // £27.80: 10 % is £2.78, then £3.00 off, then the £5.00 points voucher.
    expect(order).toMatchObject({
      orignalItemCost: 27.8,
      discount: 10,
      profileDiscountValue: 2.78,
      discountValue: 10.78,
      itemCost: 17.02,
      bagCharge: 0.1,
      totalCost: 17.12,
      voucherItems: [
        { voucherId: pointsId, voucherType: 2, title: '£5 off (100 points)', percDiscount: 0, quantity: 1, itemCost: -5, lineCost: -5 },
        { voucherId: fixedId, voucherType: 1, title: '£3 off your order', percDiscount: 0, quantity: 1, itemCost: -3, lineCost: -3 },
      ],
    });
    expect(contractErrors('Order', order)).toEqual([]);
  });

  it('takes a day-specific voucher on its day only', async () => {
    const basketId = await ordering.newBasket();
    expect(await update(basketId, customer, { voucherItems: [voucherItem(fridayId)] })).toEqual({
      status: 400,
      body: invalid('voucherItems[0].voucherId', 'can be used only on Fridays'),
    });
    ordering.now = fridayEvening;
    const { body } = await update(basketId, customer, { voucherItems: [voucherItem(fridayId)] });
    // 10 % and 15 % of £27.80, each on the undiscounted total: £2.78 and £4.17.
    expect(body.data.order).toMatchObject({
      profileDiscountValue: 2.78,
      discountValue: 6.95,
      voucherItems: [{ voucherId: fridayId, voucherType: 3, percDiscount: 15, itemCost: 0, lineCost: -4.17 }],
    });
  });

  it("refuses a voucher listed twice, an invented one and another customer's", async () => {
    const other = await ordering.newCustomer();
    await ordering.createAccount(other);
    const othersVoucher = giveVoucher(other, threePoundsOff);
    const basketId = await ordering.newBasket();
    const rows = ordering.orderRows();
    expect(await update(basketId, customer, { voucherItems: [voucherItem(fixedId), voucherItem(fixedId), voucherItem(othersVoucher), voucherItem(999999)] })).toEqual({
      status: 400,
      body: {
        errorMessage: null,
        validationErrors: [
          { field: 'voucherItems[1].voucherId', message: 'is already on this order' },
          { field: 'voucherItems[2].voucherId', message: 'is not one of your vouchers' },
          { field: 'voucherItems[3].voucherId', message: 'is not one of your vouchers' },
        ],
      },
    });
    // B sending A's voucher gets the same refusal and no discount.
    expect(await update(basketId, other, { voucherItems: [voucherItem(fixedId)] })).toEqual({
      status: 400,
      body: invalid('voucherItems[0].voucherId', 'is not one of your vouchers'),
    });
    expect(ordering.orderRows()).toEqual(rows);
  });

  it("prices a caller without an account record at 0 % with no vouchers, and a guest's vouchers are dropped", async () => {
    const newcomer = await ordering.newCustomer();
    const basketId = await ordering.newBasket();
    expect((await update(basketId, newcomer)).body.data.order).toMatchObject({ discount: 0, discountValue: 0, itemCost: 27.8, voucherItems: [] });
    const guest = await update(basketId, undefined, { voucherItems: [voucherItem(fixedId)] });
    expect(guest.body.data.order).toMatchObject({ discount: 0, discountValue: 0, profileDiscountValue: 0, itemCost: 27.8, voucherItems: [] });
  });
});

describe('confirming: confirmAuth for a customer, confirm for a guest', () => {
  let customer: Customer;
  let other: Customer;

  beforeAll(async () => {
    customer = await ordering.newCustomer();
    other = await ordering.newCustomer();
    await ordering.createAccount(customer);
    await ordering.createAccount(other);
    setAccount(customer, { discount: 10, points: 90 });
  });

  it('confirms once with the vouchers used; the points are credited once, when the restaurant accepts; every 100 points become a points voucher', async () => {
    const fixedId = giveVoucher(customer, threePoundsOff);
    const { basketId } = await pricedBasket(customer, [fixedId]);
    const first = await confirmAuth(basketId, customer);
    expect(first.status).toBe(200);
    expect(first.body.data.orderRef).toMatch(publicIdPattern);
    expect(await confirmAuth(basketId, customer)).toEqual(first);
    // Not yet: points spent before the restaurant accepts could not be taken back from an order that falls through.
    const confirmed = await accountOf(customer);
    expect(confirmed.points).toBe(90);
    expect(confirmed.vouchers).toEqual([]);
    expect(confirmed.pointsVouchers).toEqual([]);
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    expect((await kitchen(first.body.data.orderRef, 'accept')).status).toBe(200);
    expect((await kitchen(first.body.data.orderRef, 'accept')).status).toBe(200);

    const account = await accountOf(customer);
    // £27.80 − £2.78 − £3.00 = £22.02 earns 22 points: 90 + 22 = 112, a £5 points voucher and 12 points.
    expect(account.points).toBe(12);
    expect(account.vouchers).toEqual([]);
    expect(account.pointsVouchers).toEqual([expect.objectContaining({ voucherType: 2, title: '£5 off (100 points)', discountValue: 5 })]);
    expect(account.orders[0]).toEqual({
      orderId: basketId,
      orderRef: first.body.data.orderRef,
      orderNumber: first.body.data.orderNumber,
      orderDate: tuesdayEvening.toISOString(),
      orderType: 1,
      totalCost: 22.12,
      items: [{ title: 'Mixed Starter for Two', quantity: 2 }],
    });
  });

  it('refuses when a voucher has been used by another order meanwhile, or the discount has changed, writing nothing', async () => {
    const fixedId = giveVoucher(customer, threePoundsOff);
    const { basketId: firstBasket } = await pricedBasket(customer, [fixedId]);
    const { basketId: secondBasket } = await pricedBasket(customer, [fixedId]);
    expect((await confirmAuth(firstBasket, customer)).status).toBe(200);
    let rows = ordering.orderRows();
    expect(await confirmAuth(secondBasket, customer)).toEqual({ status: 400, body: refused('Your discounts have changed: please review your basket') });
    expect(ordering.orderRows()).toEqual(rows);

    const { basketId } = await pricedBasket(customer);
    setAccount(customer, { discount: 20 });
    rows = ordering.orderRows();
    expect(await confirmAuth(basketId, customer)).toEqual({ status: 400, body: refused('Your discounts have changed: please review your basket') });
    expect(ordering.orderRows()).toEqual(rows);
    // Updated again, it is priced at 20 % and confirms.
    expect((await update(basketId, customer)).body.data.order.profileDiscountValue).toBe(5.56);
    expect((await confirmAuth(basketId, customer)).status).toBe(200);
    setAccount(customer, { discount: 10 });
  });

  it("refuses another customer's basket, a guest's basket, and a customer's basket confirmed as a guest's", async () => {
    const { basketId } = await pricedBasket(customer);
    const rows = ordering.orderRows();
    expect(await confirmAuth(basketId, other)).toEqual({ status: 400, body: refused('Your basket must be updated for your account') });
    expect(await ordering.post('/orderbuilder/confirm', { basketId })).toEqual({ status: 400, body: refused('Sign in to confirm this order') });
    expect(ordering.orderRows()).toEqual(rows);

    // Updated without a token, it is a guest's: no discount, and confirmAuth refuses it.
    expect((await update(basketId, undefined)).body.data.order).toMatchObject({ discountValue: 0, itemCost: 27.8 });
    expect(await confirmAuth(basketId, customer)).toEqual({ status: 400, body: refused('Your basket must be updated for your account') });
    expect((await ordering.post('/orderbuilder/confirm', { basketId })).status).toBe(200);
  });

  it('keeps the guest checks: an empty basket is refused as for a guest', async () => {
    const basketId = await ordering.newBasket();
    expect((await update(basketId, customer, { orderItems: [] })).status).toBe(200);
    expect(await confirmAuth(basketId, customer)).toEqual({ status: 400, body: refused('Your basket is empty') });
  });
});

describe('an order that falls through gives its voucher and points back exactly once', () => {
  let customer: Customer;

  beforeAll(async () => {
    customer = await ordering.newCustomer();
    await ordering.createAccount(customer);
  });

  async function requestedAccountOrder(points: number): Promise<{ basketId: string; orderRef: string; voucherId: number }> {
    setAccount(customer, { points });
    const voucherId = giveVoucher(customer, threePoundsOff);
    const order = await confirmedAccountOrder(customer, [voucherId]);
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId: order.basketId })).status).toBe(200);
    return { ...order, voucherId };
  }

  it('refused by the kitchen, twice', async () => {
    const { orderRef, voucherId } = await requestedAccountOrder(50);
    // Its 24 points (£27.80 − £3.00) would come with the restaurant's acceptance.
    expect((await accountOf(customer)).points).toBe(50);
    expect((await kitchen(orderRef, 'refuse', { reason: 'We are closing early' })).status).toBe(200);
    let account = await accountOf(customer);
    expect(account.points).toBe(50);
    expect(account.vouchers.map((voucher: { voucherId: number }) => voucher.voucherId)).toEqual([voucherId]);

    expect((await kitchen(orderRef, 'refuse', { reason: 'Again' })).status).toBe(200);
    account = await accountOf(customer);
    expect(account.points).toBe(50);
    expect(account.vouchers.map((voucher: { voucherId: number }) => voucher.voucherId)).toEqual([voucherId]);
    ordering.execute('delete from account_vouchers where voucher_id = ?', voucherId);
    markChanged(customer);
  });

  it('refused automatically when the restaurant does not answer, then refused by the kitchen as well', async () => {
    const { basketId, orderRef, voucherId } = await requestedAccountOrder(10);
    expect((await accountOf(customer)).points).toBe(10);
    ordering.now = new Date(tuesdayEvening.getTime() + 11 * 60_000);
    const details = await ordering.call(`/orderbuilder/acceptanceDetails/${basketId}`);
    expect(details.body.data.orderRequest.orderStatus).toBe(3);
    expect((await accountOf(customer)).points).toBe(10);
    expect((await kitchen(orderRef, 'refuse', { reason: 'Too late' })).status).toBe(200);
    const account = await accountOf(customer);
    expect(account.points).toBe(10);
    expect(account.vouchers.map((voucher: { voucherId: number }) => voucher.voucherId)).toEqual([voucherId]);
    ordering.execute('delete from account_vouchers where voucher_id = ?', voucherId);
    markChanged(customer);
  });

  it('cancelled by the customer, twice', async () => {
    const { basketId, voucherId } = await requestedAccountOrder(0);
    expect((await accountOf(customer)).points).toBe(0);
    expect((await ordering.post(`/orderbuilder/cancel/${basketId}`)).status).toBe(200);
    expect((await ordering.post(`/orderbuilder/cancel/${basketId}`)).status).toBe(200);
    const account = await accountOf(customer);
    expect(account.points).toBe(0);
    expect(account.vouchers.map((voucher: { voucherId: number }) => voucher.voucherId)).toEqual([voucherId]);
    ordering.execute('delete from account_vouchers where voucher_id = ?', voucherId);
    markChanged(customer);
  });

  it('accepted, then cancelled by the kitchen: the points it earned are taken back, its points voucher withdrawn', async () => {
    const { orderRef, voucherId } = await requestedAccountOrder(90);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    let account = await accountOf(customer);
    // 90 + 24 = 114: a £5 points voucher and 14 points.
    expect(account.points).toBe(14);
    expect(account.pointsVouchers).toHaveLength(1);
    expect((await kitchen(orderRef, 'status', { kitchenStatus: KitchenStatus.Cancelled })).status).toBe(200);
    account = await accountOf(customer);
    expect(account.points).toBe(90);
    expect(account.pointsVouchers).toEqual([]);
    expect(account.vouchers.map((voucher: { voucherId: number }) => voucher.voucherId)).toEqual([voucherId]);
    ordering.execute('delete from account_vouchers where voucher_id = ?', voucherId);
    markChanged(customer);
  });

  it("an order's points cannot be spent on another order before the restaurant accepts it", async () => {
    // 90 points and an order earning 24: confirmed, it makes no points voucher that a second order could use and a
    // cancelled first order could not take back.
    const { basketId, voucherId } = await requestedAccountOrder(90);
    const account = await accountOf(customer);
    expect(account.points).toBe(90);
    expect(account.pointsVouchers).toEqual([]);
    expect((await ordering.post(`/orderbuilder/cancel/${basketId}`)).status).toBe(200);
    expect((await accountOf(customer)).points).toBe(90);
    ordering.execute('delete from account_vouchers where voucher_id = ?', voucherId);
    markChanged(customer);
  });
});

describe('GET /account/RebuildOrder/{orderId}', () => {
  it("orders one of the demo customer's previous orders again at today's prices, naming what is no longer available", async () => {
    const idToken = await ordering.signIn(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
    const { body } = await ordering.call('/account/GetAccount', { token: idToken });
    const account = body.data.account;
    expect(account).toMatchObject({ email: DEMO_CUSTOMER_EMAIL, discount: 10, points: 60 });
    expect([account.vouchers, account.pointsVouchers, account.daySpecificVouchers].map((list) => list.length)).toEqual([1, 1, 1]);
    expect(account.addresses).toHaveLength(1);
    expect(account.orders).toHaveLength(2);
    expect(account.orders[0].orderDate > account.orders[1].orderDate).toBe(true);

    const older = account.orders[1];
    const rebuilt = await ordering.call(`/account/RebuildOrder/${older.orderId}`, { token: idToken });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.data).toEqual({
      items: [
        expect.objectContaining({ itemId: 1302, configId: 13022, configOption: 'Egg fried rice', title: 'Set Meal for Two', quantity: 1, itemCost: 25.9, lineCost: 25.9 }),
        expect.objectContaining({ itemId: 1202, title: 'Salt & Pepper Chips', quantity: 1, itemCost: 3.8, lineCost: 3.8 }),
      ],
      removedItems: ['Soft-shell Crab with Chilli & Garlic'],
      orderBuilderRef: expect.stringMatching(publicIdPattern),
      basketId: expect.stringMatching(publicIdPattern),
    });
    const { basketId } = rebuilt.body.data;
    expect(basketId).not.toBe(older.orderId);
    // The new basket is the customer's: status Items, priced with their 10 %, confirmable with confirmAuth only.
    const basket = ordering.orderRows().baskets.find((row: any) => row.basket_id === basketId) as Record<string, unknown>;
    expect(basket).toMatchObject({ status: 1, original_item_cost: 2970, profile_discount: 297, item_cost: 2673 });
    expect(await ordering.post('/orderbuilder/confirm', { basketId })).toEqual({ status: 400, body: refused('Sign in to confirm this order') });
  });

  it("is 404 for another customer's order exactly as for one that does not exist", async () => {
    const owner = await ordering.newCustomer();
    const intruder = await ordering.newCustomer();
    await ordering.createAccount(owner);
    await ordering.createAccount(intruder);
    const { basketId } = await confirmedAccountOrder(owner);
    const rows = ordering.orderRows();
    expect(await ordering.call(`/account/RebuildOrder/${basketId}`, { token: intruder.idToken })).toEqual({ status: 404, body: refused('Order not found') });
    expect(await ordering.call('/account/RebuildOrder/AAAAAAAAAAAAAAAAAAAAAA', { token: owner.idToken })).toEqual({ status: 404, body: refused('Order not found') });
    expect(ordering.orderRows()).toEqual(rows);
    expect((await ordering.call(`/account/RebuildOrder/${basketId}`, { token: owner.idToken })).status).toBe(200);
  });
});

describe('POST /account/CreateAccountFromOrder', () => {
  it("makes the guest's order their first account order with the points it earns, once; invented points are refused", async () => {
    const customer = await ordering.newCustomer();
    const { basketId, orderRef } = await ordering.confirmedOrder({ email: customer.email, orderItems: [{ ...readyCollection.orderItems[0], quantity: 2 }] });
    const claim = (points: number) =>
      ordering.post('/account/CreateAccountFromOrder', { authId: customer.sub, email: customer.email, points, orderRef }, customer.idToken);
    const rows = ordering.orderRows();
    expect(await claim(5000)).toEqual({ status: 400, body: invalid('points', 'must be 27, the points this order earns') });
    expect(ordering.orderRows()).toEqual(rows);

    const created = await claim(27);
    expect(created.status).toBe(200);
    // The order is the account's at once; its points come when the restaurant accepts it.
    expect(created.body.data.account).toMatchObject({ authId: customer.sub, points: 0, orders: [{ orderId: basketId, orderRef }] });
    expect(contractErrors('AccountProfile', created.body.data.account)).toEqual([]);
    expect(await claim(27)).toEqual({ status: 400, body: refused('You already have an account') });
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    expect((await accountOf(customer)).points).toBe(27);
  });

  it('credits at once the points of a guest order the restaurant has already accepted', async () => {
    const customer = await ordering.newCustomer();
    const { basketId, orderRef } = await ordering.confirmedOrder({ email: customer.email, orderItems: [{ ...readyCollection.orderItems[0], quantity: 2 }] });
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    const created = await ordering.post('/account/CreateAccountFromOrder', { authId: customer.sub, email: customer.email, points: 27, orderRef }, customer.idToken);
    expect(created.body.data.account).toMatchObject({ points: 27 });
  });

  it('refuses an order placed with another email, and one already on an account', async () => {
    const customer = await ordering.newCustomer();
    const { orderRef } = await ordering.confirmedOrder();
    expect(
      await ordering.post('/account/CreateAccountFromOrder', { authId: customer.sub, email: customer.email, points: 13, orderRef }, customer.idToken),
    ).toEqual({ status: 400, body: invalid('orderRef', 'is not an order you placed with this email address') });
    expect((await getAccount(customer)).status).toBe(404);
  });
});

describe('two customers', () => {
  it("B can never read or change A's account, addresses, vouchers, points or orders", async () => {
    const a = await ordering.newCustomer();
    const b = await ordering.newCustomer();
    await ordering.createAccount(a, { name: 'Ada' });
    await ordering.createAccount(b, { name: 'Bea' });
    setAccount(a, { discount: 10, points: 40 });
    const aVoucher = giveVoucher(a, threePoundsOff);
    await ordering.post('/account/AddAddress', { address1: '1 A Street', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' }, a.idToken);
    const aOrder = await confirmedAccountOrder(a);
    const aBefore = await accountOf(a);

    const bAccount = await accountOf(b);
    expect(bAccount).toMatchObject({ authId: b.sub, name: 'Bea', discount: 0, points: 0, vouchers: [], addresses: [], orders: [] });
    await ordering.post('/account/UpdateProfile', { name: 'Bea B', phone: '0113 496 0999' }, b.idToken);
    await ordering.post('/account/AddAddress', { address1: '2 B Street', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' }, b.idToken);
    expect((await ordering.call(`/account/RebuildOrder/${aOrder.basketId}`, { token: b.idToken })).status).toBe(404);
    const bBasket = await ordering.newBasket();
    expect((await update(bBasket, b, { voucherItems: [voucherItem(aVoucher)] })).status).toBe(400);
    const { basketId: aBasket } = await pricedBasket(a, [aVoucher]);
    expect((await confirmAuth(aBasket, b)).status).toBe(400);
    expect((await ordering.post('/account/CreateAccountFromOrder', { authId: b.sub, email: b.email, points: 0, orderRef: aOrder.orderRef }, b.idToken)).status).toBe(400);
    expect((await ordering.post('/account/DeleteAccount', undefined, b.idToken)).status).toBe(200);

    expect(await accountOf(a)).toEqual(aBefore);
    expect((await accountOf(a)).vouchers.map((voucher: { voucherId: number }) => voucher.voucherId)).toEqual([aVoucher]);
  });
});

describe('POST /account/DeleteAccount', () => {
  it('removes the profile, addresses, vouchers and points, keeps the orders without the customer, and a second delete changes nothing', async () => {
    const customer = await ordering.newCustomer();
    await ordering.createAccount(customer, { name: 'Ada', phone: '0113 496 0999' });
    await ordering.post('/account/AddAddress', { address1: '3 Cardigan Road', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' }, customer.idToken);
    const voucherId = giveVoucher(customer, threePoundsOff);
    const { basketId } = await confirmedAccountOrder(customer, [voucherId]);

    expect(await ordering.post('/account/DeleteAccount', undefined, customer.idToken)).toEqual({ status: 200, body: { data: { accountDeleted: true } } });
    const rows = ordering.orderRows();
    for (const table of ['accounts', 'account_addresses', 'account_vouchers', 'loyalty_events']) {
      expect((rows[table] as Array<{ auth_sub: string }>).filter((row) => row.auth_sub === customer.sub)).toEqual([]);
    }
    expect(rows.baskets.find((row: any) => row.basket_id === basketId)).toMatchObject({
      account_sub: null,
      name: '',
      email: '',
      phone: '',
      delivery_postcode: null,
      order_ref: expect.any(String),
      total_cost: 2780 - 300 + 10,
    });

    expect(await ordering.post('/account/DeleteAccount', undefined, customer.idToken)).toEqual({ status: 404, body: refused('There is no account to delete') });
    expect(ordering.orderRows()).toEqual(rows);
    expect(await getAccount(customer)).toEqual({ status: 404, body: refused('You do not have an account yet') });
  });
});
