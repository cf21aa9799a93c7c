import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseLocation } from '../../src/server/db/database';
import { callIdentityService, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD } from '../../src/server/local/identity/emulator';
import { startLoopbackPrinter, type LoopbackPrinter } from '../../src/server/local/printer/loopbackPrinter';
import { databaseTargets, type EmptyDatabase } from '../data/databaseTargets';
import { identification, readyOrderUpdate } from './orderingServer';
import { killServerProcesses, startServerProcess, type ServerProcess } from './serverProcess';

// docs/printing.md: the server, run as `npm start` runs it, is killed with SIGKILL after the kitchen accepted an order
// and before its ticket printed (the printer was off). The printer lives on in this process. The restarted server
// prints the ticket, once.

describe.each(databaseTargets)('a server killed between an acceptance and its ticket, on $name', (target) => {
  let printer: LoopbackPrinter;
  let dataDir: string;
  let empty: EmptyDatabase | undefined;
  let location: DatabaseLocation;
  let env: Record<string, string>;
  let orderNumber: number;

  const pendingJobs = async () => {
    const database = await openDatabase(location);
    try {
      return await database.db.selectFrom('print_jobs').select(['attempts', 'done_at']).where('done_at', 'is', null).execute();
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    printer = await startLoopbackPrinter();
    await printer.control.switchOff();
    dataDir = mkdtempSync(join(tmpdir(), 'printing-crash-'));
    empty = target.name === 'postgres' ? await target.createEmpty() : undefined;
    location = empty?.location ?? { sqliteFile: join(dataDir, 'takeaway.sqlite') };
    env = empty === undefined ? {} : { DATABASE_URL: empty.location.databaseUrl! };
    const first = await startServerProcess(dataDir, env);
    await openAroundNow(location);

    const owner = await signIn(first, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD);
    const saved = await fetch(`${first.url}/api/manage/printers`, {
      method: 'PUT',
      headers: { ...identification, 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      body: JSON.stringify({ revision: 0, printers: [{ name: 'Kitchen', host: printer.host, port: printer.port, paperWidth: 80, prints: 'kitchen', copies: 1 }] }),
    });
    expect(saved.status).toBe(200);

    const { basketId } = (await first.api('/OrderBuilder/create')).body.data;
    expect((await first.api('/orderbuilder/update', readyOrderUpdate(basketId))).status).toBe(200);
    const confirmed = (await first.api('/orderbuilder/confirm', { basketId })).body.data;
    orderNumber = confirmed.orderNumber;
    expect((await first.api('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    const staff = await signIn(first, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    expect((await first.api(`/kitchen/orders/${confirmed.orderRef}/accept`, {}, staff)).status).toBe(200);
    // Tried once against the switched-off printer, and failed.
    await vi.waitFor(async () => expect(await pendingJobs()).toEqual([expect.objectContaining({ attempts: 1 })]), { timeout: 15_000, interval: 100 });
    first.child.kill('SIGKILL');
    await first.exited;
    await printer.control.switchOn();
  }, 90_000);

  afterAll(async () => {
    killServerProcesses();
    await printer?.close();
    await empty?.drop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('printed nothing before it died', () => {
    expect(printer.control.printed()).toEqual([]);
  });

  it('prints the ticket once after a restart, and nothing twice after that', async () => {
    const restarted = await startServerProcess(dataDir, env);
    try {
      await vi.waitFor(() => expect(printer.control.printed()).toHaveLength(1), { timeout: 20_000, interval: 100 });
      // Several passes later (one every 2 s), still once.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect(printer.control.printed()).toHaveLength(1);
      expect(printer.control.printed()[0].text).toContain(`ORDER ${orderNumber}`);
      expect(await pendingJobs()).toEqual([]);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  }, 40_000);
});

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const { identity } = await (await fetch(`${server.url}/config.json`)).json();
  const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { IdToken: string } }>(`${server.url}${identity.endpoint}`, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: identity.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return AuthenticationResult.IdToken;
}

/** The child's clock is the real one: the demo restaurant opens round the clock from an hour ago, on either database. */
async function openAroundNow(location: DatabaseLocation): Promise<void> {
  const anHourAgo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.now() - 60 * 60_000);
  const database = await openDatabase(location);
  try {
    await database.db.transaction().execute(async (transaction) => {
      const restaurant = await transaction.selectFrom('restaurant').select('restaurant_id').orderBy('restaurant_id').limit(1).executeTakeFirstOrThrow();
      await transaction.deleteFrom('opening_periods').execute();
      await transaction
        .insertInto('opening_periods')
        .values(Array.from({ length: 7 }, (_, day) => ({ restaurant_id: restaurant.restaurant_id, day, opens: anHourAgo, closes: anHourAgo })))
        .execute();
    });
  } finally {
    await database.close();
  }
}
