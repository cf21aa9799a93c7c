import { createTransport } from 'nodemailer';
import type { Mail, MailSender } from '../senders';

// Email through any SMTP server (SMTP_URL): the provider's relay in production, the loopback server offline.

export interface SmtpMailOptions {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465 (TLS from the start). */
  url: string;
  /** MAIL_FROM: "Golden Dragon <orders@example.com>" or a bare address. */
  from: string;
}

// Short enough that a hung server fails the send (the outbox tries again later) instead of holding the worker.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function createSmtpMailSender({ url, from }: SmtpMailOptions): MailSender {
  // One connection per message: a takeaway sends a few emails a minute, and a fresh connection never inherits a
  // broken one after an outage.
  const transport = createTransport({
    url,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(mail: Mail) {
      // A refusal (a 4xx or 5xx answer), a timeout or a dropped connection rejects: a failed send.
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        // RFC 3834: an automatic message, so out-of-office replies are not sent back to the restaurant.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
  };
}
