import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ServerConfig } from './config';
import { isLoopbackHost } from './lib/loopback';

export function mailTransportOptions(
  config: Pick<ServerConfig, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASS'>,
): SMTPTransport.Options {
  // --- Hardening (docs/security.md): only a mail server on this machine may be spoken to in plain text.
  // ---
  const local = isLoopbackHost(config.SMTP_HOST);
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER && config.SMTP_PASS ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
    // Anywhere else the connection upgrades with STARTTLS or fails: a server (or a man in the
    // middle) that does not offer it never sees the password or the buyers' links.
    requireTLS: !local && !config.SMTP_SECURE,
    ignoreTLS: local,
    // A hung mail server must not hold a shopper's request for nodemailer's 2-minute default.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

export function createMailer(config: ServerConfig): Transporter {
  return nodemailer.createTransport(mailTransportOptions(config));
}
