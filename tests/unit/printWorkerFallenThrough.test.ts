import { describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema.gen';
import type { DuePrintJob, PrintOutbox } from '../../src/server/db/printRepository';
import { startLoopbackPrinter } from '../../src/server/local/printer/loopbackPrinter';
import { createPrintWorker } from '../../src/server/printing/printWorker';
import { AcceptanceStatus, KitchenStatus } from '../../src/domain/orderEnums';

type KitchenTicket = components['schemas']['KitchenTicket'];

// docs/printing.md: a job claimed for an order that is cancelled before it prints is dropped, not printed; the
// cancel itself drops the jobs still waiting (tests/api/printing.test.ts).
describe('the print worker and an order that fell through after its job was claimed', () => {
  it.each([
    ['cancelled by the customer', { cancelled: true }],
    ['cancelled by the kitchen', { kitchenStatus: KitchenStatus.Cancelled }],
    ['refunded', { kitchenStatus: KitchenStatus.Refunded }],
  ])('drops the job of an order %s and sends the printer nothing', async (_case, change) => {
    const printer = await startLoopbackPrinter();
    try {
      const job: DuePrintJob = {
        jobId: 1,
        basketId: 'basket',
        reason: 'accepted',
        attempts: 0,
        createdAt: '2026-11-24T18:00:00.000Z',
        printer: { printerId: 1, name: 'Kitchen', host: '127.0.0.1', port: printer.port, paperWidth: 80, prints: 'kitchen', copies: 1 },
      };
      const calls: string[] = [];
      let claimed = false;
      const outbox: PrintOutbox = {
        claimDue: async () => (claimed ? [] : ((claimed = true), [job])),
        complete: async () => void calls.push('complete'),
        drop: async () => void calls.push('drop'),
        recordFailure: async () => void calls.push('recordFailure'),
      };
      const ticket = {
        acceptanceStatus: AcceptanceStatus.Accepted,
        cancelled: false,
        kitchenStatus: KitchenStatus.Ordered,
        ...change,
      } as unknown as KitchenTicket;
      const worker = createPrintWorker({
        outbox,
        ticketOf: async () => ticket,
        context: async () => ({ restaurantName: 'Golden Dragon', now: new Date('2026-11-24T18:00:00Z') }),
        now: () => new Date('2026-11-24T18:00:00Z'),
        logError: (error) => {
          throw error;
        },
      });
      worker.start();
      await worker.kick();
      await worker.stop();
      expect(calls).toEqual(['drop']);
      expect(printer.control.printed()).toEqual([]);
    } finally {
      await printer.close();
    }
  });
});
