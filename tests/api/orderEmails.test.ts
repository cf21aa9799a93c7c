import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPounds } from '../../src/domain/money';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { createRepositories, type Repositories } from '../../src/server/db/repositories';
import { createNotificationOutbox } from '../../src/server/db/notificationRepository';
import { createPushComposer } from '../../src/server/notifications/pushComposer';
import { createMailComposer } from '../../src/server/notifications/mail/mailComposer';
import { startLoopbackSmtp, type LoopbackSmtp, type ReceivedMail } from '../../src/server/local/mail/loopbackSmtp';
import { setUpLocalMail } from '../../src/server/local/standIns';
import type { EmailedMoment } from '../../src/server/notifications/moments';
import { createSmtpMailSender } from '../../src/server/notifications/mail/smtpMailSender';
import type { MomentDetail } from '../../src/server/domain/orderMoments';
import type { MailSender } from '../../src/server/notifications/senders';
import { identification, leedsAddress, readyOrderUpdate, startOrderingServer, type OrderingServer } from './orderingServer';
import { paidOrder } from './payPalSupport';

// Orders placed through the API, their emails written from the database and sent over SMTP to the loopback server:
// the receipt says what the customer's order view says, and an SMTP outage fails the send without losing the email.

const siteUrl = 'https://www.golden-dragon.example';

let ordering: OrderingServer;
let staffToken: string;
let mailDataDir: string;
let loopback: LoopbackSmtp;
let sender: MailSender;
let database: AppDatabase;
let repositories: Repositories;
let composeMail: ReturnType<typeof createMailComposer>;

beforeAll(async () => {
  ordering = await startOrderingServer();
  staffToken = await ordering.staffToken();
  mailDataDir = mkdtempSync(join(tmpdir(), 'order-emails-'));
  loopback = await startLoopbackSmtp({ dataDir: mailDataDir });
  sender = createSmtpMailSender({ url: loopback.url, from: 'Golden Dragon <orders@golden-dragon.example>' });
  database = await openDatabase({ sqliteFile: ordering.sqliteFile });
  repositories = createRepositories(database.db);
  composeMail = createMailComposer(repositories, siteUrl);
});

afterAll(async () => {
  await database?.close();
  await loopback?.close();
  await ordering?.close();
  if (mailDataDir !== undefined) rmSync(mailDataDir, { recursive: true, force: true });
});

const kitchen = (orderRef: string, action: string, body: unknown = {}) => ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, staffToken);

/** The order view and lines that the browser which placed the order gets (its basket id shows the customer's details). */
async function orderDetails(orderRef: string, basketId: string) {
  const response = await fetch(`${ordering.server.url}/api/order/OrderDetails/${orderRef}`, {
    headers: { ...identification, 'x-basket-id': basketId },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { orderDetails: any; orderItems: any[] } }).data;
}

let deliveryIds = 0;
/** Writes the moment's email as the outbox worker does for a delivery, sends it, and answers what the server received. */
async function sendEmail(basketId: string, moment: EmailedMoment, detail: MomentDetail = {}): Promise<ReceivedMail> {
  deliveryIds += 1;
  const recipient = (await repositories.orders.findBasket(basketId))!.email;
  const delivery = { id: deliveryIds, basketId, moment, detail, channel: 'email' as const, recipient, attempts: 0, createdAt: ordering.now.toISOString() };
  const mail = await composeMail(delivery);
  expect(mail.messageId).toBe(`<order-notification-${deliveryIds}@www.golden-dragon.example>`);
  await sender.send(mail);
  const received = loopback.control.messages().filter((message) => message.messageId === mail.messageId);
  expect(received).toHaveLength(1);
  return received[0];
}

describe("the receipt, against the customer's order view", () => {
  it('a guest’s delivery paid in cash at a chosen time: lines, options, requests, charges, total, payment, time and address', async () => {
    const { basketId, orderRef, orderNumber } = await ordering.requestedOrder({
      orderType: 2,
      deliveryAddress: { ...leedsAddress, address2: 'Flat 2' },
      asapFlag: false,
      requestedTime: '2026-11-24T19:30:00Z',
      notes: 'Side door, please',
      orderItems: [
        { categoryId: 1, itemId: 109, quantity: 1, title: 'as remembered', itemCost: 0, lineCost: 0 },
        { categoryId: 7, itemId: 701, configId: 7012, quantity: 2, title: 'as remembered', itemCost: 0, lineCost: 0, specialRequest: 'Extra hoisin' },
      ],
    });
    const { orderDetails: view, orderItems } = await orderDetails(orderRef, basketId);
    const mail = await sendEmail(basketId, 'placed');

    expect(mail.to).toEqual(['ada@example.com']);
    // The order is named by its short number, in the subject and beside the receipt; its long reference only in the link.
    expect(orderNumber).toBeGreaterThan(0);
    expect(view.orderNumber).toBe(orderNumber);
    expect(mail.subject).toBe(`Golden Dragon: we have received your order ${orderNumber}`);
    expect(mail.text).toContain(`Thank you for your order: Order ${orderNumber}`);
    expect(mail.html).toContain(`Order ${orderNumber}`);
    expect(mail.text.replaceAll(`/track?orderId=${orderRef}`, '')).not.toContain(orderRef);
    for (const item of orderItems) {
      const description = item.configOption ? `${item.title} (${item.configOption})` : item.title;
      expect(mail.text).toContain(`${item.quantity} × ${description}  ${formatPounds(item.lineCost)}`);
      expect(mail.html).toContain(description);
    }
    expect(orderItems.map((item) => item.specialRequest)).toContain('Extra hoisin');
    expect(mail.text).toContain('    Request: Extra hoisin');
    const itemsCost = orderItems.reduce((total, item) => total + Math.round(item.lineCost * 100), 0) / 100;
    expect(mail.text).toMatch(new RegExp(`Items +${formatPounds(itemsCost)}\\n`));
    expect(mail.text).toMatch(new RegExp(`Bag charge +${formatPounds(view.bagCharge)}\\n`));
    expect(mail.text).toMatch(new RegExp(`Delivery charge +${formatPounds(view.deliveryCharge)}\\n`));
    expect(mail.text).toMatch(new RegExp(`Total +${formatPounds(view.amount)}\\n`));
    expect(view.bagCharge).toBeGreaterThan(0);
    expect(view.deliveryCharge).toBeGreaterThan(0);
    expect(mail.text).not.toContain('Discount');
    expect(mail.text).toContain(`Order number: ${orderNumber}`);
    expect(mail.text).toContain('Delivery time: Tuesday 24 November 2026 at 19:30');
    expect(mail.text).toContain(`Delivery address: 3 Cardigan Road, Flat 2, Leeds, ${view.deliveryAddress.postcode}`);
    expect(mail.text).toContain('Payment: Cash, to pay the driver on delivery');
    expect(mail.text).toContain(`Your notes: ${view.notes}`);
    expect(mail.text).toContain(`Follow your order: ${siteUrl}/track?orderId=${orderRef}`);
    expect(mail.text).toContain('Questions about your order? Call us on 0113 496 0123.');
  });

  it('a customer’s collection with a profile discount, as soon as possible', async () => {
    const customer = await ordering.newCustomer();
    await ordering.createAccount(customer);
    ordering.execute('update accounts set discount_percent = 10, change_tag = lower(hex(randomblob(9))) where auth_sub = ?', customer.sub);
    const basketId = await ordering.newBasket();
    expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, { email: customer.email }), customer.idToken)).status).toBe(200);
    const confirmed = await ordering.post('/orderbuilder/confirmAuth', { basketId }, customer.idToken);
    expect(confirmed.status).toBe(200);
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    const orderRef: string = confirmed.body.data.orderRef;
    const { orderDetails: view } = await orderDetails(orderRef, basketId);

    const mail = await sendEmail(basketId, 'placed');
    expect(mail.to).toEqual([customer.email]);
    expect(view.discount).toBeGreaterThan(0);
    expect(mail.text).toMatch(new RegExp(`Discount +−${formatPounds(view.discount)}\\n`));
    expect(mail.text).toMatch(new RegExp(`Total +${formatPounds(view.amount)}\\n`));
    expect(mail.text).not.toContain('Delivery');
    expect(mail.text).toContain('Collection time: As soon as possible');
    expect(mail.text).toContain('Payment: Cash, to pay when you collect');
  });

  it('an order paid online says its money is held', async () => {
    const { basketId } = await paidOrder(ordering);
    expect((await sendEmail(basketId, 'placed')).text).toContain('Payment: Paid online. The money is held now and taken only once we accept your order.');
  });
});

describe("a phone order's receipt", () => {
  it('says a card-on-collection order is paid by card when collected, not in cash (docs/phone-orders.md)', async () => {
    const placed = await ordering.post(
      '/kitchen/phoneOrders',
      {
        orderType: 1,
        orderItems: [{ categoryId: 1, itemId: 109, quantity: 1 }],
        name: 'Card Caller',
        phone: '0113 496 0111',
        email: 'card.caller@example.com',
        paymentMethod: 'cardOnCollection',
        asapFlag: true,
      },
      staffToken,
    );
    expect(placed.status).toBe(200);
    const { basket_id: basketId } = await database.db.selectFrom('baskets').select('basket_id').where('order_ref', '=', placed.body.data.ticket.orderRef).executeTakeFirstOrThrow();
    const mail = await sendEmail(basketId, 'placed');
    expect(mail.text).toContain('Card, to pay when you collect');
    expect(mail.text).not.toContain('Cash, to pay');
  });
});

describe('the status emails', () => {
  it('accepted gives the agreed time; a new time proposed asks to accept it or cancel', async () => {
    const accepted = await ordering.requestedOrder();
    expect((await kitchen(accepted.orderRef, 'accept')).status).toBe(200);
    const { orderRequest } = (await ordering.call(`/orderbuilder/acceptanceDetails/${accepted.basketId}`)).body.data;
    const acceptedMail = await sendEmail(accepted.basketId, 'accepted', { time: orderRequest.updateTime });
    // Collection ASAP at 18:00 plus the 20-minute lead.
    expect(acceptedMail.text).toContain('It will be ready to collect on Tuesday 24 November 2026 at 18:20.');

    const proposed = await ordering.requestedOrder();
    expect((await kitchen(proposed.orderRef, 'proposeTime', { updateTime: '2026-11-24T19:00:00Z' })).status).toBe(200);
    const proposedMail = await sendEmail(proposed.basketId, 'timeProposed', { time: '2026-11-24T19:00:00.000Z' });
    expect(proposedMail.subject).toBe(`Golden Dragon: please accept a new time for your order ${proposed.orderNumber}, or cancel it`);
    expect(proposedMail.text).toContain('We can have it ready to collect on Tuesday 24 November 2026 at 19:00.');
    expect(proposedMail.text).toContain(`Accept the new time or cancel your order: ${siteUrl}/track?orderId=${proposed.orderRef}`);
  });

  it('refused gives the reason, and that money paid online is released', async () => {
    const { basketId, orderRef, orderNumber } = await paidOrder(ordering);
    expect((await kitchen(orderRef, 'refuse', { reason: 'We are closing early tonight' })).status).toBe(200);
    const mail = await sendEmail(basketId, 'refused', { reason: 'We are closing early tonight' });
    expect(mail.subject).toBe(`Golden Dragon: we could not accept your order ${orderNumber}`);
    expect(mail.text).toContain('The reason: We are closing early tonight');
    expect(mail.text).toContain('The money held for it has been released: you have not been charged.');
  });

  it('a refusal naming dishes names them in the email and the push', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder({
      orderItems: [
        { categoryId: 1, itemId: 105, quantity: 2, title: 'Salt & Pepper Chicken Wings', itemCost: 0, lineCost: 0 },
        { categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0 },
      ],
    });
    expect((await kitchen(orderRef, 'refuse', { reason: 'Item unavailable', unavailableLines: [0] })).status).toBe(200);
    const mail = await sendEmail(basketId, 'refused', { reason: 'Item unavailable' });
    expect(mail.text).toContain('Sorry, Salt & Pepper Chicken Wings is unavailable.');
    expect(mail.text).not.toContain('Mixed Starter for Two is unavailable');

    const composePush = createPushComposer(repositories, createNotificationOutbox(database.db), () => ordering.now);
    const delivery = { id: 0, basketId, moment: 'refused' as const, detail: { reason: 'Item unavailable' }, channel: 'webPush' as const, recipient: 'https://push.example/x', attempts: 0, createdAt: ordering.now.toISOString() };
    expect(await composePush(delivery)).toMatchObject({ title: 'Order not accepted', body: expect.stringMatching(/^Order \d+: Sorry, Salt & Pepper Chicken Wings is unavailable$/) });
  });

  it('cancelled by the customer before acceptance, or by the kitchen after it', async () => {
    const byCustomer = await paidOrder(ordering);
    expect((await ordering.post(`/orderbuilder/cancel/${byCustomer.basketId}`)).status).toBe(200);
    expect((await sendEmail(byCustomer.basketId, 'cancelled')).text).toContain('you have not been charged');

    const byKitchen = await paidOrder(ordering);
    expect((await kitchen(byKitchen.orderRef, 'accept')).status).toBe(200);
    expect((await kitchen(byKitchen.orderRef, 'status', { kitchenStatus: 4 })).status).toBe(200);
    const mail = await sendEmail(byKitchen.basketId, 'cancelled');
    expect(mail.subject).toBe(`Golden Dragon: your order ${byKitchen.orderNumber} has been cancelled`);
    expect(mail.text).toContain('Your payment is being refunded to the card or PayPal account you paid with.');
  });
});

describe("the outbox worker's composer", () => {
  it('gives every try of a delivery the same Message-ID, and refuses what should never have been queued', async () => {
    const { basketId } = await ordering.requestedOrder();
    const delivery = { id: 4_242, basketId, moment: 'placed' as const, detail: {}, channel: 'email' as const, recipient: 'ada@example.com', attempts: 0, createdAt: ordering.now.toISOString() };
    const first = await composeMail(delivery);
    expect(await composeMail({ ...delivery, attempts: 3 })).toEqual(first);
    expect(first).toMatchObject({ to: 'ada@example.com', messageId: '<order-notification-4242@www.golden-dragon.example>' });
    await expect(composeMail({ ...delivery, moment: 'cooking' })).rejects.toThrow('The moment cooking has no email');
    await expect(composeMail({ ...delivery, basketId: 'AAAAAAAAAAAAAAAAAAAAAA' })).rejects.toThrow('is missing');
  });
});

describe('the SMTP sender and the loopback server', () => {
  it('delivers with the given Message-ID, kept as an .eml file', async () => {
    const messageId = '<receipt.file-check@golden-dragon.example>';
    await sender.send({ to: 'ada@example.com', subject: 'Golden Dragon: a test', text: 'Plain', html: '<p>Rich</p>', messageId });
    const [mail] = loopback.control.messages().filter((received) => received.messageId === messageId);
    expect(mail).toMatchObject({ to: ['ada@example.com'], subject: 'Golden Dragon: a test', text: 'Plain', html: '<p>Rich</p>' });
    expect(mail.file.startsWith(join(mailDataDir, 'mail'))).toBe(true);
    expect(existsSync(mail.file)).toBe(true);
    const eml = readFileSync(mail.file, 'utf8');
    expect(eml).toContain(`Message-ID: ${messageId}`);
    expect(eml).toContain('From: Golden Dragon <orders@golden-dragon.example>');
    expect(eml).toContain('Auto-Submitted: auto-generated');
  });

  it('throws during an outage and receives nothing; the same email is delivered once the server is back', async () => {
    const { basketId, orderNumber } = await ordering.requestedOrder();
    const mail = await composeMail({ id: 9_999, basketId, moment: 'placed', detail: {}, channel: 'email', recipient: 'ada@example.com', attempts: 0, createdAt: ordering.now.toISOString() });
    const before = loopback.control.messages().length;

    loopback.control.setOutage(true);
    try {
      await expect(sender.send(mail)).rejects.toThrow(/421/);
      await expect(sender.send(mail)).rejects.toThrow(/421/);
      expect(loopback.control.messages()).toHaveLength(before);
    } finally {
      loopback.control.setOutage(false);
    }

    await sender.send(mail);
    const received = loopback.control.messages().filter((message) => message.messageId === mail.messageId);
    expect(received).toHaveLength(1);
    expect(received[0].subject).toBe(`Golden Dragon: we have received your order ${orderNumber}`);
  });
});

describe('setting up mail', () => {
  it("local mode starts a loopback server that keeps the mail in the data directory's mail folder", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mail-setup-'));
    const mail = await setUpLocalMail({ mode: 'local', loopbackPort: 0, from: 'Golden Dragon <orders@golden-dragon.example>' }, dataDir);
    try {
      await mail.sender.send({ to: 'ada@example.com', subject: 'Local', text: 'Kept', html: '<p>Kept</p>', messageId: '<local@golden-dragon.example>' });
      const [received] = mail.loopback!.control.messages();
      expect(received).toMatchObject({ to: ['ada@example.com'], subject: 'Local', messageId: '<local@golden-dragon.example>' });
      expect(mail.loopback!.mailDir).toBe(join(dataDir, 'mail'));
      expect(readFileSync(received.file, 'utf8')).toContain('Subject: Local');
    } finally {
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('smtp mode sends to the SMTP_URL given, such as a loopback server that several server processes share', async () => {
    const smtp = createSmtpMailSender({ url: loopback.url, from: 'Golden Dragon <orders@golden-dragon.example>' });
    await smtp.send({ to: 'ada@example.com', subject: 'Shared', text: 'Shared', html: '<p>Shared</p>', messageId: '<shared@golden-dragon.example>' });
    expect(loopback.control.messages().filter((received) => received.messageId === '<shared@golden-dragon.example>')).toHaveLength(1);
  });
});
