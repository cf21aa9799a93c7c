import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webPush from 'web-push';
import { ConfigurationError } from '../../configReading';
import type { WebPushSender } from '../senders';
import type { WebPushConfig } from './webPushConfig';
import { createWebPushSender, type VapidKeys } from './webPushSender';

/** The demo's key pair, in the data directory. */
export const VAPID_KEY_FILE_NAME = 'vapid.json';

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
 * own push service, which tests point at the loopback fake (src/server/local/webPush/pushServiceFake.ts).
 */
export async function setUpWebPush(config: WebPushConfig, dataDir: string): Promise<WebPushSetup> {
  const keys = config.mode === 'configured' ? config.keys : await demoKeys(join(dataDir, VAPID_KEY_FILE_NAME));
  return { sender: createWebPushSender({ ...keys, subject: config.subject }), publicKey: keys.publicKey };
}
