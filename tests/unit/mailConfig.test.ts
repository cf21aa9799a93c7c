import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/server/config';
import { LOCAL_MAIL_FROM, loadMailConfig } from '../../src/server/notifications/mail/mailConfig';

// SMTP_URL, MAIL_FROM and SMTP_LOOPBACK_PORT (README, "Email").

describe('loadMailConfig', () => {
  it('is local mode without SMTP_URL: the loopback server on any free port, or the one asked for', () => {
    expect(loadMailConfig({})).toEqual({ mode: 'local', loopbackPort: 0, from: LOCAL_MAIL_FROM });
    expect(loadMailConfig({ SMTP_URL: ' ', SMTP_LOOPBACK_PORT: '2525', MAIL_FROM: 'orders@example.com' })).toEqual({
      mode: 'local',
      loopbackPort: 2525,
      from: 'orders@example.com',
    });
  });

  it('is smtp mode with SMTP_URL, plain or TLS, with or without a password, and a loopback server started elsewhere', () => {
    for (const url of ['smtps://user:secret@smtp.example.com:465', 'smtp://user:secret@smtp.example.com:587', 'smtp://127.0.0.1:2525']) {
      expect(loadMailConfig({ SMTP_URL: url, MAIL_FROM: 'Golden Dragon <orders@example.com>' })).toEqual({
        mode: 'smtp',
        url,
        from: 'Golden Dragon <orders@example.com>',
      });
    }
  });

  it('refuses what cannot work, without repeating a URL that may hold a password', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadMailConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ SMTP_URL: 'https://user:secret@smtp.example.com', MAIL_FROM: 'orders@example.com' })).toBe(
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
    );
    expect(refusal({ SMTP_URL: 'smtp://', MAIL_FROM: 'orders@example.com' })).toContain('SMTP_URL must be');
    expect(refusal({ SMTP_URL: 'smtps://smtp.example.com' })).toBe("MAIL_FROM is required with SMTP_URL: the address the restaurant's emails come from");
    expect(refusal({ MAIL_FROM: 'Golden Dragon' })).toContain('MAIL_FROM must be an email address');
    expect(refusal({ SMTP_LOOPBACK_PORT: '70000' })).toBe('SMTP_LOOPBACK_PORT must be a whole number from 0 to 65535, got "70000"');
  });
});
