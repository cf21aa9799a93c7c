import type { LoopbackSmtpControl } from './loopbackSmtp';
import type { MailConfig } from './mailConfig';
import type { MailSender } from '../senders';
import { createSmtpMailSender } from './smtpMailSender';

// The mail sender a server uses, and in local mode the loopback SMTP server it sends to.

export interface MailSetup {
  sender: MailSender;
  /** Local mode: the loopback server this process started, and its controls for tests. */
  loopback?: { url: string; mailDir: string; control: LoopbackSmtpControl };
  close(): Promise<void>;
}

export async function setUpMail(config: MailConfig, dataDir: string): Promise<MailSetup> {
  if (config.mode === 'smtp') return { sender: createSmtpMailSender(config), close: async () => {} };
  // Loaded only in local mode, like the PayPal fake.
  const { startLoopbackSmtp } = await import('./loopbackSmtp');
  const loopback = await startLoopbackSmtp({ dataDir, port: config.loopbackPort });
  return {
    sender: createSmtpMailSender({ url: loopback.url, from: config.from }),
    loopback: { url: loopback.url, mailDir: loopback.mailDir, control: loopback.control },
    close: () => loopback.close(),
  };
}
