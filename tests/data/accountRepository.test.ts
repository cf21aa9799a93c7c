import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRepository, NewAccountRecord } from '../../src/server/db/accountRepository';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import type { BasketToSave, BasketVoucher, ConfirmationState } from '../../src/server/db/orderRepository';
import { newChangeTag } from '../../src/server/db/loyaltyLedger';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { seedDemoCustomer } from '../../src/server/db/seed/demoCustomer';
import { cancelOrder, setKitchenStatus, acceptOrder } from '../../src/server/domain/acceptance';
import { newAccountOrderDecision } from '../../src/server/domain/account';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';
import { changeAcceptance, requestAcceptance } from '../../src/server/services/acceptance';

// The account tables and their one-transaction changes (docs/accounts.md), on SQLite and PostgreSQL alike.

const now = '2026-11-24T18:00:00.000Z';
const loyaltyIdPattern = /^[ACDEFGHJKMNPQRTUVWXY34679]{5}-[ACDEFGHJKMNPQRTUVWXY34679]{5}$/;

describe.each(databaseTargets)('the account repository on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let accounts: AccountRepository;
  let count = 0;

  const unique = (prefix: string) => {
    count += 1;
    return `${prefix}-${count}`;
  };

  async function newAccount(changes: Partial<NewAccountRecord> = {}): Promise<string> {
    const authSub = unique('sub');
    const created = await accounts.create({ authSub, email: `${authSub}@example.com`, name: null, phone: null, ...changes }, now);
    expect(created.outcome).toBe('created');
    return authSub;
  }

  async function giveVoucher(authSub: string, voucher: { voucher_type: number; value_pence?: number; percent?: number; valid_day?: number }): Promise<number> {
    const { voucher_id } = await database.db
      .insertInto('account_vouchers')
      .values({
        auth_sub: authSub,
        voucher_type: voucher.voucher_type,
        title: 'A voucher',
        value_pence: voucher.value_pence ?? null,
        percent: voucher.percent ?? null,
        valid_day: voucher.valid_day ?? null,
        used_by_basket_id: null,
        withdrawn: 0,
        source: 'restaurant',
        created_at: now,
      })
      .returning('voucher_id')
      .executeTakeFirstOrThrow();
    return voucher_id;
  }

  async function setDiscount(authSub: string, discountPercent: number, points?: number) {
    await database.db
      .updateTable('accounts')
      // As every change to what an account's page shows must (schema.ts, change_tag).
      .set({ discount_percent: discountPercent, ...(points === undefined ? {} : { points }), change_tag: newChangeTag() })
      .where('auth_sub', '=', authSub)
      .execute();
  }

  /** A basket priced for `accountSub`: one line at `itemCostPence`, the discounts as given. */
  async function pricedBasket(
    accountSub: string | null,
    { itemCostPence = 2000, profileDiscountPence = 0, discountPercent = 0, vouchers = [] as BasketVoucher[], email = 'ada@example.com', paymentType = 1 as 1 | 2 } = {},
  ): Promise<string> {
    const basketId = unique('basket');
    await repositories.orders.createBasket({ basketId, orderBuilderRef: unique('ref'), menuVersion: 1, now });
    const discountPence = profileDiscountPence + vouchers.reduce((sum, voucher) => sum + voucher.discountPence, 0);
    const basket: BasketToSave = {
      basketId,
      accountSub,
      status: 6,
      menuVersion: 1,
      sourceType: 'Website',
      os: 'web',
      osVersion: '',
      appVersion: '1.0.81',
      orderType: 1,
      ignoreTimeOffset: false,
      name: 'Ada Lovelace',
      phone: '0113 496 0999',
      email,
      paymentType,
      cardOnCollection: false,
      requestedTime: null,
      asap: true,
      notes: '',
      deliveryAddress: { address1: '3 Cardigan Road', address2: '', town: 'Leeds', postcode: 'LS6 2AB' },
      deliveryZoneId: 1,
      lines: [
        { categoryId: 1, itemId: 109, configId: null, configOption: null, quantity: 1, title: 'Mixed Starter for Two', itemCostPence, lineCostPence: itemCostPence, specialRequest: '' },
      ],
      pricing: {
        originalItemCostPence: itemCostPence,
        discountPence,
        profileDiscountPence,
        discountPercent,
        itemCostPence: itemCostPence - discountPence,
        bagChargePence: 10,
        deliveryChargePence: 0,
        totalCostPence: itemCostPence - discountPence + 10,
      },
      vouchers,
    };
    expect((await repositories.orders.saveBasket(basket, now)).outcome).toBe('saved');
    return basketId;
  }

  async function confirm(basketId: string, accountSub: string | null, refusal: (state: ConfirmationState) => string | undefined = () => undefined) {
    return repositories.orders.confirmBasket(basketId, (_basket, state) => refusal(state), unique('order'), now, accountSub);
  }

  async function requested(basketId: string) {
    expect((await requestAcceptance(repositories, basketId, () => ({ updateTime: now, answerFrom: now }), now, 'customer')).outcome).toBe('requested');
  }

  /** Requested and accepted by the kitchen: the moment an order earns its points. */
  async function accepted(basketId: string) {
    await requested(basketId);
    expect((await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, now), now, 'kitchen:staff')).outcome).toBe('changed');
  }

  const pointsOf = async (authSub: string) => (await accounts.find(authSub))?.points;
  const voucherIdsOf = async (authSub: string) => (await accounts.find(authSub))?.vouchers.map((voucher) => voucher.voucherId);

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, database.storage);
    accounts = repositories.accounts;
  });
  afterAll(() => database.dispose());

  it('creates an account once, with a loyalty id of its own, and reads it back whole', async () => {
    const authSub = unique('sub');
    const record = { authSub, email: 'mei@example.com', name: 'Mei Chen', phone: '07700 900123' };
    const created = await accounts.create(record, now);
    expect(created).toEqual({
      outcome: 'created',
      account: {
        authSub,
        email: 'mei@example.com',
        name: 'Mei Chen',
        phone: '07700 900123',
        discountPercent: 0,
        points: 0,
        loyaltyId: expect.stringMatching(loyaltyIdPattern),
        addresses: [],
        vouchers: [],
        orders: [],
      },
    });
    expect(await accounts.create({ ...record, name: 'Someone else' }, now)).toEqual({ outcome: 'exists' });
    expect((await accounts.find(authSub))?.name).toBe('Mei Chen');
    const other = await accounts.find(await newAccount());
    expect(other?.loyaltyId).not.toBe(created.outcome === 'created' ? created.account.loyaltyId : undefined);
    expect(await accounts.find('nobody')).toBeUndefined();
  });

  it('creates one account when the same customer asks twice at once', async () => {
    const authSub = unique('sub');
    const record = { authSub, email: 'twice@example.com', name: null, phone: null };
    const outcomes = await Promise.all([accounts.create(record, now), accounts.create(record, now)]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['created', 'exists']);
  });

  it('records sign-ins, updates the profile and adds at most ten addresses, for an existing account only', async () => {
    const authSub = await newAccount();
    expect(await accounts.recordLogin(authSub, '2026-11-25T09:00:00.000Z')).toBe(true);
    expect(await accounts.recordLogin('nobody', now)).toBe(false);
    const row = await database.db.selectFrom('accounts').select('last_login_at').where('auth_sub', '=', authSub).executeTakeFirstOrThrow();
    expect(row.last_login_at).toBe('2026-11-25T09:00:00.000Z');

    expect(await accounts.updateProfile(authSub, { name: 'Ada', phone: '0113 496 0999' })).toMatchObject({ name: 'Ada', phone: '0113 496 0999' });
    expect(await accounts.updateProfile('nobody', { name: 'Ada', phone: '0113 496 0999' })).toBeUndefined();

    const address = (index: number) => ({ address1: `${index} Cardigan Road`, address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' });
    for (let index = 1; index <= 10; index += 1) {
      const added = await accounts.addAddress(authSub, address(index));
      expect(added.outcome).toBe('added');
    }
    expect(await accounts.addAddress(authSub, address(11))).toEqual({ outcome: 'full' });
    expect(await accounts.addAddress('nobody', address(1))).toEqual({ outcome: 'missing' });
    const addresses = (await accounts.find(authSub))?.addresses ?? [];
    expect(addresses.map((added) => added.address1)).toEqual(Array.from({ length: 10 }, (_, index) => `${index + 1} Cardigan Road`));
  });

  it('answers an account page kept from an earlier read only while nothing it shows has changed', async () => {
    const authSub = await newAccount();
    const first = await accounts.find(authSub);
    expect(await accounts.find(authSub)).toBe(first);

    await accounts.updateProfile(authSub, { name: 'Ada', phone: '0113 496 0999' });
    expect((await accounts.find(authSub))?.name).toBe('Ada');
    await accounts.addAddress(authSub, { address1: '3 Cardigan Road', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' });
    expect((await accounts.find(authSub))?.addresses).toHaveLength(1);
    const basketId = await pricedBasket(authSub);
    await repositories.orders.confirmBasket(basketId, () => undefined, unique('order'), now, authSub);
    const afterOrder = await accounts.find(authSub);
    expect(afterOrder?.orders.map((order) => order.basketId)).toEqual([basketId]);
    await accepted(basketId);
    expect((await accounts.find(authSub))?.points).toBeGreaterThan(0);
    await changeAcceptance(repositories, { basketId }, (current) => setKitchenStatus(current, 4, now), now, 'kitchen:staff');
    expect((await accounts.find(authSub))?.points).toBe(0);

    expect(await accounts.delete(authSub)).toBe(true);
    expect(await accounts.find(authSub)).toBeUndefined();
  });

  it("answers an account's discount and only its own vouchers", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    await setDiscount(owner, 10);
    const own = await giveVoucher(owner, { voucher_type: 1, value_pence: 300 });
    const foreign = await giveVoucher(other, { voucher_type: 1, value_pence: 300 });
    const entitlement = await accounts.entitlement(owner, [own, foreign]);
    expect(entitlement).toEqual({
      profilePercent: 10,
      vouchers: [{ voucherId: own, voucherType: 1, title: 'A voucher', valuePence: 300, percent: 0, validDay: null, usedByBasketId: null, withdrawn: false }],
    });
    expect(await accounts.entitlement('nobody', [own])).toBeUndefined();
  });

  it('confirms a customer\'s basket only for that customer, telling the refusal its discounts as stored and as they are now', async () => {
    const customer = await newAccount();
    await setDiscount(customer, 10);
    const voucherId = await giveVoucher(customer, { voucher_type: 3, percent: 15, valid_day: 2 });
    const basketId = await pricedBasket(customer, { profileDiscountPence: 200, discountPercent: 10, vouchers: [{ voucherId, discountPence: 300 }] });

    expect(await confirm(basketId, null)).toEqual({ outcome: 'notTheirs' });
    expect(await confirm(basketId, await newAccount())).toEqual({ outcome: 'notTheirs' });
    let seen: ConfirmationState['discounts'];
    expect(
      await confirm(basketId, customer, (state) => {
        seen = state.discounts;
        return 'Your discounts have changed: please review your basket';
      }),
    ).toEqual({ outcome: 'refused', errorMessage: 'Your discounts have changed: please review your basket' });
    expect(seen).toEqual({
      stored: { originalItemCostPence: 2000, discountPercent: 10, profileDiscountPence: 200, discountPence: 500, vouchers: [{ voucherId, discountPence: 300 }] },
      current: { profilePercent: 10, vouchers: [expect.objectContaining({ voucherId, voucherType: 3, percent: 15, validDay: 2, usedByBasketId: null })] },
    });
    // Refused: nothing was used or credited.
    expect(await voucherIdsOf(customer)).toEqual([voucherId]);
    expect(await pointsOf(customer)).toBe(0);
  });

  it('confirming uses the vouchers; accepting credits the points once: every 100 points become a £5 points voucher', async () => {
    const customer = await newAccount();
    await setDiscount(customer, 0, 90);
    const voucherId = await giveVoucher(customer, { voucher_type: 1, value_pence: 300 });
    // £23.00 of items less the £3.00 voucher: £20.00 earns 20 points; 90 + 20 = 110 → a points voucher and 10 points.
    const basketId = await pricedBasket(customer, { itemCostPence: 2300, vouchers: [{ voucherId, discountPence: 300 }] });
    const first = await confirm(basketId, customer);
    expect(first).toMatchObject({ outcome: 'confirmed', alreadyConfirmed: false });
    const again = await confirm(basketId, customer);
    expect(again).toEqual({
      outcome: 'confirmed',
      orderRef: first.outcome === 'confirmed' ? first.orderRef : '',
      orderNumber: first.outcome === 'confirmed' ? first.orderNumber : 0,
      alreadyConfirmed: true,
    });
    expect(await pointsOf(customer)).toBe(90);
    await accepted(basketId);

    const account = await accounts.find(customer);
    expect(account?.points).toBe(10);
    expect(account?.vouchers).toEqual([
      { voucherId: expect.any(Number), voucherType: 2, title: '£5 off (100 points)', valuePence: 500, percent: 0, validDay: null, usedByBasketId: null, withdrawn: false },
    ]);
    expect(await database.db.selectFrom('account_vouchers').select('used_by_basket_id').where('voucher_id', '=', voucherId).executeTakeFirst()).toEqual({
      used_by_basket_id: basketId,
    });
    expect(await database.db.selectFrom('loyalty_events').select(['kind', 'points']).where('basket_id', '=', basketId).execute()).toEqual([
      { kind: 'earned', points: 20 },
    ]);
  });

  it('lists an account\'s confirmed orders newest first with their lines, and gives the lines of its own orders only', async () => {
    const customer = await newAccount();
    const older = await pricedBasket(customer);
    await repositories.orders.confirmBasket(older, () => undefined, unique('order'), '2026-11-20T18:00:00.000Z', customer);
    const newer = await pricedBasket(customer);
    await repositories.orders.confirmBasket(newer, () => undefined, unique('order'), '2026-11-23T18:00:00.000Z', customer);
    await pricedBasket(customer);

    const orders = (await accounts.find(customer))?.orders ?? [];
    expect(orders.map((order) => order.basketId)).toEqual([newer, older]);
    expect(orders[0]).toEqual({
      basketId: newer,
      orderRef: expect.any(String),
      orderNumber: 1,
      confirmedAt: '2026-11-23T18:00:00.000Z',
      orderType: 1,
      totalCostPence: 2010,
      lines: [{ title: 'Mixed Starter for Two', configOption: null, quantity: 1 }],
    });

    expect(await accounts.previousOrderLines(customer, newer)).toEqual([
      { categoryId: 1, itemId: 109, configId: null, quantity: 1, specialRequest: '', title: 'Mixed Starter for Two' },
    ]);
    expect(await accounts.previousOrderLines(await newAccount(), newer)).toBeUndefined();
    expect(await accounts.previousOrderLines(customer, 'no-such-order')).toBeUndefined();
  });

  it('lists each order from the summary written when it was confirmed, and from its lines when it has none (confirmed before 0005)', async () => {
    const customer = await newAccount();
    const summarised = await pricedBasket(customer);
    await repositories.orders.confirmBasket(summarised, () => undefined, unique('order'), '2026-11-20T18:00:00.000Z', customer);
    const stored = await database.db.selectFrom('baskets').select('order_summary').where('basket_id', '=', summarised).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.order_summary!)).toEqual([{ title: 'Mixed Starter for Two', configOption: null, quantity: 1 }]);

    const older = await pricedBasket(customer);
    await repositories.orders.confirmBasket(older, () => undefined, unique('order'), '2026-11-19T18:00:00.000Z', customer);
    await database.db.updateTable('baskets').set({ order_summary: null }).where('basket_id', '=', older).execute();
    await database.db.updateTable('basket_lines').set({ title: 'As the line was stored' }).where('basket_id', '=', older).execute();

    const orders = (await accounts.find(customer))?.orders ?? [];
    expect(orders.map((order) => [order.basketId, order.lines])).toEqual([
      [summarised, [{ title: 'Mixed Starter for Two', configOption: null, quantity: 1 }]],
      [older, [{ title: 'As the line was stored', configOption: null, quantity: 1 }]],
    ]);
  });

  it('gives a fallen-through order\'s vouchers and points back exactly once, withdrawing a points voucher when the balance is short', async () => {
    const customer = await newAccount();
    await setDiscount(customer, 0, 90);
    const voucherId = await giveVoucher(customer, { voucher_type: 1, value_pence: 300 });
    const basketId = await pricedBasket(customer, { itemCostPence: 2300, vouchers: [{ voucherId, discountPence: 300 }] });
    await confirm(basketId, customer);
    await accepted(basketId);
    // 10 points and the points voucher the order's 20 points completed.
    expect(await pointsOf(customer)).toBe(10);

    const cancelled = await changeAcceptance(repositories, { basketId }, (current) => setKitchenStatus(current, 4, now), now, 'kitchen:staff');
    expect(cancelled.outcome).toBe('changed');
    const account = await accounts.find(customer);
    // The voucher is back; the points voucher went to cover the 20 points: 10 + 100 − 20 = 90.
    expect(account?.vouchers.map((voucher) => voucher.voucherId)).toEqual([voucherId]);
    expect(account?.points).toBe(90);

    expect((await changeAcceptance(repositories, { basketId }, (current) => setKitchenStatus(current, 4, now), now, 'kitchen:staff')).outcome).toBe('unchanged');
    expect(await pointsOf(customer)).toBe(90);
    expect(await database.db.selectFrom('loyalty_events').select(['kind', 'points']).where('basket_id', '=', basketId).orderBy('kind').execute()).toEqual([
      { kind: 'earned', points: 20 },
      { kind: 'reversed', points: 20 },
    ]);
  });

  it('gives back on a customer cancel, a kitchen cancel and a refund, once each order, and never takes the balance below 0', async () => {
    const kitchen = (basketId: string, status: 0 | 1 | 2 | 4 | 5 | 6) =>
      changeAcceptance(repositories, 
        { basketId },
        (current) => (status === 0 ? acceptOrder(current, now) : setKitchenStatus(current, status, now)),
        now,
        'kitchen:staff',
      );
    const customer = await newAccount();
    const cancelled = await pricedBasket(customer, { itemCostPence: 3000 });
    await confirm(cancelled, customer);
    await requested(cancelled);
    // Cancelled before the restaurant answered: it earned nothing, and nothing is taken.
    await setDiscount(customer, 0, 5);
    await changeAcceptance(repositories, { basketId: cancelled }, (current) => cancelOrder(current, now, '0113 496 0123'), now, 'customer');
    expect(await pointsOf(customer)).toBe(5);
    await setDiscount(customer, 0, 0);

    const cancelledByKitchen = await pricedBasket(customer, { itemCostPence: 1500, paymentType: 2 });
    await confirm(cancelledByKitchen, customer);
    await requested(cancelledByKitchen);
    expect(await pointsOf(customer)).toBe(0);
    await kitchen(cancelledByKitchen, 0);
    expect(await pointsOf(customer)).toBe(15);
    // 15 points earned, 10 of them spent meanwhile: only 5 can be taken back.
    await setDiscount(customer, 0, 5);
    expect((await kitchen(cancelledByKitchen, 4)).outcome).toBe('changed');
    expect(await pointsOf(customer)).toBe(0);
    await setDiscount(customer, 0, 40);
    // Cancelled, then refunded: given back once only.
    expect((await kitchen(cancelledByKitchen, 5)).outcome).toBe('changed');
    expect(await pointsOf(customer)).toBe(40);

    const refunded = await pricedBasket(customer, { itemCostPence: 1200, paymentType: 2 });
    await confirm(refunded, customer);
    await requested(refunded);
    expect(await pointsOf(customer)).toBe(40);
    await kitchen(refunded, 0);
    expect(await pointsOf(customer)).toBe(52);
    for (const status of [1, 2, 6] as const) await kitchen(refunded, status);
    expect(await pointsOf(customer)).toBe(52);
    expect((await kitchen(refunded, 5)).outcome).toBe('changed');
    expect(await pointsOf(customer)).toBe(40);
  });

  it('makes a confirmed guest order the first of a new account, crediting its points once, in one transaction', async () => {
    const guestOrder = await pricedBasket(null, { itemCostPence: 2750, email: 'Grace@Example.com' });
    const confirmed = await confirm(guestOrder, null);
    const orderRef = confirmed.outcome === 'confirmed' ? confirmed.orderRef : '';
    const caller = { sub: unique('sub'), email: 'grace@example.com' };
    const record = { authSub: caller.sub, email: caller.email, name: 'Grace', phone: null };

    const wrongPoints = await accounts.createFromOrder(record, orderRef, (order) => newAccountOrderDecision(order, caller, 99), now);
    expect(wrongPoints).toEqual({ outcome: 'refused', failure: { field: 'points', message: 'must be 27, the points this order earns' } });
    expect(await accounts.find(caller.sub)).toBeUndefined();

    await accepted(guestOrder);
    const created = await accounts.createFromOrder(record, orderRef, (order) => newAccountOrderDecision(order, caller, 27), now);
    expect(created).toMatchObject({ outcome: 'created', account: { authSub: caller.sub, points: 27, orders: [{ basketId: guestOrder, orderRef }] } });
    expect(await accounts.createFromOrder(record, orderRef, (order) => newAccountOrderDecision(order, caller, 27), now)).toEqual({ outcome: 'exists' });
    expect(await pointsOf(caller.sub)).toBe(27);

    const someoneElse = { sub: unique('sub'), email: 'grace@example.com' };
    const secondClaim = await accounts.createFromOrder(
      { ...record, authSub: someoneElse.sub },
      orderRef,
      (order) => newAccountOrderDecision(order, someoneElse, 27),
      now,
    );
    expect(secondClaim).toEqual({ outcome: 'refused', failure: { field: 'orderRef', message: 'is not an order you placed with this email address' } });
    expect(await accounts.find(someoneElse.sub)).toBeUndefined();
  });

  it("credits a guest order's points once when its account is made at the very moment the restaurant accepts it", async () => {
    for (let round = 0; round < 8; round += 1) {
      const guestOrder = await pricedBasket(null, { itemCostPence: 2750, email: `race${round}@example.com` });
      const confirmed = await confirm(guestOrder, null);
      const orderRef = confirmed.outcome === 'confirmed' ? confirmed.orderRef : '';
      await requested(guestOrder);
      const caller = { sub: unique('sub'), email: `race${round}@example.com` };
      const [made, accept] = await Promise.all([
        accounts.createFromOrder({ authSub: caller.sub, email: caller.email, name: 'Grace', phone: null }, orderRef, (order) => newAccountOrderDecision(order, caller, 27), now),
        changeAcceptance(repositories, { basketId: guestOrder }, (current) => acceptOrder(current, now), now, 'kitchen:staff'),
      ]);
      expect([made.outcome, accept.outcome]).toEqual(['created', 'changed']);
      expect(await pointsOf(caller.sub), `round ${round}`).toBe(27);
    }
  });

  it('deletes an account in one go: its orders stay without the customer, everything else goes; a second delete finds nothing', async () => {
    const customer = await newAccount({ name: 'Ada', phone: '0113 496 0999' });
    await accounts.addAddress(customer, { address1: '3 Cardigan Road', address2: '', town: 'Leeds', county: '', postCode: 'LS6 2AB' });
    const voucherId = await giveVoucher(customer, { voucher_type: 1, value_pence: 300 });
    const order = await pricedBasket(customer, { vouchers: [{ voucherId, discountPence: 300 }] });
    await confirm(order, customer);
    const open = await pricedBasket(customer, { vouchers: [{ voucherId, discountPence: 300 }] });
    const bystander = await newAccount();
    const bystanderVoucher = await giveVoucher(bystander, { voucher_type: 1, value_pence: 300 });

    expect(await accounts.delete(customer)).toBe(true);
    expect(await accounts.find(customer)).toBeUndefined();
    for (const table of ['account_addresses', 'account_vouchers', 'loyalty_events'] as const) {
      expect(await database.db.selectFrom(table).selectAll().where('auth_sub', '=', customer).execute()).toEqual([]);
    }
    expect(await database.db.selectFrom('basket_vouchers').selectAll().where('basket_id', 'in', [order, open]).execute()).toEqual([]);
    const kept = await repositories.orders.findBasket(order);
    expect(kept).toMatchObject({ accountSub: null, name: '', email: '', phone: '', deliveryAddress: null, orderRef: expect.any(String) });
    expect(kept?.pricing.totalCostPence).toBe(2000 - 300 + 10);
    expect(await repositories.orders.findBasket(open)).toMatchObject({ accountSub: null, name: '', email: '', phone: '' });

    const before = await database.db.selectFrom('baskets').selectAll().orderBy('basket_id').execute();
    expect(await accounts.delete(customer)).toBe(false);
    expect(await database.db.selectFrom('baskets').selectAll().orderBy('basket_id').execute()).toEqual(before);
    expect(await voucherIdsOf(bystander)).toEqual([bystanderVoucher]);
  });

  it('seeds the demo customer once, and moves its account to a new sub found by its email', async () => {
    const email = 'customer@golden-dragon.example';
    const seededAt = new Date('2026-11-24T18:00:00Z');
    expect(await seedDemoCustomer(database.db, { authSub: 'demo-sub-1', email, now: seededAt })).toEqual({ outcome: 'created' });
    expect(await seedDemoCustomer(database.db, { authSub: 'demo-sub-1', email, now: seededAt })).toEqual({ outcome: 'kept' });
    const seeded = await accounts.find('demo-sub-1');
    expect(seeded).toMatchObject({ email, discountPercent: 10, points: 60 });
    expect(seeded?.vouchers.map((voucher) => voucher.voucherType)).toEqual([1, 2, 3]);
    // Newest first: a delivery to the address in LS6 (zone 1, £1.50) and an older collection, both priced at 10 % off.
    expect(seeded?.orders.map(({ orderType, totalCostPence, confirmedAt }) => ({ orderType, totalCostPence, confirmedAt }))).toEqual([
      { orderType: 2, totalCostPence: 3280 - 328 + 10 + 150, confirmedAt: '2026-11-22T18:00:00.000Z' },
      { orderType: 1, totalCostPence: 3820 - 382 + 10, confirmedAt: '2026-11-15T18:00:00.000Z' },
    ]);
    expect(seeded?.addresses).toEqual([{ address1: '14 Headingley Lane', address2: 'Flat 3', town: 'Leeds', county: 'West Yorkshire', postCode: 'LS6 1BN' }]);

    expect(await seedDemoCustomer(database.db, { authSub: 'demo-sub-2', email, now: seededAt })).toEqual({ outcome: 'moved' });
    expect(await accounts.find('demo-sub-1')).toBeUndefined();
    const moved = await accounts.find('demo-sub-2');
    expect({ ...moved, authSub: 'demo-sub-1' }).toEqual(seeded);
  });
});
