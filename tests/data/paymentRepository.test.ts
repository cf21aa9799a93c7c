import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createUnsettledPayments, type Payment, type PaymentAuthorisation, type UnsettledPayments } from '../../src/server/db/paymentRepository';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { PAYMENT_RELEASED_MESSAGE } from '../../src/server/domain/confirmation';
import { collectionBasketToSave } from './baskets';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

const created = '2026-11-24T18:00:00.000Z';
const later = '2026-11-24T18:05:00.000Z';

describe.each(databaseTargets)('the payment repository on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let count = 0;
  const unique = (prefix: string) => `${prefix}-${++count}`;

  async function basketPaidBy(paymentType: 1 | 2): Promise<string> {
    const basketId = unique('basket');
    await repositories.orders.createBasket({ basketId, orderBuilderRef: unique('ref'), menuVersion: 1, now: created });
    await repositories.orders.saveBasket(collectionBasketToSave(basketId, paymentType), created);
    return basketId;
  }

  /** A basket paid online, linked to a new PayPal order. */
  async function linkedBasket(): Promise<{ basketId: string; payPalOrderId: string }> {
    const basketId = await basketPaidBy(2);
    const payPalOrderId = unique('PAYPAL');
    expect((await repositories.payments.link({ basketId, payPalOrderId, paymentSource: 'paypal' }, created)).outcome).toBe('linked');
    return { basketId, payPalOrderId };
  }

  const confirm = (basketId: string, refusal: string | undefined, payment?: Parameters<Repositories['orders']['confirmBasket']>[5]) =>
    repositories.orders.confirmBasket(basketId, () => refusal, unique('order'), later, null, payment);
  const outboxOf = (basketId: string) =>
    database.db.selectFrom('payment_outbox').select(['operation', 'done_at', 'attempts', 'next_attempt_at']).where('basket_id', '=', basketId).execute();
  const authorisationOf = (payPalOrderId: string): PaymentAuthorisation => ({ payPalOrderId, authorizationId: `AUTH-${payPalOrderId}`, amountPence: 1400, fundingSource: 'paypal' });

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, database.storage);
  });
  afterAll(() => database.dispose());

  it('links a PayPal order only to an unconfirmed basket paid online, and one PayPal order to one basket', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    expect(await repositories.payments.find(basketId)).toEqual({
      basketId,
      payPalOrderId,
      paymentSource: 'paypal',
      state: 'linked',
      amountPence: null,
      authorizationId: null,
      captureId: null,
      refundId: null,
      createdAt: created,
      updatedAt: created,
    });

    const link = (toBasket: string, order = unique('PAYPAL')) => repositories.payments.link({ basketId: toBasket, payPalOrderId: order, paymentSource: 'card' }, later);
    expect(await link('no-such-basket')).toEqual({ outcome: 'missing' });
    const cashBasket = await basketPaidBy(1);
    expect(await link(cashBasket)).toEqual({ outcome: 'notOnline' });
    expect(await repositories.payments.find(cashBasket)).toBeUndefined();
    const otherBasket = await basketPaidBy(2);
    expect(await link(otherBasket, payPalOrderId)).toEqual({ outcome: 'taken' });
    expect(await repositories.payments.find(otherBasket)).toBeUndefined();

    const confirmedBasket = await basketPaidBy(1);
    expect((await confirm(confirmedBasket, undefined)).outcome).toBe('confirmed');
    expect(await link(confirmedBasket)).toEqual({ outcome: 'confirmed' });
  });

  it('replaces a link under which nothing is held, and keeps one that is being authorised or holds money', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    const again = await repositories.payments.link({ basketId, payPalOrderId, paymentSource: 'card' }, later);
    expect(again).toMatchObject({ outcome: 'linked', payment: { payPalOrderId, paymentSource: 'card', state: 'linked', createdAt: created, updatedAt: later } });

    const newer = unique('PAYPAL');
    expect(await repositories.payments.link({ basketId, payPalOrderId: newer, paymentSource: 'paypal' }, later)).toMatchObject({
      outcome: 'linked',
      payment: { payPalOrderId: newer, state: 'linked' },
    });
    // The replaced order is free again, for this basket or another.
    expect((await repositories.payments.link({ basketId: await basketPaidBy(2), payPalOrderId, paymentSource: 'paypal' }, later)).outcome).toBe('linked');

    expect(await repositories.payments.startAuthorising(basketId, newer, later)).toBe(true);
    expect(await repositories.payments.link({ basketId, payPalOrderId: unique('PAYPAL'), paymentSource: 'paypal' }, later)).toMatchObject({
      outcome: 'settling',
      payment: { payPalOrderId: newer, state: 'authorising' },
    });
    await repositories.payments.endAuthorising(basketId, newer, 'failed', later);
    expect((await repositories.payments.link({ basketId, payPalOrderId: unique('PAYPAL'), paymentSource: 'paypal' }, later)).outcome).toBe('linked');
  });

  it('starts authorising only the linked PayPal order, and ends only a run that held nothing', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    expect(await repositories.payments.startAuthorising(basketId, 'ANOTHER-ORDER', later)).toBe(false);
    expect(await repositories.payments.startAuthorising('no-such-basket', payPalOrderId, later)).toBe(false);
    expect((await repositories.payments.find(basketId))?.state).toBe('linked');

    expect(await repositories.payments.startAuthorising(basketId, payPalOrderId, later)).toBe(true);
    // Concurrent runs may each start: PayPal's request id makes them authorise once.
    expect(await repositories.payments.startAuthorising(basketId, payPalOrderId, later)).toBe(true);
    expect((await repositories.payments.find(basketId))?.state).toBe('authorising');
    await repositories.payments.endAuthorising(basketId, payPalOrderId, 'linked', later);
    expect((await repositories.payments.find(basketId))?.state).toBe('linked');
    await repositories.payments.endAuthorising(basketId, payPalOrderId, 'failed', later);
    expect((await repositories.payments.find(basketId))?.state).toBe('linked');

    expect(await repositories.payments.startAuthorising(basketId, payPalOrderId, later)).toBe(true);
    expect((await confirm(basketId, undefined, { step: 'authorised', authorisation: authorisationOf(payPalOrderId) })).outcome).toBe('confirmed');
    expect(await repositories.payments.startAuthorising(basketId, payPalOrderId, later)).toBe(false);
    await repositories.payments.endAuthorising(basketId, payPalOrderId, 'failed', later);
    expect((await repositories.payments.find(basketId))?.state).toBe('authorised');
  });

  it('checks a confirmation without writing anything', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    const before = { basket: await repositories.orders.findBasket(basketId), payment: await repositories.payments.find(basketId) };
    expect(await confirm(basketId, undefined, { step: 'check' })).toEqual({ outcome: 'confirmable' });
    expect(await confirm(basketId, 'Your basket is empty', { step: 'check' })).toEqual({ outcome: 'refused', errorMessage: 'Your basket is empty' });
    expect({ basket: await repositories.orders.findBasket(basketId), payment: await repositories.payments.find(basketId) }).toEqual(before);

    const confirmed = await confirm(basketId, undefined, { step: 'authorised', authorisation: authorisationOf(payPalOrderId) });
    expect(await confirm(basketId, undefined, { step: 'check' })).toEqual({ ...confirmed, alreadyConfirmed: true });
  });

  it('records the authorisation and confirms the basket in one transaction', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    await repositories.payments.startAuthorising(basketId, payPalOrderId, created);
    const authorisation = authorisationOf(payPalOrderId);
    const confirmed = await confirm(basketId, undefined, { step: 'authorised', authorisation });
    expect(confirmed).toMatchObject({ outcome: 'confirmed', alreadyConfirmed: false });
    expect(await repositories.orders.findBasket(basketId)).toMatchObject({ status: 7, paymentType: 2, confirmedAt: later });
    expect(await repositories.payments.find(basketId)).toMatchObject({
      state: 'authorised',
      authorizationId: authorisation.authorizationId,
      amountPence: 1400,
      updatedAt: later,
    });
    expect(await outboxOf(basketId)).toEqual([]);

    // A second run that got the same authorisation from PayPal answers the same order and releases nothing.
    expect(await confirm(basketId, undefined, { step: 'authorised', authorisation })).toEqual({ ...confirmed, alreadyConfirmed: true });
    expect((await repositories.payments.find(basketId))?.state).toBe('authorised');
    expect(await outboxOf(basketId)).toEqual([]);
  });

  it('confirms nothing when the authorisation cannot be recorded against the linked order', async () => {
    const { basketId } = await linkedBasket();
    const before = await repositories.orders.findBasket(basketId);
    await expect(confirm(basketId, undefined, { step: 'authorised', authorisation: authorisationOf('NOT-THE-LINKED-ORDER') })).rejects.toThrow(
      /no longer PayPal order NOT-THE-LINKED-ORDER/,
    );
    expect(await repositories.orders.findBasket(basketId)).toEqual(before);
    expect((await repositories.payments.find(basketId))?.state).toBe('linked');
  });

  it('leaves an authorisation to be voided, in the same transaction, when the confirmation is refused', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    await repositories.payments.startAuthorising(basketId, payPalOrderId, created);
    const authorisation = authorisationOf(payPalOrderId);
    expect(await confirm(basketId, 'The time you chose is no longer available: please choose another time', { step: 'authorised', authorisation })).toEqual({
      outcome: 'refused',
      errorMessage: 'The time you chose is no longer available: please choose another time',
    });
    expect(await repositories.orders.findBasket(basketId)).toMatchObject({ orderRef: null, status: 6 });
    expect(await repositories.payments.find(basketId)).toMatchObject({ state: 'void_due', authorizationId: authorisation.authorizationId, amountPence: 1400 });
    expect(await outboxOf(basketId)).toEqual([{ operation: 'void', done_at: null, attempts: 0, next_attempt_at: later }]);
    // Money held once is never linked over.
    expect((await repositories.payments.link({ basketId, payPalOrderId: unique('PAYPAL'), paymentSource: 'paypal' }, later)).outcome).toBe('settling');
  });

  it('voids an authorisation for a basket found confirmed without it, and for a basket priced for someone else', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    await repositories.payments.startAuthorising(basketId, payPalOrderId, created);
    // Confirmed meanwhile as though paid in cash (the payment type was changed under the run).
    expect((await repositories.orders.confirmBasket(basketId, () => undefined, unique('order'), later)).outcome).toBe('confirmed');
    expect(await confirm(basketId, undefined, { step: 'authorised', authorisation: authorisationOf(payPalOrderId) })).toMatchObject({
      outcome: 'confirmed',
      alreadyConfirmed: true,
    });
    expect((await repositories.payments.find(basketId))?.state).toBe('void_due');
    expect((await outboxOf(basketId)).map((step) => step.operation)).toEqual(['void']);

    const another = await linkedBasket();
    await repositories.payments.startAuthorising(another.basketId, another.payPalOrderId, created);
    const asCustomer = await repositories.orders.confirmBasket(another.basketId, () => undefined, unique('order'), later, 'a-customer', {
      step: 'authorised',
      authorisation: authorisationOf(another.payPalOrderId),
    });
    expect(asCustomer).toEqual({ outcome: 'notTheirs' });
    expect((await repositories.payments.find(another.basketId))?.state).toBe('void_due');
    expect((await outboxOf(another.basketId)).map((step) => step.operation)).toEqual(['void']);
  });

  describe('reconciliation', () => {
    const stale = '2026-11-24T18:01:00.000Z';
    const settledAt = '2026-11-24T18:20:00.000Z';
    const report = { errorMode: 'AuthorisationAndCaptureError', message: 'Settled by reconciliation', details: 'what PayPal held' };
    const logged = { reported_by: 'server', error_mode: report.errorMode, message: report.message, details: report.details, created_at: settledAt };
    const logsOf = (basketId: string) =>
      database.db.selectFrom('payment_error_logs').select(['reported_by', 'error_mode', 'message', 'details', 'created_at']).where('basket_id', '=', basketId).execute();
    let unsettled: UnsettledPayments;
    beforeAll(() => {
      unsettled = createUnsettledPayments(database.db, database.storage.syncToDisk);
    });

    /** A payment left `authorising` at `stale`. */
    async function leftAuthorising(): Promise<Payment> {
      const { basketId, payPalOrderId } = await linkedBasket();
      await repositories.payments.startAuthorising(basketId, payPalOrderId, stale);
      return (await repositories.payments.find(basketId))!;
    }

    it('finds only payments left linked or authorising since the given time, oldest first', async () => {
      const authorising = await leftAuthorising();
      const linked = await linkedBasket();
      const fresh = await linkedBasket();
      await repositories.payments.link({ ...fresh, paymentSource: 'paypal' }, later);
      const placed = await leftAuthorising();
      await confirm(placed.basketId, undefined, { step: 'authorised', authorisation: authorisationOf(placed.payPalOrderId) });
      const failed = await leftAuthorising();
      await repositories.payments.endAuthorising(failed.basketId, failed.payPalOrderId, 'failed', stale);

      const found = (await unsettled.findStale(stale, 1000)).map((payment) => payment.basketId);
      expect(found).toEqual(expect.arrayContaining([authorising.basketId, linked.basketId]));
      expect(found).not.toEqual(expect.arrayContaining([fresh.basketId]));
      expect(found).not.toEqual(expect.arrayContaining([placed.basketId]));
      expect(found).not.toEqual(expect.arrayContaining([failed.basketId]));
      expect(found.indexOf(linked.basketId)).toBeLessThan(found.indexOf(authorising.basketId));
      expect((await unsettled.findStale(created, 1000)).map((payment) => payment.basketId)).not.toEqual(expect.arrayContaining([authorising.basketId]));
    });

    it('releases the authorisation PayPal holds once, with the void queued and the reason logged in the same transaction', async () => {
      const payment = await leftAuthorising();
      const authorisation = authorisationOf(payment.payPalOrderId);
      const release = () => unsettled.release(payment, authorisation, report, settledAt);
      const releases = await Promise.all([release(), release()]);
      expect(releases.sort()).toEqual([false, true]);
      expect(await repositories.payments.find(payment.basketId)).toMatchObject({
        state: 'void_due',
        authorizationId: authorisation.authorizationId,
        amountPence: 1400,
        updatedAt: settledAt,
      });
      expect(await outboxOf(payment.basketId)).toEqual([{ operation: 'void', done_at: null, attempts: 0, next_attempt_at: settledAt }]);
      expect(await logsOf(payment.basketId)).toEqual([logged]);
      expect(await unsettled.fail(payment, report, settledAt)).toBe(false);
      expect((await repositories.payments.find(payment.basketId))?.state).toBe('void_due');
    });

    it('refuses, in the confirming transaction, an authorisation it has released, and confirms nothing', async () => {
      const payment = await leftAuthorising();
      const authorisation = authorisationOf(payment.payPalOrderId);
      await unsettled.release(payment, authorisation, report, settledAt);
      const basket = await repositories.orders.findBasket(payment.basketId);
      const confirmation = await confirm(payment.basketId, undefined, { step: 'authorised', authorisation });
      expect(confirmation).toEqual({ outcome: 'refused', errorMessage: PAYMENT_RELEASED_MESSAGE });
      expect(await repositories.orders.findBasket(payment.basketId)).toEqual(basket);
      expect((await repositories.payments.find(payment.basketId))?.state).toBe('void_due');
      expect(await outboxOf(payment.basketId)).toHaveLength(1);
    });

    it('settles nothing that changed since it was read, so that the customer retrying comes first', async () => {
      const payment = await leftAuthorising();
      await repositories.payments.startAuthorising(payment.basketId, payment.payPalOrderId, later);
      expect(await unsettled.release(payment, authorisationOf(payment.payPalOrderId), report, settledAt)).toBe(false);
      expect(await unsettled.fail(payment, report, settledAt)).toBe(false);
      expect(await repositories.payments.find(payment.basketId)).toMatchObject({ state: 'authorising', authorizationId: null, updatedAt: later });
      expect(await outboxOf(payment.basketId)).toEqual([]);
      expect(await logsOf(payment.basketId)).toEqual([]);
    });

    it('fails a payment PayPal holds nothing for, logged, and lets a new PayPal order be linked', async () => {
      const payment = await leftAuthorising();
      expect(await unsettled.fail(payment, report, settledAt)).toBe(true);
      expect(await repositories.payments.find(payment.basketId)).toMatchObject({ state: 'failed', authorizationId: null, updatedAt: settledAt });
      expect(await logsOf(payment.basketId)).toEqual([logged]);
      expect(await outboxOf(payment.basketId)).toEqual([]);
      const relinked = await repositories.payments.link({ basketId: payment.basketId, payPalOrderId: unique('PAYPAL'), paymentSource: 'paypal' }, settledAt);
      expect(relinked.outcome).toBe('linked');
    });
  });

  it('confirms one of 20 concurrent runs and records its authorisation once', async () => {
    const { basketId, payPalOrderId } = await linkedBasket();
    await repositories.payments.startAuthorising(basketId, payPalOrderId, created);
    const authorisation = authorisationOf(payPalOrderId);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => confirm(basketId, undefined, { step: 'authorised', authorisation })));
    const orderRefs = new Set(outcomes.map((outcome) => (outcome.outcome === 'confirmed' ? outcome.orderRef : outcome.outcome)));
    expect(orderRefs.size).toBe(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'confirmed' && !outcome.alreadyConfirmed)).toHaveLength(1);
    expect((await repositories.payments.find(basketId))?.state).toBe('authorised');
    expect(await outboxOf(basketId)).toEqual([]);
  });

  it('stores payment errors, cut to the lengths LogError accepts', async () => {
    await repositories.payments.logError({ basketId: null, reportedBy: 'browser', errorMode: 'ScriptFailedToLoad', message: 'Failed to load the PayPal JS SDK script', details: null }, created);
    await repositories.payments.logError(
      { basketId: 'some-basket', reportedBy: 'server', errorMode: 'AuthorisationAndCaptureError', message: 'm'.repeat(600), details: 'd'.repeat(5000) },
      later,
    );
    const rows = await database.db
      .selectFrom('payment_error_logs')
      .selectAll()
      .where((where) => where.or([where('basket_id', 'is', null), where('basket_id', '=', 'some-basket')]))
      .orderBy('id')
      .execute();
    expect(rows.map(({ id: _id, ...row }) => ({ ...row, message: row.message.slice(0, 40), details: row.details?.length ?? null }))).toEqual([
      { basket_id: null, reported_by: 'browser', error_mode: 'ScriptFailedToLoad', message: 'Failed to load the PayPal JS SDK script', details: null, created_at: created },
      { basket_id: 'some-basket', reported_by: 'server', error_mode: 'AuthorisationAndCaptureError', message: 'm'.repeat(40), details: 4000, created_at: later },
    ]);
    expect(rows[1].message).toHaveLength(500);
  });

  it('keeps the tables whole: known states, money held only under an authorisation, each outbox step once per order', async () => {
    const { basketId } = await linkedBasket();
    const { db } = database;
    await expect(db.updateTable('payments').set({ state: 'lost' as 'linked' }).where('basket_id', '=', basketId).execute()).rejects.toThrow();
    await expect(db.updateTable('payments').set({ state: 'authorised' }).where('basket_id', '=', basketId).execute()).rejects.toThrow();
    await expect(db.updateTable('payments').set({ amount_pence: -1 }).where('basket_id', '=', basketId).execute()).rejects.toThrow();
    await expect(
      db.insertInto('payments').values({ basket_id: 'no-such-basket', paypal_order_id: unique('PAYPAL'), payment_source: 'paypal', state: 'linked', created_at: created, updated_at: created, amount_pence: null, authorization_id: null, capture_id: null, refund_id: null }).execute(),
    ).rejects.toThrow();

    const step = { basket_id: basketId, operation: 'capture' as const, created_at: created, done_at: null, attempts: 0, last_error: null, next_attempt_at: created };
    await db.insertInto('payment_outbox').values(step).execute();
    await expect(db.insertInto('payment_outbox').values(step).execute()).rejects.toThrow();
    await expect(db.insertInto('payment_outbox').values({ ...step, operation: 'charge' as 'capture' }).execute()).rejects.toThrow();
    await db.insertInto('payment_outbox').values({ ...step, operation: 'refund' }).execute();
    await expect(db.insertInto('payment_error_logs').values({ basket_id: null, reported_by: 'someone' as 'browser', error_mode: 'NotSet', message: 'x', details: null, created_at: created }).execute()).rejects.toThrow();

    // A basket's payment and its steps go with it.
    await db.deleteFrom('baskets').where('basket_id', '=', basketId).execute();
    expect(await repositories.payments.find(basketId)).toBeUndefined();
    expect(await outboxOf(basketId)).toEqual([]);
  });
});
