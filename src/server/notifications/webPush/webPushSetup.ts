import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webPush from 'web-push';
import { ConfigurationError } from '../../config';
import type { WebPushSender } from '../senders';
import { createWebPushSender, type VapidKeys } from './webPushSender';

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: the site's own keys, which every browser's subscription is tied to. */
export interface ConfiguredWebPushConfig {
  mode: 'configured';
  keys: VapidKeys;
  subject: string;
}

/** Without keys (the demo): a pair made once and kept in the data directory, so that subscriptions outlive a restart. */
export interface GeneratedWebPushConfig {
  mode: 'generated';
  keyFile: string;
  subject: string;
}

export type WebPushConfig = ConfiguredWebPushConfig | GeneratedWebPushConfig;

export const VAPID_KEY_FILE_NAME = 'vapid.json';

/** Push services reject a localhost contact; an address in the reserved `.invalid` domain says "nobody" plainly. */
const DEMO_SUBJECT = 'mailto:web-push@demo.invalid';

type Environment = Record<string, string | undefined>;

/** An empty variable counts as unset, as in src/server/config.ts. */
function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/** A P-256 public key is 65 bytes (an uncompressed point), a private key 32: what the browser and web-push expect. */
function urlSafeKey(value: string, name: string, bytes: number): string {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value) || Buffer.from(value, 'base64url').length !== bytes) {
    throw new ConfigurationError(`${name} must be ${bytes} bytes of URL-safe base64, as \`npx web-push generate-vapid-keys\` prints`);
  }
  return value.replace(/=+$/, '');
}

function vapidSubject(value: string): string {
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(value)) {
    throw new ConfigurationError(`VAPID_SUBJECT must be a mailto: address or an https:// URL at which the push services can reach the site's owner, got "${value}"`);
  }
  return value;
}

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, all three or none (the demo's keys under `dataDir`). */
export function loadWebPushConfig(env: Environment, dataDir: string): WebPushConfig {
  const publicKey = read(env, 'VAPID_PUBLIC_KEY');
  const privateKey = read(env, 'VAPID_PRIVATE_KEY');
  const subject = read(env, 'VAPID_SUBJECT');
  if (publicKey === undefined && privateKey === undefined) {
    return { mode: 'generated', keyFile: join(dataDir, VAPID_KEY_FILE_NAME), subject: subject === undefined ? DEMO_SUBJECT : vapidSubject(subject) };
  }
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigurationError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither (the demo makes its own)');
  }
  if (subject === undefined) {
    throw new ConfigurationError('VAPID_SUBJECT is needed with VAPID keys: a mailto: address or https:// URL for the push services');
  }
  return {
    mode: 'configured',
    keys: { publicKey: urlSafeKey(publicKey, 'VAPID_PUBLIC_KEY', 65), privateKey: urlSafeKey(privateKey, 'VAPID_PRIVATE_KEY', 32) },
    subject: vapidSubject(subject),
  };
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null;
  return typeof keys?.publicKey === 'string' && typeof keys.privateKey === 'string';
}

/** The demo's keys: read from the file, or made and written there the first time (mode 0600: the private key is in it). */
async function demoKeys(keyFile: string): Promise<VapidKeys> {
  let stored: string | undefined;
  try {
    stored = await readFile(keyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (stored !== undefined) {
    const keys: unknown = JSON.parse(stored);
    if (!isVapidKeys(keys)) throw new ConfigurationError(`${keyFile} does not hold VAPID keys: remove it to make new ones`);
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  // Written whole beside it, then linked into place: a second server starting on the same directory at the same moment
  // finds either no file or a complete one, and keeps the first one's keys.
  const draft = `${keyFile}.${process.pid}.${randomUUID()}`;
  await writeFile(draft, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
  try {
    await link(draft, keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return demoKeys(keyFile);
    throw error;
  } finally {
    await unlink(draft);
  }
  return { publicKey, privateKey };
}

export interface WebPushSetup {
  sender: WebPushSender;
  /** What the browser subscribes with (BrowserConfig.webPushPublicKey). */
  publicKey: string;
}

/**
 * The web push sender and the key the browser needs. There is no fake to start: a browser's subscription names its
 * own push service, which tests point at the loopback fake (pushServiceFake.ts).
 */
export async function setUpWebPush(config: WebPushConfig): Promise<WebPushSetup> {
  const keys = config.mode === 'configured' ? config.keys : await demoKeys(config.keyFile);
  return { sender: createWebPushSender({ ...keys, subject: config.subject }), publicKey: keys.publicKey };
}
