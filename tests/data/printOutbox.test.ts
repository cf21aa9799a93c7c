import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, seedDemoData } from '../../src/server/db/database';
import { createPrintOutbox, queueCorrectedTickets, queuePrintJobs, replacePrinters, type PrintOutbox } from '../../src/server/db/printRepository';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { acceptOrder, setKitchenStatus } from '../../src/server/domain/acceptance';
import { KitchenStatus } from '../../src/domain/orderEnums';
import { databaseTargets, openEmptyDatabase } from './databaseTargets';
import { changeAcceptance, requestAcceptance } from '../../src/server/services/acceptance';
import { queueReprint } from '../../src/server/services/ticketReprints';

// The print-job outbox (docs/printing.md) on each database: jobs written with the acceptance, claimed once however many
// servers poll, a printer's jobs in order, and its state from the last attempt.

const at = '2026-11-24T18:00:00.000Z';
const later = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

describe.each(databaseTargets)('the print-job outbox on $name', (target) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repositories: Repositories;
  let outbox: PrintOutbox;
  let count = 0;
  let printerIds: number[];

  async function acceptedOrder(): Promise<string> {
    count += 1;
    const basketId = `print-basket-${count}`;
    await repositories.orders.createBasket({ basketId, orderBuilderRef: `print-ref-${count}`, menuVersion: 1, now: at });
    expect((await repositories.orders.confirmBasket(basketId, () => undefined, `print-order-${count}`, at)).outcome).toBe('confirmed');
    await requestAcceptance(repositories, basketId, () => ({ updateTime: later(1200), answerFrom: at }), at, 'customer');
    expect((await changeAcceptance(repositories, { basketId }, (current) => acceptOrder(current, at), at, 'kitchen:test')).outcome).toBe('changed');
    return basketId;
  }

  beforeAll(async () => {
    database = await openEmptyDatabase(target);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    repositories = createRepositories(database.db);
    outbox = createPrintOutbox(database.db);
    const { after } = await database.db.transaction().execute((transaction) =>
      replacePrinters(
        transaction,
        [
          { name: 'Kitchen', host: '192.168.1.50', port: 9100, paperWidth: 80, prints: 'kitchen', copies: 1 },
          { name: 'Counter', host: '192.168.1.51', port: 9100, paperWidth: 58, prints: 'receipt', copies: 2 },
        ],
        at,
      ),
    );
    printerIds = after.map((printer) => printer.printerId);
  });
  afterAll(() => database.dispose());

  it('writes one job per printer with the acceptance, and claims each once however many servers ask together', async () => {
    const basketId = await acceptedOrder();
    const claims = await Promise.all(Array.from({ length: 4 }, () => outbox.claimDue(at, later(60), 10)));
    const claimed = claims.flat().filter((job) => job.basketId === basketId);
    expect(claimed.map((job) => job.printer.printerId).sort()).toEqual([...printerIds].sort());
    expect(claimed.every((job) => job.reason === 'accepted')).toBe(true);
    for (const job of claimed) await outbox.complete(job, later(1));
  });

  it("keeps a printer's jobs in order: the next waits while the first fails, and the printer is offline since the first failure", async () => {
    const first = await acceptedOrder();
    const second = await acceptedOrder();
    const [kitchenJob] = (await outbox.claimDue(later(2), later(62), 10)).filter((job) => job.printer.name === 'Kitchen');
    expect(kitchenJob.basketId).toBe(first);
    await outbox.recordFailure(kitchenJob, 'connect ECONNREFUSED', later(2), later(4));
    // Not due yet, and the second order's kitchen job waits behind it.
    expect((await outbox.claimDue(later(3), later(63), 10)).filter((job) => job.printer.name === 'Kitchen')).toEqual([]);
    const [retried] = (await outbox.claimDue(later(5), later(65), 10)).filter((job) => job.printer.name === 'Kitchen');
    expect(retried).toMatchObject({ basketId: first, attempts: 1 });
    await outbox.recordFailure(retried, 'Out of paper', later(5), later(9));
    const states = await repositories.printing.printerStates();
    expect(states.find((state) => state.name === 'Kitchen')).toMatchObject({ offlineSince: later(2), lastError: 'Out of paper', jobsWaiting: 2 });

    const [printed] = (await outbox.claimDue(later(10), later(70), 10)).filter((job) => job.printer.name === 'Kitchen');
    await outbox.complete(printed, later(10));
    const [next] = (await outbox.claimDue(later(10), later(70), 10)).filter((job) => job.printer.name === 'Kitchen');
    expect(next.basketId).toBe(second);
    await outbox.complete(next, later(11));
    expect((await repositories.printing.printerStates()).find((state) => state.name === 'Kitchen')).toMatchObject({ offlineSince: null, checkedAt: later(11), jobsWaiting: 0 });
  });

  it('queues a reprint as a new job per printer, inside the caller’s transaction or its own, and none for an unknown order', async () => {
    const basketId = await acceptedOrder();
    const written = await database.db.transaction().execute((transaction) => queuePrintJobs(transaction, basketId, 'reprint', later(20)));
    expect(written).toBe(2);
    const orderRef = `print-order-${count}`;
    expect(await queueReprint(repositories, orderRef, later(21))).toEqual({ outcome: 'queued', jobs: 2 });
    expect(await queueReprint(repositories, 'no-such-order', later(21))).toEqual({ outcome: 'missing' });
  });

  it('drops the waiting jobs of an order the kitchen cancels, in its transaction, so none is claimed, and refuses its reprint', async () => {
    const basketId = await acceptedOrder();
    const orderRef = `print-order-${count}`;
    const cancelled = await changeAcceptance(repositories, { basketId }, (current) => setKitchenStatus(current, KitchenStatus.Cancelled, later(31)), later(31), 'kitchen:test');
    expect(cancelled.outcome).toBe('changed');
    const jobs = await database.db.selectFrom('print_jobs').selectAll().where('basket_id', '=', basketId).execute();
    expect(jobs).toHaveLength(2);
    expect(jobs.every((job) => job.done_at === later(31) && job.outcome === 'dropped' && job.claimed_until === null)).toBe(true);
    expect((await outbox.claimDue(later(200), later(260), 10)).filter((job) => job.basketId === basketId)).toEqual([]);

    expect(await queueReprint(repositories, orderRef, later(32))).toEqual({ outcome: 'notInProgress' });
    expect(await database.db.selectFrom('print_jobs').select('job_id').where('basket_id', '=', basketId).where('done_at', 'is', null).execute()).toEqual([]);
  });

  it('queues the corrected ticket of an order whose payment fell back to cash on the printers of kitchen tickets only, while it is in progress', async () => {
    const basketId = await acceptedOrder();
    const corrected = (transaction: Parameters<typeof queueCorrectedTickets>[0], id: string) => queueCorrectedTickets(transaction, id, later(40));
    const waitingOf = (id: string) =>
      database.db.selectFrom('print_jobs').select(['printer_id', 'reason']).where('basket_id', '=', id).where('done_at', 'is', null).orderBy('job_id').execute();
    const kitchenId = printerIds[0]!;
    const [counterId] = printerIds.slice(1);

    // In the caller's transaction: rolled back with it, nothing is queued.
    await expect(
      database.db.transaction().execute(async (transaction) => {
        expect(await corrected(transaction, basketId)).toBe(1);
        throw new Error('the fall-back failed');
      }),
    ).rejects.toThrow('the fall-back failed');
    expect((await waitingOf(basketId)).filter((job) => job.reason === 'paymentChanged')).toEqual([]);

    expect(await database.db.transaction().execute((transaction) => corrected(transaction, basketId))).toBe(1);
    expect(await waitingOf(basketId)).toEqual([
      { printer_id: kitchenId, reason: 'accepted' },
      { printer_id: counterId, reason: 'accepted' },
      { printer_id: kitchenId, reason: 'paymentChanged' },
    ]);

    // Completed, or never accepted: no ticket is cooked from or handed over with any more.
    const completed = await acceptedOrder();
    for (const status of [KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.Completed]) {
      expect((await changeAcceptance(repositories, { basketId: completed }, (current) => setKitchenStatus(current, status, later(41)), later(41), 'kitchen:test')).outcome).toBe('changed');
    }
    expect(await database.db.transaction().execute((transaction) => corrected(transaction, completed))).toBe(0);
    expect(await database.db.transaction().execute((transaction) => corrected(transaction, 'no-such-basket'))).toBe(0);
  });
});
