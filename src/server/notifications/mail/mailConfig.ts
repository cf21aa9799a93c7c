import { ConfigurationError, type Environment, read, wholeNumber } from '../../configReading';

// Where the customers' emails go: SMTP_URL's server, or, without it, the loopback SMTP server that local mode starts
// beside the site (its mail is kept under DATA_DIR/mail). Kept apart from the sender so that reading the
// configuration loads no mail library.

export interface SmtpMailConfig {
  mode: 'smtp';
  url: string;
  from: string;
}

export interface LocalMailConfig {
  mode: 'local';
  /** SMTP_LOOPBACK_PORT; 0: any free port. */
  loopbackPort: number;
  from: string;
}

export type MailConfig = SmtpMailConfig | LocalMailConfig;

/** The demo's sender; a reserved name (RFC 6761), as nothing leaves the machine. */
export const LOCAL_MAIL_FROM = 'Takeaway orders <orders@takeaway.localhost>';

/** SMTP_URL set: smtp mode, MAIL_FROM required; otherwise local mode. */
export function loadMailConfig(env: Environment): MailConfig {
  const url = read(env, 'SMTP_URL');
  const from = read(env, 'MAIL_FROM');
  if (from !== undefined && !/^[^\r\n]*@[^\r\n]*$/.test(from)) {
    throw new ConfigurationError(`MAIL_FROM must be an email address, optionally with a name ("Golden Dragon <orders@example.com>"), got "${from}"`);
  }
  if (url === undefined) return { mode: 'local', loopbackPort: wholeNumber(env, 'SMTP_LOOPBACK_PORT', 0, 0, 65535), from: from ?? LOCAL_MAIL_FROM };
  const expectation = 'an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(`SMTP_URL must be ${expectation}, and it is not a URL`);
  }
  if ((parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || parsed.hostname === '') {
    // The URL may hold a password, so it is not repeated.
    throw new ConfigurationError(`SMTP_URL must be ${expectation}`);
  }
  if (from === undefined) throw new ConfigurationError('MAIL_FROM is required with SMTP_URL: the address the restaurant\'s emails come from');
  return { mode: 'smtp', url, from };
}
