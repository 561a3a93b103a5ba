import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from './config';

export function createMailer(config: ServerConfig): Transporter {
  return nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER && config.SMTP_PASS ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
    // The local mail catcher speaks plain SMTP; real providers upgrade with STARTTLS.
    ignoreTLS: !config.SMTP_USER,
    // A hung mail server must not hold a shopper's request for nodemailer's 2-minute default.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
