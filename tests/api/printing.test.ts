import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { startLoopbackPrinter, type LoopbackPrinter, type PrintedTicket } from '../../src/server/local/printer/loopbackPrinter';
import { databaseTargets, type EmptyDatabase } from '../data/databaseTargets';
import { freePort } from './freePort';
import { leedsAddress, startOrderingServer, type OrderingServer, type PlacedOrder } from './orderingServer';

// docs/printing.md: accepting an order writes a print job per printer in the same transaction; the print worker sends
// each one through node-thermal-printer to the printer, here the loopback printer, whose ESC/POS decoder reads it back.

const deliveryOrder = {
  orderType: 2,
  deliveryAddress: leedsAddress,
  notes: 'Ring the bell twice',
  orderItems: [
    { categoryId: 1, itemId: 101, configId: 1012, quantity: 2, title: 'x', itemCost: 0, lineCost: 0, specialRequest: 'extra crispy' },
    { categoryId: 1, itemId: 109, quantity: 1, title: 'x', itemCost: 0, lineCost: 0, specialRequest: 'no peanuts, nut allergy' },
  ],
};

describe.each(databaseTargets)('ticket printing on $name', (target) => {
  let ordering: OrderingServer;
  let empty: EmptyDatabase | undefined;
  let database: AppDatabase;
  let owner: string;
  let staff: string;
  let loopback: LoopbackPrinter;

  const printer = (port: number, changes: Record<string, unknown> = {}) => ({ name: 'Kitchen', host: '127.0.0.1', port, paperWidth: 80, prints: 'kitchen', copies: 1, ...changes });

  async function setPrinters(printers: unknown[]) {
    const current = await ordering.call('/manage/printers', { token: owner });
    expect(current.status).toBe(200);
    const saved = await ordering.call('/manage/printers', { method: 'PUT', body: { revision: current.body.data.revision, printers }, token: owner });
    expect(saved.status).toBe(200);
    return saved.body.data.printers as Array<{ printerId: number; name: string }>;
  }

  async function acceptedOrder(changes: Record<string, unknown> = {}): Promise<PlacedOrder> {
    const order = await ordering.requestedOrder(changes);
    expect((await ordering.post(`/kitchen/orders/${order.orderRef}/accept`, {}, staff)).status).toBe(200);
    return order;
  }

  const jobsOf = (basketId: string) => database.db.selectFrom('print_jobs').selectAll().where('basket_id', '=', basketId).orderBy('job_id').execute();
  const ticketsOf = (order: PlacedOrder, printed: PrintedTicket[]) => printed.filter((ticket) => ticket.text.startsWith(`ORDER ${order.orderNumber}\n`) || ticket.text.includes(`\nORDER ${order.orderNumber}\n`));

  beforeAll(async () => {
    empty = target.name === 'postgres' ? await target.createEmpty() : undefined;
    ordering = await startOrderingServer(empty === undefined ? {} : { databaseUrl: empty.location.databaseUrl });
    database = await openDatabase(empty?.location ?? { sqliteFile: ordering.sqliteFile });
    owner = await ordering.ownerToken();
    staff = await ordering.staffToken();
    loopback = ordering.server.loopbackPrinter!;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await ordering?.close();
    await empty?.drop();
  });

  it('writes one print job per printer in service when an order is accepted, and none before or on a refusal', async () => {
    const deadPort = await freePort();
    const [kitchen, counter] = await setPrinters([printer(loopback.port), printer(deadPort, { name: 'Counter', prints: 'receipt' }), printer(deadPort + 1, { name: 'Old' })]);
    // Removed: prints nothing more.
    await setPrinters([{ ...printer(loopback.port), printerId: kitchen.printerId }, { ...printer(deadPort, { name: 'Counter', prints: 'receipt' }), printerId: counter.printerId }]);

    const waiting = await ordering.requestedOrder();
    expect(await jobsOf(waiting.basketId)).toEqual([]);
    const refused = await ordering.requestedOrder();
    expect((await ordering.post(`/kitchen/orders/${refused.orderRef}/refuse`, { reason: 'Closing early' }, staff)).status).toBe(200);
    expect(await jobsOf(refused.basketId)).toEqual([]);

    const accepted = await acceptedOrder();
    // Accepting again changes nothing and writes nothing more.
    expect((await ordering.post(`/kitchen/orders/${accepted.orderRef}/accept`, {}, staff)).status).toBe(200);
    const jobs = await jobsOf(accepted.basketId);
    expect(jobs.map((job) => job.printer_id).sort()).toEqual([kitchen.printerId, counter.printerId].sort());
    expect(jobs.every((job) => job.reason === 'accepted')).toBe(true);
  });

  it('prints a phone order by itself, as it prints an online order the kitchen accepts (docs/phone-orders.md)', async () => {
    await setPrinters([printer(loopback.port)]);
    const phoneOrder = {
      orderType: 1,
      orderItems: [
        { categoryId: 1, itemId: 101, configId: 1012, quantity: 1 },
        { categoryId: 1, itemId: 109, quantity: 2, specialRequest: 'No sesame' },
      ],
      name: 'Grace Hopper',
      phone: '0113 496 0111',
      paymentMethod: 'cash',
      asapFlag: true,
    };
    const placed = await ordering.post('/kitchen/phoneOrders', phoneOrder, staff);
    expect(placed.status).toBe(200);
    const { orderRef, orderNumber } = placed.body.data.ticket;
    const basket = await database.db.selectFrom('baskets').select('basket_id').where('order_ref', '=', orderRef).executeTakeFirstOrThrow();
    expect((await jobsOf(basket.basket_id)).map((job) => job.reason)).toEqual(['accepted']);
    await ordering.server.printTickets();
    const order = { orderNumber } as PlacedOrder;
    await waitFor(() => ticketsOf(order, loopback.control.printed()).length > 0);
    const { text } = ticketsOf(order, loopback.control.printed())[0];
    for (const expected of ['Prawn Crackers', 'Option: Large bag', 'Mixed Starter for Two', 'Request: No sesame', 'Customer: Grace Hopper', 'CASH TO COLLECT £']) {
      expect(text).toContain(expected);
    }
  });

  it('prints a phone order paid by card on collection as money to take, and a £ that stays a £ on every copy and the receipt', async () => {
    await setPrinters([printer(loopback.port, { prints: 'both', copies: 2 })]);
    const placed = await ordering.post(
      '/kitchen/phoneOrders',
      {
        orderType: 1,
        orderItems: [{ categoryId: 1, itemId: 109, quantity: 1 }],
        name: 'Card Payer',
        phone: '0113 496 0112',
        paymentMethod: 'cardOnCollection',
        asapFlag: true,
        // A curly apostrophe and a dash, which code page 858 lacks: the library changes code page for them.
        notes: 'Don’t ring — text instead',
      },
      staff,
    );
    expect(placed.status).toBe(200);
    const { orderNumber, totalCost } = placed.body.data.ticket;
    const order = { orderNumber } as PlacedOrder;
    await ordering.server.printTickets();
    // Two kitchen tickets ("ORDER 47") and two receipts ("Order 47").
    const ofThisOrder = () => loopback.control.printed().filter((printed) => ticketsOf(order, [printed]).length > 0 || printed.text.includes(`\nOrder ${orderNumber}\n`));
    await waitFor(() => ofThisOrder().length >= 4);
    const documents = ofThisOrder();
    const total = `£${totalCost.toFixed(2)}`;
    for (const { text } of documents) {
      expect(text).toContain(total);
      expect(text).not.toContain('PAID ONLINE');
      expect(text).not.toMatch(/[úù]\d/);
    }
    expect(documents.filter(({ text }) => text.includes(`CARD PAYMENT TO TAKE ${total}`)).length).toBeGreaterThanOrEqual(2);
  });

  it('prints a delivery ticket whose decoded text holds the number, each line with its option and request, the Chinese name and the address', async () => {
    await setPrinters([printer(loopback.port)]);
    const order = await acceptedOrder(deliveryOrder);
    await ordering.server.printTickets();
    await waitFor(() => ticketsOf(order, loopback.control.printed()).length > 0);
    const [ticket] = ticketsOf(order, loopback.control.printed());
    expect(ticket).toBeDefined();
    expect(ticket.unknownCommands).toEqual([]);
    const { text } = ticket;
    for (const expected of [
      '2 x 1. Prawn Crackers',
      '虾片',
      'Option: Large bag',
      'Request: extra crispy',
      '1 x 9. Mixed Starter for Two',
      '双人什锦拼盘',
      'Request: no peanuts, nut allergy',
      'ALLERGY: Peanuts, Tree nuts',
      'Notes: Ring the bell twice',
      'CASH TO COLLECT £',
      'Customer: Ada Lovelace',
      'Phone: 0113 496 0999',
      '3 Cardigan Road',
      'Leeds',
      'LS6 2AB',
    ]) {
      expect(text).toContain(expected);
    }
    // The Chinese name prints under its dish.
    expect(text.indexOf('双人什锦拼盘')).toBeGreaterThan(text.indexOf('Mixed Starter for Two'));
    // The number and the delivery's due time print large.
    const large = ticket.items.filter((item) => item.kind === 'text' && item.heightScale >= 2).map((item) => (item.kind === 'text' ? item.text : ''));
    expect(large).toContain(`ORDER ${order.orderNumber}`);
    expect(large.some((line) => line.startsWith('DELIVERY '))).toBe(true);
    const qr = ticket.items.find((item) => item.kind === 'qr');
    expect(qr?.kind === 'qr' && new URL(qr.data).searchParams.get('query')).toBe('3 Cardigan Road, Leeds, LS6 2AB');
  });

  it('leaves the job waiting while the printer refuses connections, and prints it once when it comes back', async () => {
    const port = await freePort();
    await setPrinters([printer(port, { name: 'Back office' })]);
    const order = await acceptedOrder();
    await ordering.server.printTickets();
    const [job] = await jobsOf(order.basketId);
    expect(job).toMatchObject({ done_at: null, attempts: 1 });
    expect(job.last_error).toMatch(/ECONNREFUSED/);
    const state = await ordering.call('/kitchen/printers', { token: staff });
    expect(state.body.data.printers).toEqual([
      expect.objectContaining({ name: 'Back office', state: 'offline', offlineSince: ordering.now.toISOString(), jobsWaiting: 1, oldestWaitingSince: ordering.now.toISOString() }),
    ]);

    const comeBack = await startLoopbackPrinter({ port });
    try {
      // Not due yet: the back-off holds it.
      await ordering.server.printTickets();
      expect(comeBack.control.printed()).toEqual([]);
      ordering.now = new Date(ordering.now.getTime() + 60_000);
      await ordering.server.printTickets();
      expect(ticketsOf(order, await comeBack.control.waitForPrinted(1))).toHaveLength(1);
      await ordering.server.printTickets();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(comeBack.control.printed()).toHaveLength(1);
      expect(await jobsOf(order.basketId)).toEqual([expect.objectContaining({ outcome: 'printed', attempts: 1 })]);
      const after = await ordering.call('/kitchen/printers', { token: staff });
      expect(after.body.data.printers).toEqual([expect.objectContaining({ state: 'ready', offlineSince: null, jobsWaiting: 0 })]);
    } finally {
      await comeBack.close();
    }
  });

  it('holds the job while the printer is out of paper, and prints it once the roll is changed', async () => {
    const paperless = await startLoopbackPrinter();
    try {
      await setPrinters([printer(paperless.port, { name: 'Counter', prints: 'both', copies: 2, paperWidth: 58 })]);
      paperless.control.setPaperOut(true);
      const order = await acceptedOrder();
      await ordering.server.printTickets();
      expect(await jobsOf(order.basketId)).toEqual([expect.objectContaining({ done_at: null, last_error: 'Out of paper' })]);
      paperless.control.setPaperOut(false);
      ordering.now = new Date(ordering.now.getTime() + 60_000);
      await ordering.server.printTickets();
      // Both documents, twice: kitchen ticket, receipt, kitchen ticket, receipt.
      const printed = await paperless.control.waitForPrinted(4);
      expect(printed).toHaveLength(4);
      expect(printed.filter((ticket) => ticket.text.startsWith('Golden Dragon'))).toHaveLength(2);
      expect(printed.every((ticket) => ticket.unknownCommands.length === 0)).toBe(true);
    } finally {
      await paperless.close();
    }
  });

  it('drops the waiting ticket of an order the kitchen cancels while the printer is out of paper, so it never prints', async () => {
    const paperless = await startLoopbackPrinter();
    try {
      await setPrinters([printer(paperless.port, { name: 'Kitchen' })]);
      paperless.control.setPaperOut(true);
      const order = await acceptedOrder();
      await ordering.server.printTickets();
      expect(await jobsOf(order.basketId)).toEqual([expect.objectContaining({ done_at: null, last_error: 'Out of paper' })]);
      expect((await ordering.post(`/kitchen/orders/${order.orderRef}/status`, { kitchenStatus: 4 }, staff)).status).toBe(200);
      expect(await jobsOf(order.basketId)).toEqual([expect.objectContaining({ done_at: ordering.now.toISOString(), outcome: 'dropped' })]);

      paperless.control.setPaperOut(false);
      ordering.now = new Date(ordering.now.getTime() + 60_000);
      await ordering.server.printTickets();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ticketsOf(order, paperless.control.printed())).toEqual([]);
      // Nor does Reprint bring it back.
      expect(await ordering.post(`/kitchen/orders/${order.orderRef}/reprint`, {}, staff)).toEqual({
        status: 400,
        body: expect.objectContaining({ errorMessage: expect.stringContaining('no longer in progress') }),
      });
      expect(await jobsOf(order.basketId)).toHaveLength(1);
    } finally {
      await paperless.close();
    }
  });

  it('refuses to reprint a completed order', async () => {
    await setPrinters([printer(loopback.port)]);
    const order = await acceptedOrder();
    for (const kitchenStatus of [1, 2, 6]) expect((await ordering.post(`/kitchen/orders/${order.orderRef}/status`, { kitchenStatus }, staff)).status).toBe(200);
    const jobs = (await jobsOf(order.basketId)).length;
    expect((await ordering.post(`/kitchen/orders/${order.orderRef}/reprint`, {}, staff)).status).toBe(400);
    expect(await jobsOf(order.basketId)).toHaveLength(jobs);
  });

  it('reprints an accepted order on every printer as a new job, and refuses to print one not accepted', async () => {
    await setPrinters([printer(loopback.port)]);
    const order = await acceptedOrder();
    await ordering.server.printTickets();
    await waitFor(() => ticketsOf(order, loopback.control.printed()).length === 1);
    const before = loopback.control.printed().length;
    const reprint = await ordering.post(`/kitchen/orders/${order.orderRef}/reprint`, {}, staff);
    expect(reprint).toEqual({ status: 200, body: { data: { jobs: 1 } } });
    await ordering.server.printTickets();
    const printed = await loopback.control.waitForPrinted(before + 1);
    expect(printed[0].text).toContain('*** REPRINT ***');
    expect(printed[0].text).toContain(`ORDER ${order.orderNumber}`);
    expect((await jobsOf(order.basketId)).map((job) => job.reason)).toEqual(['accepted', 'reprint']);

    const waiting = await ordering.requestedOrder();
    expect(await ordering.post(`/kitchen/orders/${waiting.orderRef}/reprint`, {}, staff)).toEqual({
      status: 400,
      body: expect.objectContaining({ errorMessage: 'Only an accepted order has a ticket to print' }),
    });
    expect((await ordering.post(`/kitchen/orders/${order.orderRef}/reprint`, {}, await ordering.customerToken())).status).toBe(403);
    expect((await ordering.post(`/kitchen/orders/${order.orderRef}/reprint`, {})).status).toBe(401);
  });

  it('lets only the owner set the printers, checks every field and saves nothing when one fails', async () => {
    const current = await ordering.call('/manage/printers', { token: owner });
    const bad = [
      printer(0),
      printer(9100, { host: 'http://printer', paperWidth: 70 }),
      printer(9101, { name: '', copies: 9, prints: 'menus' }),
    ];
    const refused = await ordering.call('/manage/printers', { method: 'PUT', body: { revision: current.body.data.revision, printers: bad }, token: owner });
    expect(refused.status).toBe(400);
    const fields = (refused.body.validationErrors as Array<{ field: string }>).map((failure) => failure.field);
    for (const field of ['printers[0].port', 'printers[1].host', 'printers[1].paperWidth', 'printers[2].name', 'printers[2].copies', 'printers[2].prints']) {
      expect(fields).toContain(field);
    }
    const twice = await ordering.call('/manage/printers', { method: 'PUT', body: { revision: current.body.data.revision, printers: [printer(9100), printer(9100, { name: 'Again' })] }, token: owner });
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual([{ field: 'printers[1].host', message: 'is the address of another printer in the list' }]);
    expect(await ordering.call('/manage/printers', { token: owner })).toEqual(current);

    const asStaff = await ordering.call('/manage/printers', { method: 'PUT', body: { revision: current.body.data.revision, printers: [] }, token: staff });
    expect(asStaff.status).toBe(403);
    expect((await ordering.call('/manage/printers', { token: staff })).status).toBe(403);
    expect((await ordering.call('/kitchen/printers', {})).status).toBe(401);

    await setPrinters([...current.body.data.printers, printer(9200, { name: 'Bar' })]);
    const audit = await ordering.call('/manage/audit?area=printers', { token: owner });
    expect(audit.body.data.entries[0]).toMatchObject({ area: 'printers', summary: 'Printer Bar added: 127.0.0.1:9200, 80 mm, kitchen tickets, 1 copy' });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
