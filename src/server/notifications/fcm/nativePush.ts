import type { NativePushSender } from '../senders';
import type { FcmConfig } from './fcmConfig';
import type { FcmFakeControl } from './fcmFake';
import { createFcmSender } from './fcmSender';

export interface NativePushSetup {
  sender: NativePushSender;
  /** Local mode: the loopback FCM fake's URL (started here, or FCM_FAKE_URL's). */
  fakeUrl?: string;
  /** Local mode, when this server started the fake: its in-process controls, for tests. */
  fakeControl?: FcmFakeControl;
  close(): Promise<void>;
}

/**
 * The native push sender: through Firebase with the restaurant's service account, or in local mode through the
 * loopback fake, started here or already running at FCM_FAKE_URL (whose service account this process then reads from it).
 */
export async function setUpNativePush(config: FcmConfig): Promise<NativePushSetup> {
  if (config.mode === 'fcm') return { sender: createFcmSender({ serviceAccount: config.serviceAccount }), close: async () => {} };
  // Loaded only in local mode, like the PayPal fake.
  const { startFcmFake, serviceAccountOfFake } = await import('./fcmFake');
  if (config.fakeUrl !== undefined) {
    const serviceAccount = await serviceAccountOfFake(config.fakeUrl);
    return { sender: createFcmSender({ serviceAccount, apiBaseUrl: config.fakeUrl }), fakeUrl: config.fakeUrl, close: async () => {} };
  }
  const fake = await startFcmFake({ port: config.fakePort });
  return {
    sender: createFcmSender({ serviceAccount: fake.serviceAccount, apiBaseUrl: fake.url }),
    fakeUrl: fake.url,
    fakeControl: fake.control,
    close: () => fake.close(),
  };
}
