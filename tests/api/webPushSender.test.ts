import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/server/config';
import type { PushMessage } from '../../src/server/notifications/senders';
import {
  decryptPushMessage,
  newFakeSubscriber,
  startPushServiceFake,
  type PushServiceFake,
} from '../../src/server/local/webPush/pushServiceFake';
import { createWebPushSender, topicOfTag, WEB_PUSH_TTL_SECONDS } from '../../src/server/notifications/webPush/webPushSender';
import { loadWebPushConfig } from '../../src/server/notifications/webPush/webPushConfig';
import { setUpWebPush, VAPID_KEY_FILE_NAME } from '../../src/server/notifications/webPush/webPushSetup';

// The server's web push sender against the loopback push service fake, over real HTTPS: what the browser receives
// once decrypted, the headers a push service acts on, and what each of its answers means to the outbox.

const accepted: PushMessage = {
  title: 'Order accepted',
  body: 'Golden Dragon accepted your order: ready to collect at 18:45.',
  openPath: '/track?orderId=GD-4F2A9C',
  tag: 'order-b-4f2a9c',
};

const siteKeys = webPush.generateVAPIDKeys();
const subject = 'mailto:owner@golden-dragon.example';
let fake: PushServiceFake;
const sender = () => createWebPushSender({ ...siteKeys, subject, agent: fake.agent, timeoutMs: 2_000 });
const subscriber = () => newFakeSubscriber(fake.newEndpoint(siteKeys.publicKey));

beforeAll(async () => {
  fake = await startPushServiceFake();
});
afterAll(() => fake.close());
afterEach(() => fake.setOutage(false));

describe('the web push sender', () => {
  it('sends the message, encrypted for the subscription, which its browser reads as the message itself', async () => {
    const customer = subscriber();
    expect(await sender().send(customer.subscription, accepted)).toBe('sent');
    const received = fake.messages().filter(({ endpoint }) => endpoint === customer.subscription.endpoint);
    expect(received).toHaveLength(1);
    expect(received[0].body.includes(Buffer.from(accepted.title))).toBe(false);
    expect(JSON.parse(decryptPushMessage(received[0].body, customer))).toEqual(accepted);
  });

  it('asks for high urgency, an hour to live and one topic per order, so that a newer message replaces an undelivered one', async () => {
    const customer = subscriber();
    const cooking = { ...accepted, title: 'Your order is being cooked', body: 'Golden Dragon has started cooking your order.' };
    await sender().send(customer.subscription, accepted);
    await sender().send(customer.subscription, cooking);
    const received = fake.messages().filter(({ endpoint }) => endpoint === customer.subscription.endpoint);
    expect(received.map(({ urgency, ttl }) => ({ urgency, ttl }))).toEqual([
      { urgency: 'high', ttl: WEB_PUSH_TTL_SECONDS },
      { urgency: 'high', ttl: WEB_PUSH_TTL_SECONDS },
    ]);
    expect(new Set(received.map(({ topic }) => topic))).toEqual(new Set([topicOfTag(accepted.tag)]));
  });

  it('derives a topic a push service accepts (at most 32 URL-safe base64 characters) from a tag of any length, one per tag', () => {
    const longTag = `order-${'x'.repeat(200)}`;
    expect(topicOfTag(longTag)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(topicOfTag(longTag)).toBe(topicOfTag(longTag));
    expect(topicOfTag('order-a')).not.toBe(topicOfTag('order-b'));
  });

  it('answers unregistered for a subscription the push service says is gone (410), so that the outbox drops it', async () => {
    const customer = subscriber();
    fake.gone(customer.subscription.endpoint);
    expect(await sender().send(customer.subscription, accepted)).toBe('unregistered');
  });

  it('answers unregistered for a subscription the push service does not know (404)', async () => {
    const stranger = newFakeSubscriber(`${fake.url}/push/never-subscribed`);
    expect(await sender().send(stranger.subscription, accepted)).toBe('unregistered');
  });

  it('fails the send in an outage (503), so that the outbox tries again later, and sends once the service is back', async () => {
    const customer = subscriber();
    fake.setOutage(true);
    await expect(sender().send(customer.subscription, accepted)).rejects.toMatchObject({ statusCode: 503 });
    fake.setOutage(false);
    expect(await sender().send(customer.subscription, accepted)).toBe('sent');
  });

  it('fails the send when signed with other keys than the subscription was made with (403): not a lost subscription', async () => {
    const customer = subscriber();
    const otherSite = createWebPushSender({ ...webPush.generateVAPIDKeys(), subject, agent: fake.agent });
    await expect(otherSite.send(customer.subscription, accepted)).rejects.toMatchObject({ statusCode: 403 });
  });

  describe('with a push service that never answers', () => {
    let silent: Server;
    const held: Socket[] = [];
    beforeAll(async () => {
      silent = createServer((socket) => void held.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('gives up after its timeout, failing the send', async () => {
      const { port } = silent.address() as { port: number };
      const customer = newFakeSubscriber(`https://127.0.0.1:${port}/push/silent`);
      const impatient = createWebPushSender({ ...siteKeys, subject, agent: fake.agent, timeoutMs: 300 });
      const started = Date.now();
      await expect(impatient.send(customer.subscription, accepted)).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });
});

describe('the web push configuration', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'web-push-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('uses the configured VAPID keys and subject', async () => {
    const config = loadWebPushConfig({ VAPID_PUBLIC_KEY: siteKeys.publicKey, VAPID_PRIVATE_KEY: siteKeys.privateKey, VAPID_SUBJECT: subject });
    expect(config).toEqual({ mode: 'configured', keys: siteKeys, subject, extraServiceOrigins: [] });
    expect((await setUpWebPush(config, dataDir)).publicKey).toBe(siteKeys.publicKey);
  });

  it('refuses one key without the other, keys without a subject, a malformed key and a subject that is not mailto: or https:', () => {
    const both = { VAPID_PUBLIC_KEY: siteKeys.publicKey, VAPID_PRIVATE_KEY: siteKeys.privateKey };
    expect(() => loadWebPushConfig({ VAPID_PUBLIC_KEY: siteKeys.publicKey, VAPID_SUBJECT: subject })).toThrow(ConfigurationError);
    expect(() => loadWebPushConfig(both)).toThrow(/VAPID_SUBJECT/);
    expect(() => loadWebPushConfig({ ...both, VAPID_PUBLIC_KEY: 'not-a-key', VAPID_SUBJECT: subject })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadWebPushConfig({ ...both, VAPID_SUBJECT: 'http://golden-dragon.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('without keys (the demo), makes a pair once and keeps it in the data directory, so that subscriptions survive a restart', async () => {
    const config = loadWebPushConfig({});
    expect(config).toEqual({ mode: 'generated', subject: expect.stringMatching(/^mailto:/), extraServiceOrigins: [] });
    const [first, second] = [await setUpWebPush(config, dataDir), await setUpWebPush(config, dataDir)];
    expect(second.publicKey).toBe(first.publicKey);
    expect(JSON.parse(await readFile(join(dataDir, VAPID_KEY_FILE_NAME), 'utf8')).publicKey).toBe(first.publicKey);
    expect((await stat(join(dataDir, VAPID_KEY_FILE_NAME))).mode & 0o077).toBe(0);
    // The demo's keys sign what the push service accepts.
    const demoSender = createWebPushSender({ ...JSON.parse(await readFile(join(dataDir, VAPID_KEY_FILE_NAME), 'utf8')), subject: config.subject, agent: fake.agent });
    const customer = newFakeSubscriber(fake.newEndpoint(first.publicKey));
    expect(await demoSender.send(customer.subscription, accepted)).toBe('sent');
  });

  it('makes one pair when two servers start on one data directory at the same moment', async () => {
    const config = loadWebPushConfig({});
    await rm(join(dataDir, VAPID_KEY_FILE_NAME), { force: true });
    const setUps = await Promise.all([setUpWebPush(config, dataDir), setUpWebPush(config, dataDir), setUpWebPush(config, dataDir)]);
    expect(new Set(setUps.map(({ publicKey }) => publicKey)).size).toBe(1);
  });
});
