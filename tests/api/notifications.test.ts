import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFcmToken, type FcmFakeControl } from '../../src/server/local/fcm/fcmFake';
import type { LoopbackSmtpControl } from '../../src/server/local/mail/loopbackSmtp';
import { startOrderingServer, type OrderingServer } from './orderingServer';

// The customer is told about each change of their order (docs/notifications.md), through the real server with its
// loopback FCM fake and SMTP server: each moment reaches each device and inbox once, a failed send is retried without
// touching the request that caused it, a token FCM calls unregistered is dropped, and the customer may stop the pushes (the emails go on).

describe('notifications of an order', () => {
  let ordering: OrderingServer;
  let fcm: FcmFakeControl;
  let smtp: LoopbackSmtpControl;
  let staffToken: string;

  beforeAll(async () => {
    ordering = await startOrderingServer();
    fcm = ordering.server.fcmFakeControl!;
    smtp = ordering.server.mailLoopback!.control;
    staffToken = await ordering.staffToken();
  }, 60_000);
  afterAll(() => ordering?.close());

  const setToken = (orderBuilderId: string, deviceToken: string) => ordering.post('/Device/setToken', { orderBuilderId, deviceToken });
  const kitchen = (orderRef: string, action: string, body: unknown = {}) => ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, staffToken);
  const tokensOf = (basketId: string) =>
    new SqliteDatabase(ordering.sqliteFile, { readonly: true }).prepare('select device_token from device_tokens where basket_id = ?').all(basketId);
  const pushesTo = (token: string) => fcm.messages().filter((message) => message.token === token);
  const mailsTo = (address: string) => smtp.messages().filter((mail) => mail.to.includes(address));

  /** Lets the server's clock pass `seconds` and sends whatever is due by then. */
  async function afterSeconds(seconds: number): Promise<void> {
    ordering.now = new Date(ordering.now.getTime() + seconds * 1000);
    await ordering.server.sendNotifications();
  }

  it('stores a device token for a real basket once however often it is sent, and refuses an unknown basket or an order reference', async () => {
    const { basketId, orderRef } = await ordering.confirmedOrder();
    const token = sampleFcmToken();
    expect(await setToken(basketId, token)).toEqual({ status: 200, body: { data: { registered: true } } });
    expect(await setToken(basketId, token)).toEqual({ status: 200, body: { data: { registered: true } } });
    expect(tokensOf(basketId)).toEqual([{ device_token: token }]);

    const guessed = await setToken('AAAAAAAAAAAAAAAAAAAAAA', token);
    expect(guessed).toEqual({ status: 400, body: { errorMessage: 'We cannot find this order', validationErrors: [] } });
    // The reference travels in shared tracking links; it is not the basket's secret.
    expect((await setToken(orderRef, sampleFcmToken())).status).toBe(400);
    expect((await setToken(basketId, '')).status).toBe(400);
  });

  it("sends each change once to each of the order's devices and the receipt and status emails once, whatever is repeated", async () => {
    const email = 'notify-once@example.com';
    const { basketId, orderRef, orderNumber } = await ordering.confirmedOrder({ email });
    const phone = sampleFcmToken();
    const tablet = sampleFcmToken();
    await setToken(basketId, phone);
    await setToken(basketId, tablet);
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    expect((await ordering.post('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    for (const kitchenStatus of [1, 2, 6]) expect((await kitchen(orderRef, 'status', { kitchenStatus })).status).toBe(200);
    await afterSeconds(1);
    await afterSeconds(120);

    for (const token of [phone, tablet]) {
      expect(pushesTo(token).map((message) => message.notification?.title)).toEqual([
        'Order sent',
        'Order accepted',
        'Cooking now',
        'Ready to collect',
        'Enjoy your meal',
      ]);
      for (const message of pushesTo(token)) {
        // Named by the day's number, never by the long reference, which only the tap's path carries.
        expect(message.notification?.body).toMatch(new RegExp(`\\border ${orderNumber}\\b`, 'i'));
        expect(message.notification?.body).not.toContain(orderRef);
        expect(message.data).toEqual({ path: `/track?orderId=${orderRef}` });
        expect(message.android).toMatchObject({ priority: 'HIGH', notification: { channel_id: 'order-updates', tag: `order-${orderRef}` } });
      }
    }
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/order/i), expect.stringMatching(/accepted/i)]);
    const [receipt] = mailsTo(email);
    expect(receipt!.text).toContain(orderRef);
    expect(receipt!.text).toContain('£13.90');
  });

  it("retries a send that failed without failing the kitchen's request, and loses none during an FCM or SMTP outage", async () => {
    const email = 'outage@example.com';
    const { basketId, orderRef } = await ordering.requestedOrder({ email });
    const token = sampleFcmToken();
    await setToken(basketId, token);
    await afterSeconds(1);
    expect(mailsTo(email)).toHaveLength(1);

    fcm.setOutage(true);
    smtp.setOutage(true);
    try {
      expect((await kitchen(orderRef, 'accept')).status).toBe(200);
      await afterSeconds(1);
      await afterSeconds(5);
      expect(pushesTo(token)).toEqual([]);
      expect(mailsTo(email)).toHaveLength(1);
    } finally {
      fcm.setOutage(false);
      smtp.setOutage(false);
    }
    await afterSeconds(60);
    expect(pushesTo(token).map((message) => message.notification?.title)).toEqual(['Order accepted']);
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/order/i), expect.stringMatching(/accepted/i)]);
    await afterSeconds(600);
    expect(pushesTo(token)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('drops a token FCM reports unregistered, and sends nothing more to it', async () => {
    const { basketId, orderRef } = await ordering.requestedOrder();
    const kept = sampleFcmToken();
    const removed = sampleFcmToken();
    await setToken(basketId, kept);
    await setToken(basketId, removed);
    fcm.unregister(removed);
    expect((await kitchen(orderRef, 'accept')).status).toBe(200);
    await afterSeconds(1);
    expect(tokensOf(basketId)).toEqual([{ device_token: kept }]);
    expect((await kitchen(orderRef, 'status', { kitchenStatus: 1 })).status).toBe(200);
    await afterSeconds(1);
    expect(pushesTo(kept).map((message) => message.notification?.title)).toEqual(['Order accepted', 'Cooking now']);
    expect(pushesTo(removed)).toEqual([]);
  });

  it("stops the pushes still to come once the customer asks, keeps the emails, and refuses an unknown basket", async () => {
    const email = 'stop@example.com';
    const { basketId, orderRef } = await ordering.requestedOrder({ email });
    const token = sampleFcmToken();
    await setToken(basketId, token);
    await afterSeconds(1);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await ordering.post(`/orderbuilder/stopNotifications/${basketId}`)).toEqual({ status: 200, body: { data: { notificationsStopped: true } } });
    expect(await ordering.post(`/orderbuilder/stopNotifications/${basketId}`)).toEqual({ status: 200, body: { data: { notificationsStopped: true } } });
    expect((await ordering.post('/orderbuilder/stopNotifications/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(400);
    // The email asking the customer to accept a new time still comes: until they answer, the order is not cooked.
    const updateTime = new Date(ordering.now.getTime() + 90 * 60_000).toISOString();
    expect((await kitchen(orderRef, 'proposeTime', { updateTime })).status).toBe(200);
    await afterSeconds(1);
    expect(pushesTo(token)).toEqual([]);
    expect(mailsTo(email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/received/), expect.stringMatching(/please accept a new time/)]);

    // And so does a refusal's, which says what became of the money.
    const refusedEmail = 'stop-refused@example.com';
    const refused = await ordering.requestedOrder({ email: refusedEmail });
    const refusedToken = sampleFcmToken();
    await setToken(refused.basketId, refusedToken);
    expect((await ordering.post(`/orderbuilder/stopNotifications/${refused.basketId}`)).status).toBe(200);
    expect((await kitchen(refused.orderRef, 'refuse', { reason: 'We have run out of duck' })).status).toBe(200);
    await afterSeconds(1);
    expect(pushesTo(refusedToken)).toEqual([]);
    expect(mailsTo(refusedEmail).map((mail) => mail.subject)).toEqual([expect.stringMatching(/received/), expect.stringMatching(/could not accept/)]);
  });

  it('stores a browser subscription with the order, renewing its keys when it is sent again', async () => {
    const { basketId } = await ordering.confirmedOrder();
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:APA91b-xyz', keys: { p256dh: 'BPublicKey', auth: 'secret' } };
    const register = (keys: typeof subscription.keys) => ordering.post('/Device/setWebPushSubscription', { orderBuilderId: basketId, subscription: { ...subscription, keys } });
    expect(await register(subscription.keys)).toEqual({ status: 200, body: { data: { registered: true } } });
    expect((await register({ p256dh: 'BRenewedKey', auth: 'secret2' })).status).toBe(200);
    const rows = new SqliteDatabase(ordering.sqliteFile, { readonly: true })
      .prepare('select endpoint, p256dh, auth from web_push_subscriptions where basket_id = ?')
      .all(basketId);
    expect(rows).toEqual([{ endpoint: subscription.endpoint, p256dh: 'BRenewedKey', auth: 'secret2' }]);
    expect((await ordering.post('/Device/setWebPushSubscription', { orderBuilderId: 'AAAAAAAAAAAAAAAAAAAAAA', subscription })).status).toBe(400);
    expect((await ordering.post('/Device/setWebPushSubscription', { orderBuilderId: basketId, subscription: { ...subscription, endpoint: 'file:///etc/passwd' } })).status).toBe(400);
  });

  it("refuses a subscription whose endpoint is not a browser's push service: the server sends to no address a caller names", async () => {
    const { basketId } = await ordering.confirmedOrder();
    const keys = { p256dh: 'BPublicKey', auth: 'secret' };
    for (const endpoint of [
      'https://127.0.0.1:8080/api/kitchen/orders',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/internal',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
    ]) {
      const refused = await ordering.post('/Device/setWebPushSubscription', { orderBuilderId: basketId, subscription: { endpoint, keys } });
      expect(refused, endpoint).toEqual({
        status: 400,
        body: { errorMessage: null, validationErrors: [{ field: 'subscription.endpoint', message: "is not a browser's push service" }] },
      });
    }
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGq3',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect((await ordering.post('/Device/setWebPushSubscription', { orderBuilderId: basketId, subscription: { endpoint, keys } })).status, endpoint).toBe(200);
    }
    const rows = new SqliteDatabase(ordering.sqliteFile, { readonly: true }).prepare('select endpoint from web_push_subscriptions where basket_id = ?').all(basketId);
    expect(rows).toHaveLength(3);
  });
});
