import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrations } from '../../src/server/db/migrations/migrationList';
import { DEFAULT_REFERENCE_DATA_MAX_AGE_MS } from '../../src/server/db/repositories';
import { callIdentityService, DEMO_CUSTOMER_EMAIL, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD } from '../../src/server/local/identity/emulator';
import { sampleFcmToken, startFcmFake, type FcmFake } from '../../src/server/local/fcm/fcmFake';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../src/server/local/mail/loopbackSmtp';
import { databaseTargets, type EmptyDatabase } from '../data/databaseTargets';
import { readyOrderUpdate, type Answer } from './orderingServer';
import { killServerProcesses, startServerProcess, type ServerProcess } from './serverProcess';

// Two server processes, as `npm start` runs them behind one load balancer, on one PostgreSQL database, each with a data
// directory (and so an identity emulator) of its own. Requests alternate between them; what one does the other sees,
// and a duplicate lands once whichever process each copy reaches (README, "Running more than one server").
// The abuse limits stay on, as on a restaurant's servers: no call here comes near a budget (at most 13 confirmations of
// one basket, whose budget is 30).

const ACCEPTANCE_TIMEOUT_SECONDS = 3;
// How late a change made through one server may show on the other: the caches' window, and room for a busy machine.
const SHOWN_WITHIN_MS = DEFAULT_REFERENCE_DATA_MAX_AGE_MS + 1_000;

interface Twin {
  process: ServerProcess;
  staffToken: string;
  api(path: string, body?: unknown, token?: string): Promise<Answer>;
}

const postgres = databaseTargets.find((target) => target.name === 'postgres');

/** Where both processes send the customers' notifications: one FCM fake and one SMTP server, outside both. */
interface NotificationPeers {
  fcm: FcmFake;
  smtp: LoopbackSmtp;
}

async function startTwin(databaseUrl: string, dataDir: string, peers: NotificationPeers): Promise<Twin> {
  const server = await startServerProcess(dataDir, {
    DATABASE_URL: databaseUrl,
    FCM_FAKE_URL: peers.fcm.url,
    SMTP_URL: peers.smtp.url,
    MAIL_FROM: 'Golden Dragon <orders@golden-dragon.example>',
    ACCEPTANCE_TIMEOUT_SECONDS: String(ACCEPTANCE_TIMEOUT_SECONDS),
  });
  // Each emulator signs with an issuer of its own, so staff sign in on each process, as the dashboard does on its origin.
  const { identity } = await (await fetch(`${server.url}/config.json`)).json();
  const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { IdToken: string } }>(
    server.identityEmulatorUrl,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: identity.userPoolClientId, AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD } },
  );
  return { process: server, staffToken: AuthenticationResult.IdToken, api: server.api };
}

describe('two servers on one PostgreSQL database', () => {
  let empty: EmptyDatabase | undefined;
  let database: AppDatabase;
  const dataDirs = [mkdtempSync(join(tmpdir(), 'two-servers-a-')), mkdtempSync(join(tmpdir(), 'two-servers-b-'))];
  let a: Twin;
  let b: Twin;
  let peers: NotificationPeers;
  /** Each call of a duplicate sent to both servers at once, alternating. */
  const onBoth = <Result>(copies: number, call: (twin: Twin) => Promise<Result>) =>
    Promise.all(Array.from({ length: copies }, (_, index) => call(index % 2 === 0 ? a : b)));

  beforeAll(async () => {
    if (postgres === undefined) {
      throw new Error(
        'TEST_DATABASE_URL is not set: two servers share one PostgreSQL database, so this test needs one. `npm test` sets it where ' +
          'PostgreSQL is installed; otherwise set TEST_DATABASE_URL=postgres://user:password@host:port/postgres for a user that may create databases.',
      );
    }
    empty = await postgres.createEmpty();
    const databaseUrl = empty.location.databaseUrl!;
    peers = { fcm: await startFcmFake(), smtp: await startLoopbackSmtp({ dataDir: dataDirs[0]! }) };
    // Both start at once on the empty database: both migrate and seed it at the same moment.
    [a, b] = await Promise.all(dataDirs.map((dataDir) => startTwin(databaseUrl, dataDir, peers)));
    database = await openDatabase(empty.location);
    await openAroundNow();
  }, 60_000);

  afterAll(async () => {
    killServerProcesses();
    await peers?.fcm.close();
    await peers?.smtp.close();
    await database?.close();
    await empty?.drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Polls `read` on `twin` until `shows` holds; answers how long that took after `since`, failing once it is too late. */
  async function shownAfter(twin: Twin, since: number, read: () => Promise<Answer>, shows: (answer: Answer) => boolean): Promise<number> {
    for (;;) {
      const answer = await read();
      const elapsed = performance.now() - since;
      if (shows(answer)) return elapsed;
      if (elapsed > SHOWN_WITHIN_MS) throw new Error(`${twin.process.url} still showed the old data after ${Math.round(elapsed)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * The processes' clocks are the real one: the demo restaurant is made open round the clock, from an hour ago, every day,
   * so that an ASAP collection can be placed whenever the test runs; both servers show it within the caches' window.
   */
  async function openAroundNow(): Promise<void> {
    const anHourAgo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      Date.now() - 60 * 60_000,
    );
    await database.db.transaction().execute(async (transaction) => {
      const { restaurant_id } = await transaction.selectFrom('restaurant').select('restaurant_id').orderBy('restaurant_id').executeTakeFirstOrThrow();
      await transaction.deleteFrom('opening_periods').execute();
      await transaction
        .insertInto('opening_periods')
        .values(Array.from({ length: 7 }, (_, day) => ({ restaurant_id, day, opens: anHourAgo, closes: anHourAgo })))
        .execute();
    });
    const changedAt = performance.now();
    for (const twin of [a, b]) {
      await shownAfter(twin, changedAt, () => twin.api('/restaurant/coreRestaurantData'), ({ body }) =>
        body.data.restaurantData.openingHours.every((period: { opens: string }) => period.opens === anHourAgo),
      );
    }
  }

  /** A guest basket made on A, filled on B and confirmed on A: its basketId and orderRef. */
  async function confirmedOrder(): Promise<{ basketId: string; orderRef: string; orderNumber: number }> {
    const created = await a.api('/OrderBuilder/create');
    expect(created.status).toBe(200);
    const { basketId } = created.body.data;
    expect((await b.api('/orderbuilder/update', readyOrderUpdate(basketId))).status).toBe(200);
    const confirmed = await a.api('/orderbuilder/confirm', { basketId });
    expect(confirmed.status).toBe(200);
    return { basketId, orderRef: confirmed.body.data.orderRef, orderNumber: confirmed.body.data.orderNumber };
  }

  async function requestedOrder(): Promise<{ basketId: string; orderRef: string }> {
    const order = await confirmedOrder();
    expect((await b.api('/orderbuilder/createAcceptance', { basketId: order.basketId })).status).toBe(200);
    return order;
  }

  /** The order's history as the database holds it: each change and what it became, in order. */
  async function historyOf(basketId: string): Promise<string[]> {
    const events = await database.db
      .selectFrom('order_events')
      .select(['change', 'to_value', 'actor'])
      .where('basket_id', '=', basketId)
      .orderBy('event_no')
      .execute();
    return events.map(({ change, to_value, actor }) => `${change} ${change === 'cancelled' ? '(time)' : to_value} by ${actor.split(':')[0]}`);
  }

  it('started at once on an empty database, migrated and seeded it once, and both are ready', async () => {
    const applied = await database.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied).toHaveLength(Object.keys(migrations).length);
    expect(await database.db.selectFrom('restaurant').select('restaurant_id').execute()).toHaveLength(1);
    expect(await database.db.selectFrom('menus').select('menu_id').execute()).toHaveLength(1);
    expect(await database.db.selectFrom('accounts').select('auth_sub').where('email', '=', DEMO_CUSTOMER_EMAIL).execute()).toHaveLength(1);
    for (const twin of [a, b]) expect((await fetch(`${twin.process.url}/readyz`)).status).toBe(200);
  });

  it('a basket made on one and changed on the other, confirmed on both at once, is one order with one kitchen ticket', async () => {
    const { basketId, orderRef, orderNumber } = await confirmedOrder();
    for (let round = 0; round < 3; round += 1) {
      const confirmations = await onBoth(4, (twin) => twin.api('/orderbuilder/confirm', { basketId }));
      expect(confirmations).toEqual(Array.from({ length: 4 }, () => ({ status: 200, body: { data: { orderRef, orderNumber } } })));
    }
    const requests = await onBoth(4, (twin) => twin.api('/orderbuilder/createAcceptance', { basketId }));
    expect(requests.map(({ status }) => status)).toEqual([200, 200, 200, 200]);

    expect(await database.db.selectFrom('baskets').select('order_ref').where('basket_id', '=', basketId).execute()).toEqual([{ order_ref: orderRef }]);
    expect(await database.db.selectFrom('order_acceptances').select('status').where('basket_id', '=', basketId).execute()).toEqual([{ status: 0 }]);
    expect(await historyOf(basketId)).toEqual(['acceptanceStatus Requested by customer']);
    for (const twin of [a, b]) {
      const { status, body } = await twin.api('/kitchen/orders', undefined, twin.staffToken);
      expect(status).toBe(200);
      expect(body.data.orders.filter((ticket: { orderRef: string }) => ticket.orderRef === orderRef)).toHaveLength(1);
    }
  });

  it('the kitchen accepting on both at once accepts once', async () => {
    const { basketId, orderRef } = await requestedOrder();
    const accepted = await onBoth(4, (twin) => twin.api(`/kitchen/orders/${orderRef}/accept`, {}, twin.staffToken));
    expect(accepted.map(({ status, body }) => [status, body.data.ticket.acceptanceStatus])).toEqual(Array.from({ length: 4 }, () => [200, 2]));
    expect(await historyOf(basketId)).toEqual([
      'acceptanceStatus Requested by customer',
      'acceptanceStatus Accepted by kitchen',
      'kitchenStatus Ordered by kitchen',
    ]);
    for (const twin of [a, b]) expect((await twin.api(`/orderbuilder/acceptanceDetails/${basketId}`)).body.data.orderRequest.orderStatus).toBe(2);
  });

  it('the customer cancelling on both at once cancels once', async () => {
    const { basketId } = await requestedOrder();
    const cancelled = await onBoth(4, (twin) => twin.api(`/orderbuilder/cancel/${basketId}`, {}));
    expect(cancelled.map(({ status }) => status)).toEqual([200, 200, 200, 200]);
    expect(new Set(cancelled.map(({ body }) => JSON.stringify(body))).size).toBe(1);
    expect(await historyOf(basketId)).toEqual(['acceptanceStatus Requested by customer', 'cancelled (time) by customer']);
    const [{ cancelled_at }] = await database.db.selectFrom('order_acceptances').select('cancelled_at').where('basket_id', '=', basketId).execute();
    expect(cancelled_at).not.toBeNull();
  });

  it("tells the customer of each change once per device and inbox, with both servers' workers sending", async () => {
    const email = 'two-servers@example.com';
    const created = await a.api('/OrderBuilder/create');
    const { basketId } = created.body.data;
    expect((await b.api('/orderbuilder/update', readyOrderUpdate(basketId, { email }))).status).toBe(200);
    const { orderRef } = (await a.api('/orderbuilder/confirm', { basketId })).body.data;
    const devices = [sampleFcmToken(), sampleFcmToken()];
    for (const deviceToken of devices) {
      const registered = await onBoth(2, (twin) => twin.api('/Device/setToken', { orderBuilderId: basketId, deviceToken }));
      expect(registered.map(({ status }) => status)).toEqual([200, 200]);
    }
    await onBoth(4, (twin) => twin.api('/orderbuilder/createAcceptance', { basketId }));
    await onBoth(4, (twin) => twin.api(`/kitchen/orders/${orderRef}/accept`, {}, twin.staffToken));
    await onBoth(4, (twin) => twin.api(`/kitchen/orders/${orderRef}/status`, { kitchenStatus: 1 }, twin.staffToken));

    const titlesOn = (token: string) => peers.fcm.control.messages().filter((message) => message.token === token).map((message) => message.notification?.title);
    const subjects = () => peers.smtp.control.messages().filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
    const everything = () => devices.every((token) => titlesOn(token).length >= 3) && subjects().length >= 2;
    for (const deadline = performance.now() + 20_000; !everything() && performance.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
    // Both workers poll every 2 s: a second send of anything would have happened by now.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    for (const token of devices) expect(titlesOn(token)).toEqual(['Order sent', 'Order accepted', 'Cooking now']);
    expect(subjects()).toHaveLength(2);
    expect(new Set(subjects()).size).toBe(2);
  });

  it('refuses an unanswered order once, with both servers sweeping, and the customer sees it refused on both', async () => {
    // Made on either server; then nobody reads them (a read refuses a timed-out order itself): only the sweeps run.
    const orders = await Promise.all([requestedOrder(), requestedOrder(), requestedOrder(), requestedOrder()]);
    const basketIds = orders.map(({ basketId }) => basketId);
    const stillWaiting = () =>
      database.db.selectFrom('order_acceptances').select('basket_id').where('basket_id', 'in', basketIds).where('status', '=', 0).execute();
    const deadline = performance.now() + 3 * ACCEPTANCE_TIMEOUT_SECONDS * 1000;
    while ((await stillWaiting()).length > 0) {
      expect(performance.now(), 'the sweeps refuse an order within the timeout and one interval').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const basketId of basketIds) {
      expect(await historyOf(basketId)).toEqual([
        'acceptanceStatus Requested by customer',
        'acceptanceStatus Refused by system',
        expect.stringMatching(/^refusalReason The restaurant did not respond in time\. .* by system$/),
      ]);
      for (const twin of [a, b]) expect((await twin.api(`/orderbuilder/acceptanceDetails/${basketId}`)).body.data.orderRequest.orderStatus).toBe(3);
    }
  }, 30_000);

  it("shows a menu change made through one on the other within the caches' window, and never the old menu after", async () => {
    const { body: core } = await b.api('/restaurant/coreRestaurantData');
    const { menuId, menuVersion } = core.data.restaurantData;
    const menuPath = `/menu/getMenu/${menuId}`;
    const itemsOf = (answer: Answer): Array<{ itemId: number; available: boolean }> =>
      answer.body.data.categories.flatMap((category: { items: unknown[] }) => category.items);
    // Both hold the menu now, so a stale copy is there to be served.
    const [before] = await Promise.all([b.api(menuPath), a.api(menuPath)]);
    const dish = itemsOf(before).find(({ itemId, available }) => available && itemId !== readyOrderUpdate('').orderItems[0].itemId)!;

    // No API call changes the menu yet (the back office is a later issue): the change is made as the back office will
    // make it, the item and the menu's version in one transaction.
    await database.db.transaction().execute(async (transaction) => {
      await transaction.updateTable('menu_items').set({ available: 0 }).where('item_id', '=', dish.itemId).execute();
      await transaction.updateTable('menus').set({ menu_version: menuVersion + 1 }).where('menu_id', '=', menuId).execute();
    });
    const changedAt = performance.now();
    const withdrawn = (answer: Answer) => answer.body.data.menuVersion === menuVersion + 1 && itemsOf(answer).some(({ itemId, available }) => itemId === dish.itemId && !available);
    for (const twin of [b, a]) await shownAfter(twin, changedAt, () => twin.api(menuPath), withdrawn);

    const afterwards = await onBoth(8, (twin) => twin.api(menuPath));
    expect(afterwards.every(withdrawn)).toBe(true);
  });

  it("shows a settings change made through one on the other within the caches' window: ordering switched off", async () => {
    const settingsOf = (answer: Answer) => answer.body.data.restaurantData.takeawaySettings;
    await Promise.all([a.api('/restaurant/coreRestaurantData'), b.api('/restaurant/coreRestaurantData')]);

    // As the back office will: the restaurant's takeaway settings row.
    await database.db.updateTable('takeaway_settings').set({ allow_ordering: 0 }).execute();
    const changedAt = performance.now();
    for (const twin of [b, a]) {
      await shownAfter(twin, changedAt, () => twin.api('/restaurant/coreRestaurantData'), (answer) => settingsOf(answer).allowOrdering === false);
    }
    const afterwards = await onBoth(8, (twin) => twin.api('/restaurant/coreRestaurantData'));
    expect(afterwards.map((answer) => settingsOf(answer).allowOrdering)).toEqual(Array.from({ length: 8 }, () => false));
  });
});
