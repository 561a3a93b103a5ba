// Each value group checked against the real service as it is entered: a refusal is a sentence the
// seller can act on, never a raw code.
import nodemailer from 'nodemailer';
import { mailTransportOptions } from '../../server/mailer';
import { endpoint, paypalHosts, type GoliveEnv } from './endpoints';

type Values = Readonly<Record<string, string>>;

const modeOf = (key: string, prefix: 'pk' | 'sk') =>
  key.startsWith(`${prefix}_test_`) ? 'test' : key.startsWith(`${prefix}_live_`) ? 'live' : null;

export async function verifyPaystack(env: GoliveEnv, v: Values): Promise<string | null> {
  const publicMode = modeOf(v.VITE_PAYSTACK_PUBLIC_KEY ?? '', 'pk');
  const secretMode = modeOf(v.PAYSTACK_SECRET_KEY ?? '', 'sk');
  if (!publicMode) return 'The Paystack public key must start with pk_test_ or pk_live_.';
  if (!secretMode) return 'The Paystack secret key must start with sk_test_ or sk_live_.';
  if (publicMode !== secretMode) {
    return `The Paystack secret key is a ${secretMode} key (sk_${secretMode}_) but the public key is a ${publicMode} key (pk_${publicMode}_): use both keys from the same mode.`;
  }
  const response = await fetch(`${endpoint(env, 'PAYSTACK_BASE_URL')}/balance`, {
    headers: { authorization: `Bearer ${v.PAYSTACK_SECRET_KEY}` },
  });
  await response.text();
  if (response.status === 401) return 'This Paystack secret key was refused.';
  if (!response.ok) return `Paystack could not check the key (it answered ${response.status}); try again.`;
  return null;
}

export interface PaypalAccess {
  baseUrl: string;
  mode: 'live' | 'sandbox' | 'configured';
  accessToken: string;
}

export async function paypalToken(baseUrl: string, v: Values): Promise<string | null> {
  const basic = Buffer.from(`${v.PAYPAL_CLIENT_ID}:${v.PAYPAL_CLIENT_SECRET}`).toString('base64');
  const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) {
    await response.text();
    return null;
  }
  const body = (await response.json()) as { access_token?: string };
  return body.access_token ?? null;
}

/** PayPal's OAuth token: PAYPAL_BASE_URL when set, else live and then sandbox (the host that accepts tells). */
export async function verifyPaypal(env: GoliveEnv, v: Values): Promise<PaypalAccess | string> {
  const configured = env.PAYPAL_BASE_URL?.trim().replace(/\/+$/, '');
  const hosts = configured
    ? [{ baseUrl: configured, mode: 'configured' as const }]
    : [
        { baseUrl: paypalHosts.live, mode: 'live' as const },
        { baseUrl: paypalHosts.sandbox, mode: 'sandbox' as const },
      ];
  for (const host of hosts) {
    const accessToken = await paypalToken(host.baseUrl, v);
    if (accessToken) return { ...host, accessToken };
  }
  return configured
    ? `PayPal (${configured}) refused this client id and secret.`
    : 'PayPal refused this client id and secret (neither live nor sandbox accepts them).';
}

export async function verifySmtp(v: Values): Promise<string | null> {
  const options = mailTransportOptions({
    SMTP_HOST: v.SMTP_HOST ?? '',
    SMTP_PORT: Number(v.SMTP_PORT),
    SMTP_SECURE: v.SMTP_SECURE === '1',
    SMTP_USER: v.SMTP_USER ?? '',
    SMTP_PASS: v.SMTP_PASS ?? '',
  });
  const transport = nodemailer.createTransport(options);
  try {
    await transport.sendMail({
      from: v.MAIL_FROM,
      to: v.SELLER_EMAIL,
      subject: `${v.STORE_NAME}: your store can send e-mail`,
      text: `This test e-mail was sent by npm run setup: receipts and download links will reach buyers from ${v.MAIL_FROM}.`,
    });
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EAUTH')
      return `The mail server refused the login for ${v.SMTP_USER}: check the SMTP user and password.`;
    if (code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS') {
      return `Could not reach the mail server ${v.SMTP_HOST}:${v.SMTP_PORT}: check the host and port.`;
    }
    return `The mail server refused the test e-mail to ${v.SELLER_EMAIL}: check the sender (${v.MAIL_FROM}).`;
  } finally {
    transport.close();
  }
}

export async function verifyCloudinary(env: GoliveEnv, v: Values): Promise<string | null> {
  const basic = Buffer.from(`${v.CLOUDINARY_API_KEY}:${v.CLOUDINARY_API_SECRET}`).toString('base64');
  const cloud = encodeURIComponent(v.CLOUDINARY_CLOUD_NAME ?? '');
  const response = await fetch(`${endpoint(env, 'CLOUDINARY_API_BASE')}/v1_1/${cloud}/ping`, {
    headers: { authorization: `Basic ${basic}` },
  });
  await response.text();
  if (response.status === 401) return 'Cloudinary refused this API key and secret.';
  if (response.status === 404) return `Cloudinary has no cloud named ${v.CLOUDINARY_CLOUD_NAME}.`;
  if (!response.ok) return `Cloudinary could not check the account (it answered ${response.status}); try again.`;
  return null;
}
