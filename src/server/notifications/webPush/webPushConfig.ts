import { checkedHttpUrl, ConfigurationError, type Environment, read } from '../../configReading';
import type { VapidKeys } from './webPushSender';

// The site's web push keys, read at start. Kept apart from the setup so that reading the configuration loads no
// web push library.

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: the site's own keys, which every browser's subscription is tied to. */
export interface ConfiguredWebPushConfig {
  mode: 'configured';
  keys: VapidKeys;
  subject: string;
  extraServiceOrigins: string[];
}

/** Without keys (the demo): a pair made once and kept in the data directory, so that subscriptions outlive a restart. */
export interface GeneratedWebPushConfig {
  mode: 'generated';
  subject: string;
  /** WEB_PUSH_EXTRA_SERVICES: push services beyond the browsers' own (pushServices.ts) that subscriptions may name: tests' fakes. */
  extraServiceOrigins: string[];
}

export type WebPushConfig = ConfiguredWebPushConfig | GeneratedWebPushConfig;

/** Push services reject a localhost contact; an address in the reserved `.invalid` domain says "nobody" plainly. */
const DEMO_SUBJECT = 'mailto:web-push@demo.invalid';

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

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, all three or none (the demo's keys, made in the data directory). */
export function loadWebPushConfig(env: Environment): WebPushConfig {
  const extraServiceOrigins = (read(env, 'WEB_PUSH_EXTRA_SERVICES') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => checkedHttpUrl(origin, 'Each of WEB_PUSH_EXTRA_SERVICES').origin);
  const publicKey = read(env, 'VAPID_PUBLIC_KEY');
  const privateKey = read(env, 'VAPID_PRIVATE_KEY');
  const subject = read(env, 'VAPID_SUBJECT');
  if (publicKey === undefined && privateKey === undefined) {
    return { mode: 'generated', subject: subject === undefined ? DEMO_SUBJECT : vapidSubject(subject), extraServiceOrigins };
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
    extraServiceOrigins,
  };
}

