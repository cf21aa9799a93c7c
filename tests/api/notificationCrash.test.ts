import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callIdentityService, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD } from '../../src/server/local/identity/emulator';
import { sampleFcmToken, startFcmFake, type FcmFake } from '../../src/server/local/fcm/fcmFake';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../src/server/local/mail/loopbackSmtp';
import { readyOrderUpdate } from './orderingServer';
import { killServerProcesses, openAroundNow, startServerProcess, type ServerProcess } from './serverProcess';

// docs/notifications.md: the server, run as `npm start` runs it, is killed with SIGKILL after the kitchen's changes were
// committed and before their notifications went out (FCM and the mail server were down). FCM and the mail server live
// on in this process. The restarted server sends each one, once.

describe('a server killed between an order change and its notifications', () => {
  let fcm: FcmFake;
  let smtp: LoopbackSmtp;
  let dataDir: string;
  const email = 'crash@example.com';
  const device = sampleFcmToken();
  let orderRef: string;
  let env: Record<string, string>;

  const titles = () => fcm.control.messages().filter((message) => message.token === device).map((message) => message.notification?.title);
  const subjects = () => smtp.control.messages().filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
  const failedAttempts = () => {
    const sqlite = new SqliteDatabase(join(dataDir, 'takeaway.sqlite'), { readonly: true });
    try {
      return (sqlite.prepare('select count(*) as count from notification_deliveries where attempts > 0 and done_at is null').get() as { count: number }).count;
    } finally {
      sqlite.close();
    }
  };

  beforeAll(async () => {
    fcm = await startFcmFake();
    dataDir = mkdtempSync(join(tmpdir(), 'notification-crash-'));
    smtp = await startLoopbackSmtp({ dataDir: join(dataDir, 'smtp') });
    env = { FCM_FAKE_URL: fcm.url, SMTP_URL: smtp.url, MAIL_FROM: 'Golden Dragon <orders@golden-dragon.example>' };
    const first = await startServerProcess(dataDir, env);
    openAroundNow(join(dataDir, 'takeaway.sqlite'));

    const { basketId } = (await first.api('/OrderBuilder/create')).body.data;
    expect((await first.api('/orderbuilder/update', readyOrderUpdate(basketId, { email }))).status).toBe(200);
    orderRef = (await first.api('/orderbuilder/confirm', { basketId })).body.data.orderRef;
    expect((await first.api('/Device/setToken', { orderBuilderId: basketId, deviceToken: device })).status).toBe(200);

    fcm.control.setOutage(true);
    smtp.control.setOutage(true);
    expect((await first.api('/orderbuilder/createAcceptance', { basketId })).status).toBe(200);
    const staffToken = await signInStaff(first);
    expect((await first.api(`/kitchen/orders/${orderRef}/accept`, {}, staffToken)).status).toBe(200);
    // placed, by push and by email, tried once and failed; accepted waits behind it for each.
    await vi.waitFor(() => expect(failedAttempts()).toBe(2), { timeout: 15_000, interval: 50 });
    first.child.kill('SIGKILL');
    await first.exited;
    fcm.control.setOutage(false);
    smtp.control.setOutage(false);
  }, 60_000);

  afterAll(async () => {
    killServerProcesses();
    await fcm?.close();
    await smtp?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sent nothing before it died', () => {
    expect(titles()).toEqual([]);
    expect(subjects()).toEqual([]);
  });

  it('sends each notification once after a restart, and nothing twice after that', async () => {
    const restarted = await startServerProcess(dataDir, env);
    try {
      // The first retry is due 5 s after the failure.
      await vi.waitFor(() => expect(titles()).toHaveLength(2), { timeout: 20_000, interval: 100 });
      await vi.waitFor(() => expect(subjects()).toHaveLength(2), { timeout: 20_000, interval: 100 });
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect(titles()).toEqual(['Order sent', 'Order accepted']);
      expect(subjects()).toHaveLength(2);
      expect(failedAttempts()).toBe(0);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  }, 40_000);
});

/** The demo kitchen's id token, signed in through the identity emulator the server proxies at /identity. */
async function signInStaff(server: ServerProcess): Promise<string> {
  const { identity } = await (await fetch(`${server.url}/config.json`)).json();
  const { AuthenticationResult } = await callIdentityService<{ AuthenticationResult: { IdToken: string } }>(`${server.url}${identity.endpoint}`, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: identity.userPoolClientId,
    AuthParameters: { USERNAME: DEMO_STAFF_EMAIL, PASSWORD: DEMO_STAFF_PASSWORD },
  });
  return AuthenticationResult.IdToken;
}
