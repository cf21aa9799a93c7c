import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// The SMTP server of the offline demo and the tests: on 127.0.0.1 only, it takes every message (no TLS, any or no
// password) and keeps it as an .eml file under <dataDir>/mail/, which any mail program opens, so the owner can read
// what the demo sent. Nothing is relayed anywhere.

export interface ReceivedMail {
  /** The envelope's recipients, as the sender gave them to the server. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, angle brackets included. */
  messageId: string;
  /** The .eml file it was written to. */
  file: string;
}

export interface LoopbackSmtpControl {
  /** The messages received (the latest MESSAGES_KEPT), oldest first. */
  messages(): ReceivedMail[];
  /**
   * While on, every connection is answered 421 (service not available, try again later) and closed, as a provider's
   * relay does during an outage: nothing is received until it is turned off.
   */
  setOutage(on: boolean): void;
}

export interface LoopbackSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Where the .eml files go. */
  mailDir: string;
  control: LoopbackSmtpControl;
  close(): Promise<void>;
}

const OUTAGE = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
/** The demo runs for days: its mail stays on disk, and only the latest is also kept in memory for `messages()`. */
const MESSAGES_KEPT = 1_000;
/** How long close waits for a client still connected before it drops it. */
const CLOSE_GRACE_MS = 1_000;

export async function startLoopbackSmtp({ dataDir, port = 0 }: { dataDir: string; port?: number }): Promise<LoopbackSmtp> {
  const mailDir = join(dataDir, 'mail');
  await mkdir(mailDir, { recursive: true });
  const received: ReceivedMail[] = [];
  let outage = false;

  const server = new SMTPServer({
    // Loopback only, so there is nothing to encrypt and no one to keep out.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: CLOSE_GRACE_MS,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'loopback' }),
    onConnect: (_session, callback) => callback(outage ? OUTAGE : null),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        // Sorted by name, the files are in the order received; the random part keeps apart two servers sharing a folder.
        const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        // Accepted (250) only once the message is on disk, as a real relay takes responsibility only once it holds it.
        Promise.all([writeFile(file, raw, { flag: 'wx' }), simpleParser(raw)])
          .then(([, parsed]) => {
            if (received.length === MESSAGES_KEPT) received.shift();
            received.push({
              to: recipients,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              file,
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    mailDir,
    control: {
      messages: () => received.map((mail) => ({ ...mail, to: [...mail.to] })),
      setOutage(on) {
        outage = on;
      },
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
