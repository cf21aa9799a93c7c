import { createServer, type Server } from 'node:net';
import { exportPKCS8, generateKeyPair, importPKCS8, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_UPDATES_CHANNEL } from '../../src/domain/pushChannel';
import { fcmFakeOverHttp, sampleFcmToken, startFcmFake, type FcmFake } from '../../src/server/local/fcm/fcmFake';
import { createFcmSender, FCM_SCOPE, JWT_BEARER_GRANT } from '../../src/server/notifications/fcm/fcmSender';
import { setUpLocalNativePush } from '../../src/server/local/standIns';
import type { PushMessage } from '../../src/server/notifications/senders';
import { freePort } from './freePort';

// The server's FCM HTTP v1 sender against the loopback fake, over real HTTP: the OAuth exchange with the service
// account, the message a phone receives, and what each of FCM's answers means to the outbox.

const accepted: PushMessage = {
  title: 'Order accepted',
  body: 'Golden Dragon accepted your order: ready to collect at 18:45.',
  openPath: '/orderTracking/b-4f2a9c',
  tag: 'order-b-4f2a9c',
};

let fake: FcmFake;
const senderFor = (overrides: Partial<Parameters<typeof createFcmSender>[0]> = {}) =>
  createFcmSender({ serviceAccount: fake.serviceAccount, apiBaseUrl: fake.url, timeoutMs: 2_000, ...overrides });

beforeAll(async () => {
  fake = await startFcmFake();
});
afterAll(() => fake.close());
afterEach(() => fake.control.reset());

describe('the FCM sender', () => {
  it('exchanges one assertion for an access token and reuses it for later sends', async () => {
    const sender = senderFor();
    const tokens = [sampleFcmToken(), sampleFcmToken(), sampleFcmToken()];
    for (const token of tokens) expect(await sender.send(token, accepted)).toBe('sent');
    expect(fake.control.tokenExchanges()).toBe(1);
    expect(fake.control.messages().map(({ token }) => token)).toEqual(tokens);
  });

  it('sends the notification on the high-priority order-updates channel, opening the tracking page, one per order', async () => {
    const token = sampleFcmToken();
    expect(await senderFor().send(token, accepted)).toBe('sent');
    const [message] = fake.control.messages();
    expect(message).toEqual({
      name: expect.stringMatching(/^projects\/golden-dragon-local\/messages\/[0-9]+$/),
      token,
      notification: { title: accepted.title, body: accepted.body },
      data: { path: '/orderTracking/b-4f2a9c' },
      android: { priority: 'HIGH', notification: { channel_id: ORDER_UPDATES_CHANNEL.id, tag: 'order-b-4f2a9c' } },
      apns: { headers: { 'apns-priority': '10', 'apns-collapse-id': 'order-b-4f2a9c' }, payload: { aps: { sound: 'default' } } },
    });
  });

  it('answers unregistered for a token FCM says is gone, and for a raw APNs token, which is no FCM token', async () => {
    const sender = senderFor();
    const removed = sampleFcmToken();
    fake.control.unregister(removed);
    expect(await sender.send(removed, accepted)).toBe('unregistered');
    expect(await sender.send('a1b2c3d4'.repeat(8), accepted)).toBe('unregistered');
    expect(fake.control.messages()).toEqual([]);
  });

  it('throws while FCM is unavailable, so that the worker tries again, and sends once it is back', async () => {
    const sender = senderFor();
    const token = sampleFcmToken();
    fake.control.setOutage(true);
    await expect(sender.send(token, accepted)).rejects.toThrow('FCM refused the message: 503 UNAVAILABLE (The service is currently unavailable.)');
    fake.control.setOutage(false);
    expect(await sender.send(token, accepted)).toBe('sent');
    expect(fake.control.messages()).toHaveLength(1);
  });

  it('throws, rather than dropping the token, when FCM refuses the message itself', async () => {
    const tooBig = { ...accepted, body: 'x'.repeat(5_000) };
    await expect(senderFor().send(sampleFcmToken(), tooBig)).rejects.toThrow(/^FCM refused the message: 400 INVALID_ARGUMENT \(The message is too big/);
  });

  it('fetches one access token for many sends that start at once', async () => {
    const sender = senderFor();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => sender.send(sampleFcmToken(), accepted)));
    expect(outcomes).toEqual(Array.from({ length: 12 }, () => 'sent'));
    expect(fake.control.tokenExchanges()).toBe(1);
    expect(fake.control.messages()).toHaveLength(12);
  });

  it('drops an access token that FCM stops accepting and sends again once with a fresh one', async () => {
    const sender = senderFor();
    expect(await sender.send(sampleFcmToken(), accepted)).toBe('sent');
    fake.control.revokeAccessTokens();
    expect(await sender.send(sampleFcmToken(), accepted)).toBe('sent');
    expect(fake.control.tokenExchanges()).toBe(2);
    expect(fake.control.messages()).toHaveLength(2);
  });

  it('fetches a new access token before the old one expires', async () => {
    const shortLived = await startFcmFake({ tokenLifetimeSeconds: 60 });
    try {
      const sender = createFcmSender({ serviceAccount: shortLived.serviceAccount, apiBaseUrl: shortLived.url });
      expect(await sender.send(sampleFcmToken(), accepted)).toBe('sent');
      expect(await sender.send(sampleFcmToken(), accepted)).toBe('sent');
      expect(shortLived.control.tokenExchanges()).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it('is refused an access token for an assertion signed with another key, and says so', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const impostor = { ...fake.serviceAccount, private_key: await exportPKCS8(privateKey) };
    await expect(senderFor({ serviceAccount: impostor }).send(sampleFcmToken(), accepted)).rejects.toThrow(
      'The FCM service account was refused an access token: 400 invalid_grant (Invalid JWT Signature.)',
    );
    expect(fake.control.tokenExchanges()).toBe(0);
    expect(fake.control.messages()).toEqual([]);
  });

  it('throws when FCM cannot be reached, or does not answer in time', async () => {
    const closedPort = await freePort();
    await expect(senderFor({ apiBaseUrl: `http://127.0.0.1:${closedPort}` }).send(sampleFcmToken(), accepted)).rejects.toThrow(
      /^FCM could not be reached for a message: /,
    );
    // Takes connections and never answers.
    const silent: Server = createServer(() => {});
    await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
    try {
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await expect(senderFor({ apiBaseUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 }).send(sampleFcmToken(), accepted)).rejects.toThrow(
        'FCM did not answer a message within 300 ms',
      );
    } finally {
      silent.close();
    }
  });
});

describe('the FCM fake', () => {
  async function exchange(claims: { audience?: string; scope?: string; lifetimeSeconds?: number }) {
    const { client_email, private_key, token_uri } = fake.serviceAccount;
    const issuedAt = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ ...(claims.scope === undefined ? {} : { scope: claims.scope }) })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(client_email)
      .setAudience(claims.audience ?? token_uri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + (claims.lifetimeSeconds ?? 3600))
      .sign(await importPKCS8(private_key, 'RS256'));
    const response = await fetch(token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
    });
    return { status: response.status, body: await response.json() };
  }

  it('refuses an assertion for another audience, without the messaging scope, or living longer than an hour', async () => {
    expect(await exchange({ audience: 'https://oauth2.example/token', scope: FCM_SCOPE })).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: expect.stringContaining('aud') },
    });
    expect(await exchange({ scope: 'https://www.googleapis.com/auth/cloud-platform.read-only' })).toEqual({
      status: 400,
      body: { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' },
    });
    expect((await exchange({ scope: FCM_SCOPE, lifetimeSeconds: 7200 })).body.error).toBe('invalid_grant');
    const granted = await exchange({ scope: FCM_SCOPE });
    expect(granted).toEqual({ status: 200, body: { access_token: expect.any(String), expires_in: 3599, token_type: 'Bearer' } });
    expect(fake.control.tokenExchanges()).toBe(1);
  });

  it('refuses a message without a valid access token, with a field FCM does not know, or with data that is not text', async () => {
    const send = async (body: unknown, accessToken?: string) => {
      const response = await fetch(`${fake.url}/v1/projects/${fake.serviceAccount.project_id}/messages:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` }) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const message = { token: sampleFcmToken(), notification: { title: 'Ready', body: 'Your order is ready to collect.' } };
    expect((await send({ message })).body.error.status).toBe('UNAUTHENTICATED');
    expect((await send({ message }, 'ya29.made-up')).status).toBe(401);

    const { access_token: accessToken } = (await exchange({ scope: FCM_SCOPE })).body;
    expect((await send({ message: { ...message, android: { notification: { channel: 'order-updates' } } } }, accessToken)).body.error).toEqual({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: `Invalid JSON payload received. Unknown name "channel" at 'message.android.notification': Cannot find field.`,
      details: [expect.objectContaining({ fieldViolations: [expect.objectContaining({ field: 'message.android.notification' })] })],
    });
    expect((await send({ message: { ...message, data: { path: '/', count: 2 } } }, accessToken)).body.error.message).toBe(
      `Invalid value at 'message.data[1].value' (TYPE_STRING), 2`,
    );
    expect((await send({ message: { ...message, android: { priority: 'URGENT' } } }, accessToken)).status).toBe(400);
    expect((await send({ message: { notification: message.notification } }, accessToken)).status).toBe(400);
    expect((await send({ message, validate_only: true }, accessToken)).status).toBe(200);
    expect(fake.control.messages()).toEqual([]);
  });
});

describe('setting up native push', () => {
  it('in local mode starts a fake, and a second process given its URL sends to the same fake, controlled over HTTP', async () => {
    const first = await setUpLocalNativePush({ mode: 'local', fakePort: 0, fakeUrl: undefined });
    try {
      const second = await setUpLocalNativePush({ mode: 'local', fakePort: 0, fakeUrl: first.fakeUrl });
      expect(second.fakeControl).toBeUndefined();
      const remote = fcmFakeOverHttp(second.fakeUrl!);
      const [fromFirst, fromSecond, gone] = [sampleFcmToken(), sampleFcmToken(), sampleFcmToken()];

      expect(await first.sender.send(fromFirst, accepted)).toBe('sent');
      expect(await second.sender.send(fromSecond, accepted)).toBe('sent');
      expect((await remote.messages()).map(({ token }) => token)).toEqual([fromFirst, fromSecond]);
      expect(first.fakeControl!.messages()).toEqual(await remote.messages());

      await remote.unregister(gone);
      expect(await second.sender.send(gone, accepted)).toBe('unregistered');
      await remote.setOutage(true);
      await expect(second.sender.send(fromSecond, accepted)).rejects.toThrow(/503 UNAVAILABLE/);
      await remote.setOutage(false);
      await remote.reset();
      expect(await remote.messages()).toEqual([]);
      await second.close();
    } finally {
      await first.close();
    }
  });
});
