import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPayPalFake, type PayPalFake } from '../../src/server/local/payPal/payPalFake';
import type { OrderingServer } from './orderingServer';
import { linkedPayment, queryDatabase } from './payPalSupport';
import { killServerProcesses, openAroundNow, startServerProcess, type ServerProcess } from './serverProcess';

// docs/payments.md "Reconciliation": the server, run as `npm start` runs it in a child process, is killed with SIGKILL
// after PayPal authorised and before the database recorded it. PayPal's state lives on in a fake in this process. On
// the same data, a restarted server places the order when the customer retries, and otherwise reconciliation releases
// the money once the grace period has passed.

/** SIGKILL: nothing of the server's own shutdown runs. */
async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** The ordering calls `linkedPayment` makes, against a server process. */
function callerOf(server: ServerProcess): Pick<OrderingServer, 'newBasket' | 'post'> {
  return {
    async newBasket() {
      const created = await server.api('/OrderBuilder/create');
      expect(created.status).toBe(200);
      return created.body.data.basketId;
    },
    post: (path, body = {}) => server.api(path, body),
  };
}

describe('a server killed with SIGKILL after PayPal authorised, before the database recorded it', () => {
  let payPal: PayPalFake;
  let dataDir: string;
  const database = () => ({ sqliteFile: join(dataDir, 'takeaway.sqlite') });
  const paymentRow = (basketId: string) =>
    queryDatabase<{ state: string; authorization_id: string | null }>(database(), 'select * from payments where basket_id = ?', basketId)[0];
  const orderRefOf = (basketId: string) =>
    queryDatabase<{ order_ref: string | null }>(database(), 'select order_ref from baskets where basket_id = ?', basketId)[0].order_ref;
  const authorisationOf = (basketId: string) => payPal.control.orders().authorizations.find((authorisation) => authorisation.custom_id === basketId);
  /** The customer who comes back and retries, and the one who has gone. */
  let returning: { basketId: string; payPalOrderId: string };
  let gone: { basketId: string; payPalOrderId: string };

  beforeAll(async () => {
    payPal = await startPayPalFake();
    dataDir = mkdtempSync(join(tmpdir(), 'payment-kill-'));
    const first = await startServerProcess(dataDir, { PAYPAL_FAKE_URL: payPal.url });
    openAroundNow(database().sqliteFile);
    const caller = callerOf(first);
    returning = await linkedPayment(caller, payPal.url);
    gone = await linkedPayment(caller, payPal.url);

    // PayPal authorises both, but its answers are held back until the server is gone.
    payPal.control.failNext('authorize', 'timeout', 2);
    const calls = [returning, gone].map(({ basketId, payPalOrderId }) =>
      caller.post('/payment/authorise-capture', { orderBuilderId: basketId, payPalOrderId }).catch((error: unknown) => error),
    );
    await vi.waitFor(() => expect(payPal.control.orders().authorizations).toHaveLength(2), { timeout: 10_000, interval: 20 });
    await killHard(first);
    // The calls end with the connection the killed server dropped.
    expect(await Promise.all(calls)).toEqual([expect.any(Error), expect.any(Error)]);
  }, 30_000);

  afterAll(async () => {
    killServerProcesses();
    await payPal?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves both payments authorising and no order placed', () => {
    for (const { basketId } of [returning, gone]) {
      expect(paymentRow(basketId)).toMatchObject({ state: 'authorising', authorization_id: null });
      expect(orderRefOf(basketId)).toBeNull();
      expect(authorisationOf(basketId)).toMatchObject({ status: 'CREATED' });
    }
  });

  it("places the order, after a restart, with PayPal's one authorisation when the customer retries", async () => {
    const restarted = await startServerProcess(dataDir, { PAYPAL_FAKE_URL: payPal.url });
    try {
      const { basketId, payPalOrderId } = returning;
      const placed = await restarted.api('/payment/authorise-capture', { orderBuilderId: basketId, payPalOrderId });
      expect(placed.status).toBe(200);
      expect(orderRefOf(basketId)).toBe(placed.body.data.orderRef);
      expect(paymentRow(basketId)).toMatchObject({ state: 'authorised', authorization_id: authorisationOf(basketId)?.id });
      expect(payPal.control.orders().performed).toMatchObject({ authorize: 2, void: 0 });
      // Within the grace period reconciliation leaves the other customer's payment alone.
      expect(paymentRow(gone.basketId).state).toBe('authorising');
    } finally {
      await stop(restarted);
    }
  }, 20_000);

  it('releases the money, after a restart, once the grace period has passed without a retry', async () => {
    const restarted = await startServerProcess(dataDir, { PAYPAL_FAKE_URL: payPal.url, PAYMENT_RECONCILE_AFTER_SECONDS: '1' });
    try {
      await vi.waitFor(() => expect(paymentRow(gone.basketId).state).toBe('voided'), { timeout: 10_000, interval: 50 });
      expect(paymentRow(gone.basketId).authorization_id).toBe(authorisationOf(gone.basketId)?.id);
      expect(authorisationOf(gone.basketId)?.status).toBe('VOIDED');
      expect(orderRefOf(gone.basketId)).toBeNull();
      expect(payPal.control.orders().performed).toMatchObject({ authorize: 2, void: 1 });
      // The order placed with its payment is never touched.
      expect(paymentRow(returning.basketId).state).toBe('authorised');
      expect(authorisationOf(returning.basketId)?.status).toBe('CREATED');
    } finally {
      await stop(restarted);
    }
  }, 20_000);
});
