import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { storeDeviceToken, type MomentToQueue } from '../../src/server/db/notificationRepository';
import { createPaymentOutbox, queueMoneyStep, type DueMoneyStep, type PaymentOutbox } from '../../src/server/db/paymentRepository';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { runOnKysely } from '../../src/server/db/statementSteps';
import type { MoneyStep } from '../../src/server/domain/moneyFlow';
import { createOutboxWorker } from '../../src/server/payments/outboxWorker';
import { PayPalError, type PayPalClient } from '../../src/server/payments/payPalClient';
import { collectionBasketToSave } from './baskets';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';

// The payment outbox as every app server's worker reads it from the one database (docs/payments.md, "The outbox
// worker"): a due step is claimed by one worker at a time, and what a worker records about a step it was late with
// never overwrites what the payment became meanwhile.

const created = '2026-11-24T18:00:00.000Z';
const accepted = '2026-11-24T18:10:00.000Z';
const minutesAfterAcceptance = (minutes: number) => new Date(Date.parse(accepted) + minutes * 60_000).toISOString();

const toldOfCash: MomentToQueue[] = [{ moment: 'cashInstead', detail: {}, channels: ['email', 'nativePush', 'webPush'] }];

const captureStep: MoneyStep = { operation: 'capture', from: ['authorised'], to: 'capture_due' };
const refundStep: MoneyStep = { operation: 'refund', from: ['capture_due', 'captured'], to: 'refund_due' };

describe.each(databaseTargets)('the payment outbox on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let outbox: PaymentOutbox;
  let count = 0;
  const unique = (prefix: string) => `${prefix}-${++count}`;

  /** A basket placed with £14.00 held by PayPal, its capture queued as the restaurant's acceptance queues it. */
  async function captureDue(): Promise<string> {
    const basketId = unique('basket');
    const payPalOrderId = unique('PAYPAL');
    await repositories.orders.createBasket({ basketId, orderBuilderRef: unique('ref'), menuVersion: 1, now: created });
    await repositories.orders.saveBasket(collectionBasketToSave(basketId, 2), created);
    await repositories.payments.link({ basketId, payPalOrderId, paymentSource: 'paypal' }, created);
    await repositories.payments.startAuthorising(basketId, payPalOrderId, created);
    const authorisation = { payPalOrderId, authorizationId: `AUTH-${payPalOrderId}`, amountPence: 1400, fundingSource: 'paypal' as const };
    await repositories.orders.confirmBasket(basketId, () => undefined, unique('order'), created, null, { step: 'authorised', authorisation });
    expect(await runOnKysely(database.db, queueMoneyStep(basketId, captureStep, accepted))).toBe(true);
    return basketId;
  }

  const paymentRowOf = (basketId: string) => database.db.selectFrom('payments').selectAll().where('basket_id', '=', basketId).executeTakeFirstOrThrow();
  const stepsOf = (basketId: string) =>
    database.db.selectFrom('payment_outbox').select(['operation', 'done_at', 'attempts', 'claimed_until']).where('basket_id', '=', basketId).orderBy('id').execute();
  const deliveriesOf = (basketId: string) =>
    database.db.selectFrom('notification_deliveries').select(['moment', 'channel', 'recipient']).where('basket_id', '=', basketId).orderBy('id').execute();
  const errorsLoggedFor = async (basketId: string) =>
    (await database.db.selectFrom('payment_error_logs').select('message').where('basket_id', '=', basketId).execute()).map((row) => row.message);
  /** Claims the basket's due step as a worker would, leaving other tests' steps alone. */
  async function claimStepOf(basketId: string, now: string, claimedUntil: string): Promise<DueMoneyStep> {
    const [step] = await database.db
      .selectFrom('payment_outbox')
      .select('id')
      .where('basket_id', '=', basketId)
      .where('done_at', 'is', null)
      .execute();
    const claimed = (await outbox.claimDue(now, claimedUntil, 1_000)).filter((due) => due.basketId === basketId);
    expect(claimed.map((due) => due.id)).toEqual([step!.id]);
    return claimed[0]!;
  }

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db, database.storage);
    outbox = createPaymentOutbox(database.db, database.storage.syncToDisk);
  });
  afterAll(() => database.dispose());

  describe('claims', () => {
    it('gives each due step to one of two workers claiming at the same moment', async () => {
      const basketIds = await Promise.all(Array.from({ length: 8 }, () => captureDue()));
      const claimedBy: number[][] = [[], []];
      // Eight steps, three a claim: a few rounds take them all, unless a step is given out again.
      for (let round = 0; round < 10; round += 1) {
        const claims = await Promise.all([
          outbox.claimDue(minutesAfterAcceptance(1), minutesAfterAcceptance(2), 3),
          outbox.claimDue(minutesAfterAcceptance(1), minutesAfterAcceptance(2), 3),
        ]);
        if (claims.every((claim) => claim.length === 0)) break;
        claims.forEach((claim, worker) => claimedBy[worker]!.push(...claim.map((step) => step.id)));
      }
      const [first, second] = claimedBy;
      expect(first!.filter((id) => second!.includes(id))).toEqual([]);
      const stepIds = await database.db.selectFrom('payment_outbox').select('id').where('basket_id', 'in', basketIds).execute();
      expect([...first!, ...second!].sort((a, b) => a - b)).toEqual(stepIds.map((row) => row.id).sort((a, b) => a - b));
    });

    it('takes over a claim that lapsed (its server died mid-call), and a step that failed once it is due again', async () => {
      const basketId = await captureDue();
      const claimed = await claimStepOf(basketId, minutesAfterAcceptance(10), minutesAfterAcceptance(11));
      expect((await outbox.claimDue(minutesAfterAcceptance(10.5), minutesAfterAcceptance(11.5), 1_000)).map((step) => step.id)).not.toContain(claimed.id);
      const takenOver = await claimStepOf(basketId, minutesAfterAcceptance(11), minutesAfterAcceptance(12));
      expect(takenOver).toEqual(claimed);

      await outbox.recordFailure(takenOver, 'PayPal could not be reached', minutesAfterAcceptance(11.2));
      expect(await stepsOf(basketId)).toEqual([{ operation: 'capture', done_at: null, attempts: 1, claimed_until: null }]);
      expect(await claimStepOf(basketId, minutesAfterAcceptance(11.2), minutesAfterAcceptance(12))).toMatchObject({ id: claimed.id, attempts: 1 });
    });

    it('never gives out a step once it is done', async () => {
      const basketId = await captureDue();
      const claimed = await claimStepOf(basketId, minutesAfterAcceptance(20), minutesAfterAcceptance(21));
      await outbox.complete(claimed, { operation: 'capture', captureId: 'CAPTURE-1' }, minutesAfterAcceptance(20));
      expect(await stepsOf(basketId)).toEqual([{ operation: 'capture', done_at: minutesAfterAcceptance(20), attempts: 0, claimed_until: null }]);
      expect((await outbox.claimDue(minutesAfterAcceptance(30), minutesAfterAcceptance(31), 1_000)).map((step) => step.basketId)).not.toContain(basketId);
    });
  });

  describe('two servers running the worker', () => {
    /** PayPal answering captures a little later, as a real call does; each capture sent is counted. */
    function slowPayPal(captured: string[]): PayPalClient {
      const unexpected = () => Promise.reject(new Error('not a call the outbox worker makes here'));
      return {
        getOrder: unexpected,
        createOrder: unexpected,
        authorizeOrder: unexpected,
        getAuthorization: unexpected,
        reauthorizeAuthorization: unexpected,
        voidAuthorization: unexpected,
        refundCapture: unexpected,
        async captureAuthorization(authorizationId) {
          captured.push(authorizationId);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { id: `CAPTURE-${authorizationId}`, status: 'COMPLETED', amount: { currency_code: 'GBP', value: '14.00' } };
        },
      };
    }

    it('send each due capture once between them', async () => {
      const basketIds = await Promise.all(Array.from({ length: 6 }, () => captureDue()));
      const captured: string[] = [];
      const errors: unknown[] = [];
      const workers = [0, 1].map(() =>
        createOutboxWorker({
          // Each server has its own outbox over the shared database.
          outbox: createPaymentOutbox(database.db, database.storage.syncToDisk),
          payPal: slowPayPal(captured),
          now: () => new Date(minutesAfterAcceptance(40)),
          logError: (error) => errors.push(error),
          pollIntervalMs: 60_000,
        }),
      );
      workers.forEach((worker) => worker.start());
      await Promise.all(workers.map((worker) => worker.kick()));
      await Promise.all(workers.map((worker) => worker.stop()));

      expect(errors).toEqual([]);
      const authorisations = await database.db.selectFrom('payments').select('authorization_id').where('basket_id', 'in', basketIds).execute();
      expect(captured.filter((id) => authorisations.some((row) => row.authorization_id === id)).sort()).toEqual(
        authorisations.map((row) => row.authorization_id).sort(),
      );
      for (const basketId of basketIds) expect((await paymentRowOf(basketId)).state).toBe('captured');
    });
  });

  describe('a worker late with a step another finished', () => {
    it('records a duplicate capture over nothing: the payment keeps what it became since', async () => {
      const basketId = await captureDue();
      const step = await claimStepOf(basketId, minutesAfterAcceptance(50), minutesAfterAcceptance(50.5));
      await outbox.complete(step, { operation: 'capture', captureId: 'CAPTURE-FIRST' }, minutesAfterAcceptance(50));
      // The order is cancelled from the dashboard and the money given back.
      expect(await runOnKysely(database.db, queueMoneyStep(basketId, refundStep, minutesAfterAcceptance(51)))).toBe(true);
      const refund = await claimStepOf(basketId, minutesAfterAcceptance(51), minutesAfterAcceptance(51.5));
      await outbox.complete(refund, { operation: 'refund', refundId: 'REFUND-1' }, minutesAfterAcceptance(51));
      const refunded = await paymentRowOf(basketId);
      expect(refunded).toMatchObject({ state: 'refunded', capture_id: 'CAPTURE-FIRST', refund_id: 'REFUND-1' });

      // The other server's answer to the same capture, its claim having lapsed, arrives only now.
      await outbox.complete(step, { operation: 'capture', captureId: 'CAPTURE-LATE' }, minutesAfterAcceptance(52));
      expect(await paymentRowOf(basketId)).toEqual(refunded);
    });

    it('falls back to cash on a refused reauthorisation only while the capture is still to be made', async () => {
      const basketId = await captureDue();
      const step = await claimStepOf(basketId, minutesAfterAcceptance(60), minutesAfterAcceptance(60.5));
      // Another server reauthorised and captured while this one's reauthorisation was answered 422.
      await outbox.complete(step, { operation: 'capture', captureId: 'CAPTURE-OTHER' }, minutesAfterAcceptance(60.2));
      const captured = await paymentRowOf(basketId);

      expect(await outbox.fallBackToCash(step, 'PayPal refused reauthorization: 422 PREVIOUS_REQUEST_IN_PROGRESS', minutesAfterAcceptance(60.3), toldOfCash)).toBe(false);
      expect(await paymentRowOf(basketId)).toEqual(captured);
      expect(captured).toMatchObject({ state: 'captured', capture_id: 'CAPTURE-OTHER', honour_outcome: null });
      expect((await stepsOf(basketId)).map((row) => row.operation)).toEqual(['capture']);
      expect(await errorsLoggedFor(basketId)).toEqual([]);
    });

    it('does not fall back to cash for a payment cancelled while its capture was due, and leaves the capture to be retried', async () => {
      const basketId = await captureDue();
      expect(await runOnKysely(database.db, queueMoneyStep(basketId, refundStep, minutesAfterAcceptance(70)))).toBe(true);
      const step = await claimStepOf(basketId, minutesAfterAcceptance(70), minutesAfterAcceptance(70.5));

      expect(await outbox.fallBackToCash(step, 'PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', minutesAfterAcceptance(70.1), toldOfCash)).toBe(false);
      expect(await paymentRowOf(basketId)).toMatchObject({ state: 'refund_due', honour_outcome: null });
      expect(await stepsOf(basketId)).toEqual([
        { operation: 'capture', done_at: null, attempts: 0, claimed_until: minutesAfterAcceptance(70.5) },
        { operation: 'refund', done_at: null, attempts: 0, claimed_until: null },
      ]);
      expect(await errorsLoggedFor(basketId)).toEqual([]);
    });

    it('falls back to cash, once, when the capture is still due', async () => {
      const basketId = await captureDue();
      const step = await claimStepOf(basketId, minutesAfterAcceptance(80), minutesAfterAcceptance(80.5));
      expect(await outbox.fallBackToCash(step, 'PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', minutesAfterAcceptance(80.1), toldOfCash)).toBe(true);
      expect(await outbox.fallBackToCash(step, 'PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', minutesAfterAcceptance(80.2), toldOfCash)).toBe(false);
      expect(await paymentRowOf(basketId)).toMatchObject({ state: 'void_due', honour_outcome: 'cash' });
      expect(await stepsOf(basketId)).toEqual([
        { operation: 'capture', done_at: minutesAfterAcceptance(80.1), attempts: 0, claimed_until: null },
        { operation: 'void', done_at: null, attempts: 0, claimed_until: null },
      ]);
      expect(await errorsLoggedFor(basketId)).toEqual(['PayPal refused to reauthorise: to be paid in cash']);
    });

    it('tells the customer, in the same transaction and once, that the order is to be paid in cash; not when it did not fall back', async () => {
      const basketId = await captureDue();
      await database.db.transaction().execute((transaction) => storeDeviceToken(transaction, basketId, 'phone-token', minutesAfterAcceptance(89)));
      const step = await claimStepOf(basketId, minutesAfterAcceptance(90), minutesAfterAcceptance(90.5));
      expect(await outbox.fallBackToCash(step, 'PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', minutesAfterAcceptance(90.1), toldOfCash)).toBe(true);
      expect(await outbox.fallBackToCash(step, 'PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', minutesAfterAcceptance(90.2), toldOfCash)).toBe(false);
      expect(await deliveriesOf(basketId)).toEqual([
        { moment: 'cashInstead', channel: 'email', recipient: 'ada@example.com' },
        { moment: 'cashInstead', channel: 'nativePush', recipient: 'phone-token' },
      ]);

      // Captured by another server meanwhile: the customer paid online after all, and is told nothing of cash.
      const captured = await captureDue();
      const capturedStep = await claimStepOf(captured, minutesAfterAcceptance(91), minutesAfterAcceptance(91.5));
      await outbox.complete(capturedStep, { operation: 'capture', captureId: 'CAPTURE-OTHER-2' }, minutesAfterAcceptance(91.2));
      expect(await outbox.fallBackToCash(capturedStep, 'PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', minutesAfterAcceptance(91.3), toldOfCash)).toBe(false);
      expect(await deliveriesOf(captured)).toEqual([]);
    });

    it('a worker whose reauthorisation is refused for a payment no longer waiting for it records a failure, to be retried', async () => {
      const basketId = await captureDue();
      expect(await runOnKysely(database.db, queueMoneyStep(basketId, refundStep, minutesAfterAcceptance(90)))).toBe(true);
      // Held a week before: the honour period has ended, so the capture starts with a reauthorisation.
      await database.db.updateTable('payments').set({ authorised_at: '2026-11-17T18:00:00.000Z' }).where('basket_id', '=', basketId).execute();
      const refusingPayPal = {
        reauthorizeAuthorization: () => Promise.reject(new PayPalError('PayPal refused reauthorization: 422 AUTHORIZATION_EXPIRED', 'unprocessable', 422, 'AUTHORIZATION_EXPIRED')),
      } as unknown as PayPalClient;
      const worker = createOutboxWorker({ outbox, payPal: refusingPayPal, now: () => new Date(minutesAfterAcceptance(90)), logError: () => {}, pollIntervalMs: 60_000 });
      // Only this basket's capture is due among the steps other tests left.
      await database.db.updateTable('payment_outbox').set({ next_attempt_at: minutesAfterAcceptance(1_000) }).where('basket_id', '!=', basketId).where('done_at', 'is', null).execute();
      worker.start();
      await worker.kick();
      await worker.stop();

      expect(await paymentRowOf(basketId)).toMatchObject({ state: 'refund_due', honour_outcome: null });
      expect((await stepsOf(basketId))[0]).toMatchObject({ operation: 'capture', done_at: null, attempts: 1, claimed_until: null });
    });
  });
});
